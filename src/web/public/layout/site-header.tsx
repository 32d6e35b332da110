import { SiteLink } from '../components/site-link.tsx';
import { telHref } from '../../../shared/site.ts';
import { MenuIcon, PhoneIcon, WhatsAppIcon } from '../components/icons.tsx';
import { useRootData, useT, useView } from '../hooks.ts';
import { NAV_PAGES, pagePath, switchLanguagePath } from '../../../shared/paths.ts';
import { LogoMark } from './logo-mark.tsx';
import { CallLabel, useWhatsAppHref } from './contact-actions.tsx';

/**
 * The top bar. It is drawn with the menu closed; on a phone the menu button opens and closes the
 * navigation through the menu island (src/web/public/islands/menu.ts), which reads its two names
 * from the button's data attributes.
 */
export function SiteHeader() {
  const t = useT();
  const view = useView();
  const lang = view.lang;
  const { phone } = useRootData();
  const whatsapp = useWhatsAppHref();
  const current = view.page;
  const [viewPath, viewSearch = ''] = view.key.split('?');
  const other = t.switchLanguage.lang;

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
        <nav id="site-nav" className="site-nav" aria-label={t.nav.label} data-open="false">
          <ul className="nav-list">
            {NAV_PAGES.map((page) => (
              <li key={page}>
                <SiteLink
                  to={pagePath(page, lang)}
                  className="nav-link"
                  aria-current={current === page ? 'page' : undefined}
                >
                  {t.nav[page]}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          <SiteLink
            to={view.paths?.[other] ?? switchLanguagePath(viewPath!, other) + (viewSearch ? `?${viewSearch}` : '')}
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
          {/* Where the floating buttons do not fit beside the page's column, WhatsApp waits here, beside the call. */}
          {whatsapp && (
            <a
              className="btn btn-whatsapp header-whatsapp"
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t.whatsappUs}
            >
              <WhatsAppIcon size={20} />
            </a>
          )}
          <button
            type="button"
            className="menu-button"
            aria-expanded="false"
            aria-controls="site-nav"
            aria-label={t.menuOpen}
            data-island="menu"
            data-label-close={t.menuClose}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
    </header>
  );
}
