import { socialLinks, telHref } from '../../../shared/site.ts';
import { CityLinks } from '../layout/city-links.tsx';
import { hasHours } from '../../../shared/hours.ts';
import { mapsLinkFor } from '../../../shared/maps.ts';
import { MailIcon, PhoneIcon, PinIcon, WhatsAppIcon } from '../components/icons.tsx';
import { OpeningHoursCard } from '../components/opening-hours.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { pickText, textLangAttrs } from '../components/text-lang.ts';
import { useLang, useRootData, useT } from '../hooks.ts';
import { SocialLinks } from '../layout/site-footer.tsx';
import { RequestLink, useWhatsAppHref } from '../layout/contact-actions.tsx';

export function ContactPage() {
  const t = useT();
  const lang = useLang();
  const { phone, phoneText, whatsappText, contact } = useRootData();
  const whatsapp = useWhatsAppHref();
  const address = pickText(contact.addressAr, contact.addressEn, lang);
  return (
    <>
      <PageHeader title={t.contact.heading} lead={t.contact.lead} />
      <section className="section">
        <div className="container contact-layout">
          <div className="contact-card contact-primary">
            {whatsapp && (
              <a
                className="btn btn-lg btn-whatsapp-brand get-in-touch"
                href={whatsapp}
                target="_blank"
                rel="noopener noreferrer"
              >
                <WhatsAppIcon />
                <span>{t.contact.getInTouch}</span>
              </a>
            )}
            <RequestLink className="get-in-touch" />
            <dl className="contact-list">
              {phone && (
                <div className="contact-row">
                  <dt>{t.contact.phoneLabel}</dt>
                  <dd>
                    <a className="contact-value" href={telHref(phone)}>
                      <PhoneIcon size={22} />
                      <span dir="ltr">{phoneText}</span>
                    </a>
                    <span className="contact-hint on-touch">{t.contact.phoneHint}</span>
                    <span className="contact-hint on-pointer">{t.contact.phoneHintDesk}</span>
                  </dd>
                </div>
              )}
              {whatsapp && (
                <div className="contact-row">
                  <dt>{t.contact.whatsappLabel}</dt>
                  <dd>
                    <a className="contact-value" href={whatsapp} target="_blank" rel="noopener noreferrer">
                      <WhatsAppIcon size={22} />
                      <span dir="ltr">{whatsappText}</span>
                    </a>
                    <span className="contact-hint on-touch">{t.contact.whatsappHint}</span>
                    <span className="contact-hint on-pointer">{t.contact.whatsappHintDesk}</span>
                  </dd>
                </div>
              )}
              {contact.email && (
                <div className="contact-row">
                  <dt>{t.contact.emailLabel}</dt>
                  <dd>
                    <a className="contact-value" href={`mailto:${contact.email}`}>
                      <MailIcon size={22} />
                      <span dir="ltr">{contact.email}</span>
                    </a>
                  </dd>
                </div>
              )}
              {(address.text || contact.location || contact.mapsLink) && (
                <div className="contact-row">
                  <dt>{t.contact.addressLabel}</dt>
                  <dd>
                    {address.text && (
                      <p className="contact-address" {...textLangAttrs(address.language, lang)}>
                        {address.text}
                      </p>
                    )}
                    {/* A plain link: the phone offers its maps app; nothing of a map provider is loaded here. */}
                    <a
                      className="contact-value maps-link"
                      href={mapsLinkFor(contact, address.text)}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <PinIcon size={22} />
                      <span>{t.contact.openInMaps}</span>
                    </a>
                  </dd>
                </div>
              )}
              {socialLinks(contact).length > 0 && (
                <div className="contact-row">
                  <dt>{t.contact.socialLabel}</dt>
                  <dd>
                    <SocialLinks className="social-links social-links-dark" />
                  </dd>
                </div>
              )}
            </dl>
          </div>
          <div className="contact-side">
            {hasHours(contact.hours) && (
              <OpeningHoursCard hours={contact.hours} noteAr={contact.hoursNoteAr} noteEn={contact.hoursNoteEn} />
            )}
            <div className="contact-card contact-cities">
              <h2 className="section-title-sm">{t.contact.citiesLabel}</h2>
              <p className="section-lead">{t.contact.citiesLead}</p>
              {/* Each published city links to its own page; the others are named only. */}
              <CityLinks className="city-list city-links" />
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
