import { telHref, whatsappHref, whatsappNumber } from '../../../shared/site.ts';
import { ClipboardIcon, PhoneIcon, WhatsAppIcon } from '../components/icons.tsx';
import { useLang, useRootData, useT } from '../hooks.ts';
import { requestPath } from '../../../shared/paths.ts';

/** The general WhatsApp link (no item named): the owner's number, the greeting in the page's language. */
export function useWhatsAppHref(): string {
  const t = useT();
  const { phone, contact } = useRootData();
  const number = whatsappNumber(contact, phone);
  return number ? whatsappHref(number, t.whatsappGreeting) : '';
}

/**
 * The two round buttons in the corner of a wide screen: call and WhatsApp. CSS shows them only
 * where they sit in the margin beside the page's column (layout.css), so they never cover its
 * text or buttons; narrower screens have the same two in the fixed top bar (site-header.tsx).
 * No script decides anything: they work, and are placed, before any script runs.
 */
export function FloatingContact() {
  const t = useT();
  const { phone } = useRootData();
  const whatsapp = useWhatsAppHref();
  if (!whatsapp) return null;
  return (
    <aside className="floating-contact" aria-label={t.quickContact}>
      {whatsapp && (
        <a
          className="fab fab-whatsapp"
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t.whatsappUs}
        >
          <WhatsAppIcon size={28} />
        </a>
      )}
      {phone && (
        <a className="fab fab-call" href={telHref(phone)} aria-label={t.callUs}>
          <PhoneIcon size={26} />
        </a>
      )}
    </aside>
  );
}

/**
 * The call button's words: "Call now" on a touch screen; on a computer, which cannot dial, the
 * number itself (the words stay for screen readers). CSS picks by (hover) and (pointer), so the
 * server's HTML is the same for every device.
 */
export function CallLabel({ phone, label }: { phone: string; label: string }) {
  // Shown in the national form the footer and the contact page use (055 123 4567), dialled in the international one.
  const { phoneText } = useRootData();
  return (
    <>
      <span className="call-words">{label}</span>
      <span className="call-number" dir="ltr">
        {phoneText || phone}
      </span>
    </>
  );
}

interface ContactButtonsProps {
  variant?: 'light' | 'dark' | 'hero';
  /** The product or project the page is about: the WhatsApp message names it. */
  about?: string;
  /** The product's id: the request form opens pre-filled with it. */
  product?: string;
  /** Whether the link to the request form is offered too (not on the form and its thank-you page). */
  request?: boolean;
}

/** "Request a free inspection": the request form, for a visitor who will not call now (issue 35). */
export function RequestLink({ product, className = '' }: { product?: string; className?: string }) {
  const t = useT();
  const lang = useLang();
  return (
    <a className={`btn btn-lg btn-outline btn-request ${className}`.trim()} href={requestPath(lang, { product })}>
      <ClipboardIcon />
      <span>{t.request.link}</span>
    </a>
  );
}

/** The link's full name keeps its visible words first, then names the item. */
const askName = (label: string, title: string) => `${label}: ${title}`;

/** A pair of prominent call and WhatsApp buttons for the body of a page. */
export function ContactButtons({ variant = 'light', about, product, request = true }: ContactButtonsProps) {
  const t = useT();
  const { phone, contact } = useRootData();
  const greeting = useWhatsAppHref();
  if (!phone)
    return request ? (
      <div className={`contact-buttons contact-buttons-${variant}`}>
        <RequestLink product={product} />
      </div>
    ) : null;
  const whatsapp = about ? whatsappHref(whatsappNumber(contact, phone), t.ask.message(about)) : greeting;
  return (
    <div className={`contact-buttons contact-buttons-${variant}`}>
      <a className="btn btn-accent btn-lg btn-call" href={telHref(phone)}>
        <PhoneIcon />
        <CallLabel phone={phone} label={t.callNow} />
      </a>
      <a
        className="btn btn-whatsapp btn-lg"
        href={whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={about ? askName(t.ask.label, about) : undefined}
      >
        <WhatsAppIcon />
        <span>{about ? t.ask.label : variant === 'hero' ? t.whatsapp : t.whatsappUs}</span>
      </a>
      {request && <RequestLink product={product} />}
    </div>
  );
}

/** "Ask about this on WhatsApp" for one product or project; the message names it in the page's language. */
export function AskOnWhatsApp({ title, className = '' }: { title: string; className?: string }) {
  const t = useT();
  const { phone, contact } = useRootData();
  const number = whatsappNumber(contact, phone);
  if (!number) return null;
  return (
    <a
      className={`btn btn-whatsapp ask-whatsapp ${className}`.trim()}
      href={whatsappHref(number, t.ask.message(title))}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={askName(t.ask.label, title)}
    >
      <WhatsAppIcon size={18} />
      <span>{t.ask.label}</span>
    </a>
  );
}

/** The closing band above the footer: one more clear invitation to call. */
export function CtaBand() {
  const t = useT();
  return (
    <section className="cta-band" aria-labelledby="cta-heading">
      <div className="container cta-inner">
        <div>
          <h2 id="cta-heading" className="cta-title">
            {t.cta.title}
          </h2>
          <p className="cta-text">{t.cta.text}</p>
        </div>
        <ContactButtons variant="dark" />
      </div>
    </section>
  );
}
