import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import {
  AwardIcon,
  BoxIcon,
  InboxIcon,
  BrandMark,
  ChartIcon,
  CloseIcon,
  GaugeIcon,
  HistoryIcon,
  HomeIcon,
  ImagesIcon,
  InfoIcon,
  LogoutIcon,
  MenuIcon,
  PhoneIcon,
  PinIcon,
  ShieldIcon,
  SlidesIcon,
  TagIcon,
  TrashIcon,
} from '../components/icons.tsx';
import { LanguageToggle } from '../components/language-toggle.tsx';
import { Spinner } from '../components/ui.tsx';
import { useLanguage, withoutLanguage } from '../i18n/language.tsx';
import { isAbort, onUnauthorized } from '../lib/api.ts';
import { auth } from '../lib/endpoints.ts';
import { TOKEN_KEY } from '../lib/messages.ts';
import { notify } from '../lib/notify.ts';
import { openSignIn } from './server-page.tsx';
import { NARROW, useMedia } from '../lib/use-media.ts';
import { rememberTrashDays } from '../lib/session-facts.ts';

type Section =
  | 'home'
  | 'requests'
  | 'results'
  | 'products'
  | 'portfolio'
  | 'about'
  | 'contact'
  | 'proof'
  | 'cities'
  | 'faq'
  | 'slides'
  | 'keywords'
  | 'history'
  | 'trash'
  | 'security';

const SECTIONS: { key: Section; path: string; icon: ReactNode }[] = [
  { key: 'home', path: '/admin', icon: <GaugeIcon /> },
  { key: 'requests', path: '/admin/requests', icon: <InboxIcon /> },
  { key: 'results', path: '/admin/results', icon: <ChartIcon /> },
  { key: 'products', path: '/admin/product-admin', icon: <BoxIcon /> },
  { key: 'portfolio', path: '/admin/portfolio-admin', icon: <ImagesIcon /> },
  { key: 'about', path: '/admin/about-admin', icon: <InfoIcon /> },
  { key: 'contact', path: '/admin/contact', icon: <PhoneIcon /> },
  { key: 'proof', path: '/admin/proof', icon: <AwardIcon /> },
  { key: 'cities', path: '/admin/cities', icon: <PinIcon /> },
  { key: 'faq', path: '/admin/faq', icon: <InfoIcon /> },
  { key: 'slides', path: '/admin/slide-admin', icon: <SlidesIcon /> },
  { key: 'keywords', path: '/admin/keyword-admin', icon: <TagIcon /> },
  { key: 'history', path: '/admin/history', icon: <HistoryIcon /> },
  { key: 'trash', path: '/admin/trash', icon: <TrashIcon /> },
  { key: 'security', path: '/admin/security', icon: <ShieldIcon /> },
];

/** Which side-navigation entry a screen belongs to (editing a product is still "Products"). */
function sectionOf(path: string, search: URLSearchParams): Section | undefined {
  const page = path.replace(/^\/admin\/?/, '');
  if (/slide/.test(page)) return 'slides';
  if (page === 'about-admin') return 'about';
  if (page === 'keyword-admin') return 'keywords';
  if (
    page === 'contact' ||
    page === 'proof' ||
    page === 'cities' ||
    page === 'faq' ||
    page === 'security' ||
    page === 'trash' ||
    page === 'history' ||
    page === 'results' ||
    page === 'requests'
  )
    return page;
  if (page === 'portfolio-admin' || search.get('category') === 'portfolio') return 'portfolio';
  if (page) return 'products';
  return 'home';
}

/**
 * The admin frame: checks the session on opening (no session → /auth/login), header with menu
 * toggle, home link and language toggle, side navigation that is a drawer below 992 px.
 */
