import { useEffect, useState } from 'react';
import { telHref, whatsappHref, whatsappNumber } from '../../../shared/site.ts';
import { PhoneIcon, WhatsAppIcon } from '../components/icons.tsx';
import { useRootData, useT } from '../hooks.ts';

/** Contact links the floating buttons make way for: every call or WhatsApp link outside the header and themselves. */
const OTHER_CONTACT_LINKS = 'main a[href^="tel:"], main a[href^="https://wa.me/"], .cta-band a, .site-footer a[href^="tel:"], .site-footer a[href^="https://wa.me/"]';

/**
 * The two round buttons in the corner of the screen: call and WhatsApp. They step aside while
 * another call or WhatsApp link is on screen (the hero's, a card's, the closing band's, the
 * footer's), so they never cover those, and the page end is never under them. The server renders
 * them hidden; the browser shows them once it knows where the other links are.
 */
export function FloatingContact() {
  const t = useT();
  const { phone, contact } = useRootData();
  const [away, setAway] = useState(true);

  useEffect(() => {
    if (!phone) return;
    const seen = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (e.target === document.body) continue;
        if (e.isIntersecting) seen.add(e.target);
        else seen.delete(e.target);
      }
      setAway(seen.size > 0);
    });
    const watch = () => {
      observer.disconnect();
      seen.clear();
      // The body is always reported once: the answer comes even on a page with no other link.
      observer.observe(document.body);
      document.querySelectorAll(OTHER_CONTACT_LINKS).forEach((link) => observer.observe(link));
    };
    watch();
    // Client navigation replaces the page's content: watch the new page's links.
    const main = document.getElementById('main');
    const mutations = new MutationObserver(watch);
    if (main) mutations.observe(main, { childList: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [phone]);

  if (!phone) return null;
  return (
    <aside className="floating-contact" aria-label={t.quickContact} data-away={away ? 'true' : 'false'}>
      <a className="fab fab-whatsapp" href={whatsappHref(whatsappNumber(contact, phone))} target="_blank" rel="noopener noreferrer" aria-label={t.whatsappUs} tabIndex={away ? -1 : undefined}>
        <WhatsAppIcon size={28} />
      </a>
      <a className="fab fab-call" href={telHref(phone)} aria-label={t.callUs} tabIndex={away ? -1 : undefined}>
        <PhoneIcon size={26} />
      </a>
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
      <span className="call-number" dir="ltr">{phoneText || phone}</span>
    </>
  );
}

interface ContactButtonsProps {
  variant?: 'light' | 'dark' | 'hero';
  /** The product or project the page is about: the WhatsApp message names it. */
  about?: string;
}

/** The link's full name keeps its visible words first, then names the item. */
const askName = (label: string, title: string) => `${label}: ${title}`;

/** A pair of prominent call and WhatsApp buttons for the body of a page. */
export function ContactButtons({ variant = 'light', about }: ContactButtonsProps) {
  const t = useT();
  const { phone, contact } = useRootData();
  if (!phone) return null;
  const whatsapp = whatsappHref(whatsappNumber(contact, phone), about ? t.ask.message(about) : undefined);
  return (
    <div className={`contact-buttons contact-buttons-${variant}`}>
      <a className="btn btn-accent btn-lg btn-call" href={telHref(phone)}>
        <PhoneIcon />
        <CallLabel phone={phone} label={t.callNow} />
      </a>
      <a className="btn btn-whatsapp btn-lg" href={whatsapp} target="_blank" rel="noopener noreferrer" aria-label={about ? askName(t.ask.label, about) : undefined}>
        <WhatsAppIcon />
        <span>{about ? t.ask.label : variant === 'hero' ? t.whatsapp : t.whatsappUs}</span>
      </a>
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
    <a className={`btn btn-whatsapp ask-whatsapp ${className}`.trim()} href={whatsappHref(number, t.ask.message(title))} target="_blank" rel="noopener noreferrer" aria-label={askName(t.ask.label, title)}>
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
          <h2 id="cta-heading" className="cta-title">{t.cta.title}</h2>
          <p className="cta-text">{t.cta.text}</p>
        </div>
        <ContactButtons variant="dark" />
      </div>
    </section>
  );
}
