import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { dirOf, type PageName } from '../../shared/i18n/index.ts';
import { pageNeedsData, type Hydration, type PageState } from '../../shared/page-data.ts';
import { RootContext, ViewContext } from './hooks.ts';
import { NavigateContext } from './components/site-link.tsx';
import { SiteLayout } from './layout/site-layout.tsx';
import { pageMeta } from '../../shared/page-meta.ts';
import { AboutPage } from './pages/about-page.tsx';
import { CardDetailsPage } from './pages/card-details-page.tsx';
import { ContactPage } from './pages/contact-page.tsx';
import { PrivacyPage } from './pages/privacy-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PortfolioPage } from './pages/portfolio-page.tsx';
import { ProductsPage } from './pages/products-page.tsx';
import { cardDetailsPath, pageKey, resolvePage } from '../../shared/paths.ts';

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
  'card-details': CardDetailsPage,
  'not-found': NotFoundPage,
};

/** Navigation state a link can carry; `keepScroll` is set by the language toggle. */
interface NavState { id?: unknown; keepScroll?: boolean }

/**
 * Fetches the next page's data from the server (the same loader that rendered the first page).
 * Failures are silent for the visitor: the browser then loads the page the ordinary way.
 */
async function fetchView(key: string, signal: AbortSignal): Promise<PageState> {
  const res = await fetch(`/__data?path=${encodeURIComponent(key)}`, { signal, headers: { accept: 'application/json' } });
  if (res.status !== 200 && res.status !== 404) throw new Error(`data ${res.status}`);
  return (await res.json()) as PageState;
}

/**
 * The public site. The router owns the URL; this component owns what is on screen, so a
 * navigation keeps showing the current page until the next page's data has arrived, then swaps
 * page, language, title and <html lang dir> together.
 */
export function App({ root, view: initial }: Hydration) {
  const location = useLocation();
  const navigate = useNavigate();
  const [view, setView] = useState<PageState>(initial);
  const [seenKey, setSeenKey] = useState(initial.key);
  const first = useRef(true);
  const mainRef = useRef<HTMLElement>(null);
  const key = pageKey(location.pathname, location.search);
  const state = (location.state ?? {}) as NavState;
  const target = resolvePage(location.pathname);

  // Pages without server data swap in at once (state adjusted while rendering, not in an effect).
  if (key !== seenKey) {
    setSeenKey(key);
    if (target.page === 'contact') setView({ page: 'contact', lang: target.lang, status: 200, key, data: null });
    else if (target.page === 'not-found') setView({ page: 'not-found', lang: target.lang, status: 404, key, data: { missing: 'page' } });
  }

  useEffect(() => {
    if (key === view.key) return;
    const { page, lang } = target;
    // The original app passed the card id only in navigation state; move it into the URL.
    if (page === 'card-details' && !new URLSearchParams(location.search).get('id') && typeof state.id === 'string' && state.id) {
      navigate(cardDetailsPath(state.id, lang), { replace: true, state });
      return;
    }
    if (!pageNeedsData(page)) return;
    const controller = new AbortController();
    fetchView(key, controller.signal)
      .then(setView)
      .catch(() => { if (!controller.signal.aborted) window.location.assign(location.pathname + location.search); });
    return () => controller.abort();
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new address starts a load

  /** The address changed and its page is still on its way. */
  const pending = key !== view.key;

  // Marks the page as interactive (browser tests wait for it before they click).
  useEffect(() => { document.documentElement.dataset.hydrated = 'true'; }, []);

  // After a swap: title, language and direction, scroll position, and focus for keyboard users.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // An in-app navigation is a page view: the first script (boot.ts) counts it.
    window.dispatchEvent(new Event('site:view'));
    const html = document.documentElement;
    html.lang = view.lang;
    html.dir = dirOf(view.lang);
    document.title = pageMeta(view, root).title;
    if (!state.keepScroll) window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [view]); // eslint-disable-line react-hooks/exhaustive-deps -- runs once per page swap

  const Page = PAGES[view.page];
  return (
    <RootContext.Provider value={root}>
      <ViewContext.Provider value={view}>
        <NavigateContext.Provider value={navigate}>
          <SiteLayout mainRef={mainRef} pending={pending}>
            <Page />
          </SiteLayout>
        </NavigateContext.Provider>
      </ViewContext.Provider>
    </RootContext.Provider>
  );
}
