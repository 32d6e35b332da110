import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { SiteLink } from '../components/site-link.tsx';
import { telHref } from '../../../shared/site.ts';
import { CloseIcon, MenuIcon, PhoneIcon } from '../components/icons.tsx';
import { useRootData, useT, useView } from '../hooks.ts';
import { NAV_PAGES, pagePath, switchLanguagePath } from '../../../shared/paths.ts';
import { LogoMark } from './logo-mark.tsx';
import { CallLabel } from './contact-actions.tsx';

export function SiteHeader() {
  const t = useT();
  const view = useView();
  const lang = view.lang;
  const location = useLocation();
  const { phone } = useRootData();
  const current = view.page;
  const [viewPath, viewSearch = ''] = view.key.split('?');
  // The menu is open for one address: any navigation (a menu link, the language toggle,
  // back/forward) closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (value: boolean) => setOpenAt(value ? location.key : null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const other = t.switchLanguage.lang;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenAt(null);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="site-header">
      <div className="container header-inner">
        <SiteLink to={pagePath('home', lang)} className="brand">
          <LogoMark />
          <span className="brand-text">
            <span className="brand-name">{t.siteName}</span>
            <span className="brand-tagline">{t.tagline}</span>
          </span>
        </SiteLink>
        <nav id="site-nav" className="site-nav" aria-label={t.nav.label} data-open={open ? 'true' : 'false'}>
          <ul className="nav-list">
            {NAV_PAGES.map((page) => (
              <li key={page}>
                <SiteLink to={pagePath(page, lang)} className="nav-link" aria-current={current === page ? 'page' : undefined}>
                  {t.nav[page]}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          <SiteLink
            to={switchLanguagePath(viewPath!, other) + (viewSearch ? `?${viewSearch}` : '')}
            state={{ ...(location.state as object | null), keepScroll: true }}
            className="lang-toggle"
            lang={other}
            hrefLang={other}
          >
            {t.switchLanguage.label}
          </SiteLink>
          {phone && (
            <a className="btn btn-accent header-call" href={telHref(phone)}>
              <PhoneIcon size={18} />
              <CallLabel phone={phone} label={t.callNow} />
            </a>
          )}
          <button
            ref={buttonRef}
            type="button"
            className="menu-button"
            aria-expanded={open}
            aria-controls="site-nav"
            aria-label={open ? t.menuClose : t.menuOpen}
            onClick={() => setOpen(!open)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
    </header>
  );
}
