import { Link } from 'react-router';
import { LoadState, PageHeader } from '../components/ui.tsx';
import { useLanguage, useTitle } from '../i18n/language.tsx';
import { checklist, type LaunchCheck, type LaunchCheckKey } from '../lib/endpoints.ts';
import { useLoad } from '../lib/use-load.ts';

/** Where each item of the checklist is fixed. */
const FIX_AT: Record<LaunchCheckKey, string> = {
  slides: '/admin/slide-admin', englishSlides: '/admin/slide-admin',
  products: '/admin/product-admin', englishProducts: '/admin/product-admin',
  portfolio: '/admin/portfolio-admin', englishPortfolio: '/admin/portfolio-admin',
  about: '/admin/about-admin', englishAbout: '/admin/about-admin',
  phone: '/admin/contact-admin', email: '/admin/contact-admin', whatsapp: '/admin/contact-admin', social: '/admin/contact-admin',
  proof: '/admin/proof-admin',
};

/**
 * The admin home: the launch checklist. Each item still to do says what is left and links to the
 * screen where it is fixed; done items are listed after them, ticked.
 */
export function HomePage() {
  const { t, to } = useLanguage();
  useTitle(t.nav.home);
  const loaded = useLoad((signal) => checklist.get({ signal }), 'checklist');
  const items = loaded.data ?? [];
  const todo = items.filter((c) => !c.done);
  const done = items.filter((c) => c.done);
  const row = (c: LaunchCheck) => (
    <li key={c.key} className={`check-item${c.done ? ' check-done' : ''}`}>
      <span className="check-mark" aria-hidden="true">{c.done ? '✓' : '!'}</span>
      <span className="check-text">{c.done ? t.checks[c.key].done : t.checks[c.key].todo(c.count)}</span>
      {!c.done && <Link className="btn btn-secondary check-fix" to={to(FIX_AT[c.key])}>{t.fix}<span className="visually-hidden">: {t.checks[c.key].todo(c.count)}</span></Link>}
    </li>
  );
  return (
    <>
      <PageHeader title={t.nav.home} intro={t.homeIntro} />
      <section className="panel" aria-labelledby="launch-heading">
        <h2 className="section-title" id="launch-heading">{t.launchTitle}</h2>
        <LoadState loading={loaded.loading && !loaded.data} error={loaded.error} onRetry={loaded.reload} />
        {loaded.data && (
          <>
            <p className="field-hint" role="status">{todo.length === 0 ? t.launchReady : t.launchLeft(todo.length)}</p>
            <ul className="check-list">{todo.map(row)}{done.map(row)}</ul>
          </>
        )}
      </section>
    </>
  );
}
