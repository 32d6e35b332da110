import { SiteLink } from '../components/site-link.tsx';
import { socialLinks, telHref } from '../../../shared/site.ts';
import { CityLinks } from './city-links.tsx';
import { MailIcon, PhoneIcon, SOCIAL_ICONS, WhatsAppIcon } from '../components/icons.tsx';
import { useLang, useRootData, useT } from '../hooks.ts';
import { NAV_PAGES, pagePath } from '../../../shared/paths.ts';
import { LogoMark } from './logo-mark.tsx';
import { useWhatsAppHref } from './contact-actions.tsx';

export function SocialLinks({ className = 'social-links' }: { className?: string }) {
  const t = useT();
  const links = socialLinks(useRootData().contact);
  if (links.length === 0) return null;
  return (
    <ul className={className}>
      {links.map((s) => {
        const Icon = SOCIAL_ICONS[s.icon];
        return (
          <li key={s.icon}>
            <a href={s.url} target="_blank" rel="noopener noreferrer" aria-label={`${s.name} ${t.opensInNewTab}`}>
              <Icon />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export function SiteFooter() {
  const t = useT();
  const lang = useLang();
  const { phone, phoneText, contact, registration, year, hasFaq } = useRootData();
  const whatsapp = useWhatsAppHref();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <p className="footer-logo">
            <LogoMark size={44} />
            <span>{t.siteName}</span>
          </p>
          <p className="footer-about">{t.footer.about}</p>
          <SocialLinks />
        </div>
        <nav aria-labelledby="footer-nav-heading">
          <h2 id="footer-nav-heading" className="footer-heading">
            {t.footer.navHeading}
          </h2>
          <ul className="footer-list">
            {NAV_PAGES.map((page) => (
              <li key={page}>
                <SiteLink to={pagePath(page, lang)}>{t.nav[page]}</SiteLink>
              </li>
            ))}
            {hasFaq && (
              <li>
                <SiteLink to={pagePath('faq', lang)}>{t.faq.link}</SiteLink>
              </li>
            )}
            <li>
              <SiteLink to={pagePath('privacy', lang)}>{t.privacy.link}</SiteLink>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="footer-heading">{t.footer.contactHeading}</h2>
          <ul className="footer-list footer-contact">
            {phone && (
              <li>
                <a href={telHref(phone)}>
                  <PhoneIcon size={18} />
                  <span dir="ltr">{phoneText}</span>
                </a>
              </li>
            )}
            {whatsapp && (
              <li>
                <a href={whatsapp} target="_blank" rel="noopener noreferrer">
                  <WhatsAppIcon size={18} />
                  <span>{t.whatsappUs}</span>
                </a>
              </li>
            )}
            {contact.email && (
              <li>
                <a href={`mailto:${contact.email}`}>
                  <MailIcon size={18} />
                  <span dir="ltr">{contact.email}</span>
                </a>
              </li>
            )}
          </ul>
        </div>
        <div>
          <h2 className="footer-heading">{t.footer.citiesHeading}</h2>
          <CityLinks className="footer-list footer-cities" />
        </div>
      </div>
      <div className="footer-bottom">
        <div className="container">
          <p>{`© ${year} ${t.siteName}. ${t.footer.rights}`}</p>
          {(registration.crNumber || registration.vatNumber || registration.reviewsLink) && (
            <ul className="footer-registration">
              {registration.crNumber && (
                <li>
                  {`${t.proof.crLabel} `}
                  <span dir="ltr">{registration.crNumber}</span>
                  {registration.crCheckLink && (
                    <CheckLink href={registration.crCheckLink} label={t.proof.checkCr} text={t.proof.check} />
                  )}
                </li>
              )}
              {registration.vatNumber && (
                <li>
                  {`${t.proof.vatLabel} `}
                  <span dir="ltr">{registration.vatNumber}</span>
                  {registration.vatCheckLink && (
                    <CheckLink href={registration.vatCheckLink} label={t.proof.checkVat} text={t.proof.check} />
                  )}
                </li>
              )}
              {registration.reviewsLink && (
                <li>
                  <a href={registration.reviewsLink} rel="noopener" target="_blank">
                    {t.proof.reviews}
                  </a>
                </li>
              )}
            </ul>
          )}
        </div>
      </div>
    </footer>
  );
}

/** A link to the official page where a number is checked: short on screen, named in full for a screen reader. */
function CheckLink({ href, label, text }: { href: string; label: string; text: string }) {
  return (
    <>
      {' '}
      <a className="check-link" href={href} rel="noopener" target="_blank" aria-label={label}>
        {text}
      </a>
    </>
  );
}
