import { telHref, whatsappHref, whatsappNumber } from '../../../shared/site.ts';
import { PhoneIcon, WhatsAppIcon } from '../components/icons.tsx';
import { useRootData, useT } from '../hooks.ts';

/** The two round buttons that stay in the corner of every screen: call and WhatsApp. */
export function FloatingContact() {
  const t = useT();
  const { phone, contact } = useRootData();
  if (!phone) return null;
  return (
    <aside className="floating-contact" aria-label={t.quickContact}>
      <a className="fab fab-whatsapp" href={whatsappHref(whatsappNumber(contact, phone))} target="_blank" rel="noopener noreferrer" aria-label={t.whatsappUs}>
        <WhatsAppIcon size={28} />
      </a>
      <a className="fab fab-call" href={telHref(phone)} aria-label={t.callUs}>
        <PhoneIcon size={26} />
      </a>
    </aside>
  );
}

/** A pair of prominent call and WhatsApp buttons for the body of a page. */
export function ContactButtons({ variant = 'light' }: { variant?: 'light' | 'dark' }) {
  const t = useT();
  const { phone, contact } = useRootData();
  if (!phone) return null;
  return (
    <div className={`contact-buttons contact-buttons-${variant}`}>
      <a className="btn btn-accent btn-lg" href={telHref(phone)}>
        <PhoneIcon />
        <span>{t.callNow}</span>
      </a>
      <a className="btn btn-whatsapp btn-lg" href={whatsappHref(whatsappNumber(contact, phone))} target="_blank" rel="noopener noreferrer">
        <WhatsAppIcon />
        <span>{t.whatsappUs}</span>
      </a>
    </div>
  );
}

/** The closing band above the footer: one more clear invitation to call. */
export function CtaBand() {
  const t = useT();
  return (
    <section className="cta-band" aria-labelledby="cta-heading">
      <div className="container cta-inner">
        <div>
          <h2 id="cta-heading" className="cta-title">{t.cta.title}</h2>
          <p className="cta-text">{t.cta.text}</p>
        </div>
        <ContactButtons variant="dark" />
      </div>
    </section>
  );
}
