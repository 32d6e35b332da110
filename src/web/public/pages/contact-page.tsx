import { SITE, whatsappHref } from '../../shared/site.ts';
import { MailIcon, PinIcon, WhatsAppIcon } from '../components/icons.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useRootData, useT } from '../hooks.ts';
import { SocialLinks } from '../layout/site-footer.tsx';

export function ContactPage() {
  const t = useT();
  const { phone } = useRootData();
  return (
    <>
      <PageHeader title={t.contact.heading} lead={t.contact.lead} />
      <section className="section">
        <div className="container contact-layout">
          <div className="contact-card contact-primary">
            {phone && (
              <a className="btn btn-accent btn-lg get-in-touch" href={whatsappHref(phone)} target="_blank" rel="noopener noreferrer">
                <WhatsAppIcon />
                <span>{t.contact.getInTouch}</span>
              </a>
            )}
            <dl className="contact-list">
              {phone && (
                <div className="contact-row">
                  <dt>{t.contact.phoneLabel}</dt>
                  <dd>
                    <a className="contact-value" href={whatsappHref(phone)} target="_blank" rel="noopener noreferrer">
                      <WhatsAppIcon size={22} />
                      <span dir="ltr">{phone}</span>
                    </a>
                    <span className="contact-hint">{t.contact.phoneHint}</span>
                  </dd>
                </div>
              )}
              <div className="contact-row">
                <dt>{t.contact.emailLabel}</dt>
                <dd>
                  <a className="contact-value" href={`mailto:${SITE.email}`}>
                    <MailIcon size={22} />
                    <span dir="ltr">{SITE.email}</span>
                  </a>
                </dd>
              </div>
              <div className="contact-row">
                <dt>{t.contact.socialLabel}</dt>
                <dd><SocialLinks className="social-links social-links-dark" /></dd>
              </div>
            </dl>
          </div>
          <div className="contact-card contact-cities">
            <h2 className="section-title-sm">{t.contact.citiesLabel}</h2>
            <p className="section-lead">{t.contact.citiesLead}</p>
            <ul className="city-list">
              {t.cities.map((city) => (
                <li key={city}><PinIcon size={20} /><span>{city}</span></li>
              ))}
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
