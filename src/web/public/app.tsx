import type { ComponentType } from 'react';
import type { PageName } from '../../shared/i18n/index.ts';
import type { PageState, RootData } from '../../shared/page-data.ts';
import { RootContext, ViewContext } from './hooks.ts';
import { SiteLayout } from './layout/site-layout.tsx';
import { AboutPage } from './pages/about-page.tsx';
import { CardDetailsPage } from './pages/card-details-page.tsx';
import { CityPage } from './pages/city-page.tsx';
import { ContactPage } from './pages/contact-page.tsx';
import { PrivacyPage } from './pages/privacy-page.tsx';
import { FaqPage } from './pages/faq-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PortfolioPage } from './pages/portfolio-page.tsx';
import { ProductsPage } from './pages/products-page.tsx';
import { RequestPage } from './pages/request-page.tsx';
import { RequestSentPage } from './pages/request-sent-page.tsx';

/**
 * Which component draws each page. Exported for `npm run routes`, which loads this file through
 * Vite's `ssrLoadModule` (scripts/routes/page-routes.ts), an import knip does not see.
 * @public
 */
export const PAGES: Record<PageName, ComponentType> = {
  home: HomePage,
  about: AboutPage,
  portfolio: PortfolioPage,
  products: ProductsPage,
  contact: ContactPage,
  privacy: PrivacyPage,
  faq: FaqPage,
  'card-details': CardDetailsPage,
  city: CityPage,
  request: RequestPage,
  'request-sent': RequestSentPage,
  'not-found': NotFoundPage,
};

/**
 * A public page, rendered on the server only (entry-server.tsx): React never runs in a visitor's
 * browser. What moves there is enhanced by small scripts of its own, the islands
 * (src/web/public/islands/), which the server loads for the markers (`data-island`) this markup holds.
 */
export function App({ root, view }: { root: RootData; view: PageState }) {
  const Page = PAGES[view.page];
  return (
    <RootContext.Provider value={root}>
      <ViewContext.Provider value={view}>
        <SiteLayout>
          <Page />
        </SiteLayout>
      </ViewContext.Provider>
    </RootContext.Provider>
  );
}