export function AdminLayout() {
  const { t, to } = useLanguage();
  const location = useLocation();
  const narrow = useMedia(NARROW);
  const [email, setEmail] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const page = withoutLanguage(location.pathname);

  // The Arabic of the content screens' answers comes with the dashboard, not with the sign-in page.
  useEffect(() => {
    void import('../i18n/content-messages.ts');
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const toLogin = () => openSignIn(to('/auth/login'), { from: location.pathname + location.search });
    auth.isLoggedIn({ signal: controller.signal }).then(
      (r) => {
        rememberTrashDays(r.data.trashDays);
        setEmail(r.data.email);
      },
      (err) => {
        if (!isAbort(err)) toLogin();
      },
    );
    const off = onUnauthorized(toLogin);
    return () => {
      controller.abort();
      off();
    };
    // Checked once when the admin area opens, as the specification says.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new screen: close the drawer and move focus to its heading so screen readers announce it.
  const previous = useRef(page + location.search);
  const focusHeading = useRef(false);
  useEffect(() => {
    const now = page + location.search;
    if (previous.current === now) return;
    previous.current = now;
    focusHeading.current = true;
    setDrawerOpen(false);
  }, [page, location.search]);
  // Runs after the render that closed the drawer has been committed: until then the main area is
  // inert and cannot take focus (a timer or animation frame can fire before that render on a busy device).
  useEffect(() => {
    if (!focusHeading.current || drawerOpen) return;
    focusHeading.current = false;
    document.getElementById('page-title')?.focus();
  }, [drawerOpen, page, location.search]);

  useEffect(() => {
    if (!narrow || !drawerOpen) return;
    nav.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setDrawerOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [narrow, drawerOpen]);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await auth.logout();
    } catch (err) {
      notify.failure(err);
      setSigningOut(false);
      return;
    }
    localStorage.removeItem(TOKEN_KEY);
    openSignIn(to('/auth/login'));
  };

  if (!email) {
    return (
      <div className="app-loading">
        <Spinner /> <span>{t.checkingSession}</span>
      </div>
    );
  }

  const navVisible = narrow ? drawerOpen : !collapsed;
  const current = sectionOf(page, new URLSearchParams(location.search));
  return (
    <div className={`admin${collapsed ? ' admin-collapsed' : ''}${drawerOpen ? ' admin-drawer-open' : ''}`}>
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <header className="topbar">
        <button
          ref={toggle}
          type="button"
          className="icon-btn topbar-menu"
          aria-expanded={navVisible}
          aria-controls="admin-nav"
          aria-label={navVisible && narrow ? t.closeMenu : t.menu}
          onClick={() => (narrow ? setDrawerOpen((o) => !o) : setCollapsed((c) => !c))}
        >
          {navVisible && narrow ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link to={to('/admin')} className="topbar-brand">
          <BrandMark />
          <span className="brand-text">
            {t.brand}
            <span className="brand-sub">{t.appName}</span>
          </span>
        </Link>
        <div className="topbar-actions">
          <a className="btn btn-ghost-light" href={to('/')} aria-label={t.viewSiteLabel}>
            <HomeIcon />
            <span className="hide-narrow">{t.viewSite}</span>
          </a>
          <LanguageToggle />
        </div>
      </header>
      <div className="admin-body">
        {narrow && drawerOpen && (
          <div className="drawer-backdrop" onClick={() => setDrawerOpen(false)} aria-hidden="true" />
        )}
        <nav id="admin-nav" ref={nav} className="sidenav" aria-label={t.sectionsNav} hidden={!navVisible}>
          <div className="sidenav-inner">
            <ul className="sidenav-list">
              {SECTIONS.map((s) => (
                <li key={s.key}>
                  <Link
                    to={to(s.path)}
                    className={`sidenav-link${current === s.key ? ' active' : ''}`}
                    aria-current={page === s.path ? 'page' : current === s.key ? 'true' : undefined}
                  >
                    {s.icon}
                    <span>{t.nav[s.key]}</span>
                  </Link>
                </li>
              ))}
            </ul>
            <div className="sidenav-foot">
              <p className="sidenav-user" title={email}>
                <bdi>{email}</bdi>
              </p>
              <button
                type="button"
                className="sidenav-link sidenav-signout"
                onClick={signOut}
                disabled={signingOut}
                aria-busy={signingOut || undefined}
              >
                {signingOut ? <Spinner /> : <LogoutIcon />}
                <span>{t.signOut}</span>
              </button>
            </div>
          </div>
        </nav>
        <main id="main" className="content" inert={narrow && drawerOpen ? true : undefined}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
