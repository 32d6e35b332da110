import { SiteLink } from '../components/site-link.tsx';
import { useLang, usePageData, useT } from '../hooks.ts';
import { pagePath } from '../../../shared/paths.ts';

/** The 404 page: says what happened in the visitor's language and offers two ways on. */
export function NotFoundPage() {
  const t = useT();
  const lang = useLang();
  const { missing } = usePageData('not-found');
  const card = missing === 'card';
  return (
    <section className="not-found">
      <div className="container not-found-inner">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1 className="page-title">{card ? t.cardDetails.notFoundTitle : t.notFound.title}</h1>
        <p className="page-lead">{card ? t.cardDetails.notFoundText : t.notFound.text}</p>
        <div className="not-found-actions">
          <SiteLink className="btn btn-primary btn-lg" to={pagePath(card ? 'products' : 'home', lang)}>
            {card ? t.cardDetails.back : t.notFound.home}
          </SiteLink>
          <SiteLink className="btn btn-outline btn-lg" to={pagePath(card ? 'home' : 'products', lang)}>
            {card ? t.notFound.home : t.notFound.products}
          </SiteLink>
        </div>
      </div>
    </section>
  );
}
