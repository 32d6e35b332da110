import { Link } from 'react-router';
import { LoadState, PageHeader } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { checklist, requests, type LaunchCheck, type LaunchCheckKey } from '../../lib/endpoints.ts';
import { useLoad } from '../../lib/use-load.ts';
import { SystemPanel } from './system-panel.tsx';

/**
 * Where each item of the checklist is fixed: the screen, and on the contact screen the section
 * (its id; the screen scrolls to it and moves the focus there). The demo items are marked "Demo" in their lists.
 */
const FIX_AT: Record<LaunchCheckKey, string> = {
  slides: '/admin/slide-admin',
  englishSlides: '/admin/slide-admin',
  products: '/admin/product-admin',
  englishProducts: '/admin/product-admin',
  portfolio: '/admin/portfolio-admin',
  englishPortfolio: '/admin/portfolio-admin',
  about: '/admin/about-admin',
  englishAbout: '/admin/about-admin',
  phone: '/admin/contact#phone',
  email: '/admin/contact#details',
  whatsapp: '/admin/contact#details',
  social: '/admin/contact#details',
  hours: '/admin/contact#hours',
  address: '/admin/contact#address',
  map: '/admin/contact#address',
  proof: '/admin/proof',
  cities: '/admin/cities',
  faq: '/admin/faq',
  mail: '/admin/security#email',
  backup: '/admin#system',
};

/**
 * The admin home: the launch checklist, then the System panel. Each item still to do says what is left and links to the
 * screen where it is fixed; done items are listed after them, ticked.
 */
export function HomePage() {
  const { t, to } = useLanguage();
  useTitle(t.nav.home);
  const loaded = useLoad((signal) => checklist.get({ signal }), 'checklist');
  const items = loaded.data ?? [];
  const todo = items.filter((c) => !c.done);
  const done = items.filter((c) => c.done);
  // New quote requests come first: a customer waiting for a call matters more than the checklist.
  const fresh = useLoad((signal) => requests.list('', { signal }), 'requests:home');
  const newCount = fresh.data?.newCount ?? 0;
  const row = (c: LaunchCheck) => (
    <li key={c.key} className={`check-item${c.done ? ' check-done' : ''}`}>
      <span className="check-mark" aria-hidden="true">
        {c.done ? '✓' : '!'}
      </span>
      <span className="check-text">{c.done ? t.checks[c.key].done : t.checks[c.key].todo(c.count)}</span>
      {!c.done && (
        <Link className="btn btn-secondary check-fix" to={to(FIX_AT[c.key])}>
          {t.fix}
          <span className="visually-hidden">: {t.checks[c.key].todo(c.count)}</span>
        </Link>
      )}
    </li>
  );
  return (
    <>
      <PageHeader title={t.nav.home} intro={t.homeIntro} />
      {newCount > 0 && (
        <section className="panel home-requests" aria-labelledby="requests-heading">
          <h2 className="section-title" id="requests-heading">
            {t.requests.homeNew(newCount)}
          </h2>
          <ul className="requests-list">
            {fresh
              .data!.data.filter((r) => r.status === 'new')
              .slice(0, 5)
              .map((r) => (
                <li key={r.id}>
                  <Link to={to(`/admin/requests?id=${encodeURIComponent(r.id)}`)}>
                    {r.name} · {r.city} · {r.reference}
                  </Link>
                </li>
              ))}
          </ul>
          <Link className="btn btn-primary" to={to('/admin/requests')}>
            {t.requests.homeOpen}
          </Link>
        </section>
      )}
      <section className="panel" aria-labelledby="launch-heading">
        <h2 className="section-title" id="launch-heading">
          {t.launchTitle}
        </h2>
        <LoadState loading={loaded.loading && !loaded.data} error={loaded.error} onRetry={loaded.reload} />
        {loaded.data && (
          <>
            <p className="field-hint" role="status">
              {todo.length === 0 ? t.launchReady : t.launchLeft(todo.length)}
            </p>
            <ul className="check-list">
              {todo.map(row)}
              {done.map(row)}
            </ul>
          </>
        )}
      </section>
      <SystemPanel />
    </>
  );
}
