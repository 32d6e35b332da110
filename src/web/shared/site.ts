/**
 * Fixed business facts shown on the public pages. The phone number and the city list are business
 * content (the phone is edited in the admin); the email and social accounts are fixed, per the
 * specification, and changed here.
 */
export const SITE = {
  email: 'info@bird-barrier.sa',
  social: [
    { name: 'Instagram', icon: 'instagram', url: 'https://www.instagram.com/birdbarrier.sa' },
    { name: 'X', icon: 'x', url: 'https://x.com/birdbarrier_sa' },
    { name: 'TikTok', icon: 'tiktok', url: 'https://www.tiktok.com/@birdbarrier.sa' },
    { name: 'Facebook', icon: 'facebook', url: 'https://www.facebook.com/birdbarrier.sa' },
  ],
  /** Cities served, in English for structured data (the pages show the dictionary's names). */
  cities: ['Dammam', 'Riyadh', 'Madinah', 'Jeddah'],
  /** The greeting a visitor's WhatsApp message starts with; Arabic on both language versions. */
  whatsappGreeting: 'السلام عليكم، أرغب في الاستفسار عن خدماتكم لطرد الحمام.',
  countryCallingCode: '966',
} as const;

export type SocialIcon = (typeof SITE.social)[number]['icon'];

/** `tel:` link for a stored number ("+966 55 123 4567" → "tel:+966551234567"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * wa.me wants the full international number as digits only. A local Saudi number (leading 0)
 * gets the country code; "00" and "+" prefixes are dropped.
 */
export function whatsappDigits(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.startsWith('0')) digits = SITE.countryCallingCode + digits.slice(1);
  return digits;
}

export function whatsappHref(phone: string): string {
  return `https://wa.me/${whatsappDigits(phone)}?text=${encodeURIComponent(SITE.whatsappGreeting)}`;
}
