import type { Language } from './language.ts';
import type { Contact } from './schemas.ts';

/**
 * Fixed facts of the site's code. The business's own contact details (email, WhatsApp, social
 * links, cities) are content: edited in the admin and read from `RootData.contact`.
 */
const SITE = {
  countryCallingCode: '966',
} as const;

const SOCIAL = [
  { key: 'instagram', name: 'Instagram' },
  { key: 'x', name: 'X' },
  { key: 'tiktok', name: 'TikTok' },
  { key: 'snapchat', name: 'Snapchat' },
  { key: 'facebook', name: 'Facebook' },
] as const;

export type SocialIcon = (typeof SOCIAL)[number]['key'];

/** The social links the owner has set, in a fixed order (the unset ones are not shown). */
export function socialLinks(contact: Contact): { name: string; icon: SocialIcon; url: string }[] {
  return SOCIAL.filter((s) => contact[s.key] !== '').map((s) => ({ name: s.name, icon: s.key, url: contact[s.key] }));
}

/** The number WhatsApp links open: the owner's WhatsApp number, else the phone number. */
export const whatsappNumber = (contact: Contact, phone: string): string => contact.whatsapp || phone;

/** The served cities in `lang` as the owner listed them, else the dictionary's default list. */
export const citiesIn = (contact: Contact, lang: Language, fallback: readonly string[]): readonly string[] => {
  const listed = lang === 'ar' ? contact.citiesAr : contact.citiesEn;
  return listed.length ? listed : fallback;
};

/** `tel:` link for a stored number ("+966 55 123 4567" → "tel:+966551234567"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * wa.me wants the full international number as digits only. A local Saudi number (leading 0)
 * gets the country code; "00" and "+" prefixes are dropped.
 */
function whatsappDigits(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.startsWith('0')) digits = SITE.countryCallingCode + digits.slice(1);
  return digits;
}

/**
 * A WhatsApp link that opens a chat with `message` typed in: the page language's greeting
 * (`whatsappGreeting` of the dictionary) or a question naming one product or project.
 */
export function whatsappHref(phone: string, message: string): string {
  return `https://wa.me/${whatsappDigits(phone)}?text=${encodeURIComponent(message)}`;
}
