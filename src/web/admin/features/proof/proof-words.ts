import { addArabicMessages, addErrorTexts } from '../../i18n/server-messages.ts';

/** The links panel of the Trust & proof screen, in both languages (kept beside the screen: no other screen uses them). */
export const PROOF_LINK_WORDS = {
  ar: {
    proofLinksTitle: 'روابط يتحقق بها العملاء',
    proofLinksHint: 'تظهر في أسفل كل صفحة بجوار الأرقام، ويظهر رابط التقييمات مع آراء العملاء. اتركها فارغة لإخفائها.',
    reviewsLink: 'رابط التقييمات على Google',
    reviewsLinkHint:
      'من ملفك التجاري في Google: «مشاركة» ثم انسخ الرابط، مثل \u2066https://g.page/r/…\u2069 أو \u2066https://maps.app.goo.gl/…\u2069',
    crCheckLink: 'رابط التحقق من السجل التجاري',
    crCheckLinkHint:
      'صفحة رسمية يتحقق فيها العميل من السجل، على عنوان ينتهي بـ \u2066gov.sa\u2069 أو \u2066business.sa\u2069.',
    vatCheckLink: 'رابط التحقق من الرقم الضريبي',
    vatCheckLinkHint:
      'صفحة هيئة الزكاة والضريبة والجمارك للتحقق من الرقم الضريبي، على عنوان ينتهي بـ \u2066gov.sa\u2069.',
  },
  en: {
    proofLinksTitle: 'Links customers check you with',
    proofLinksHint:
      'Shown at the foot of every page beside the numbers; the reviews link also shows with the customer quotes. Leave one empty to hide it.',
    reviewsLink: 'Google reviews link',
    reviewsLinkHint:
      'From your Google Business Profile: Share, then copy the link, like https://g.page/r/… or https://maps.app.goo.gl/…',
    crCheckLink: 'Registration check link',
    crCheckLinkHint:
      'An official page where a customer checks the registration, on an address ending in gov.sa or business.sa.',
    vatCheckLink: 'VAT number check link',
    vatCheckLinkHint: "ZATCA's page where a customer checks the VAT number, on an address ending in gov.sa.",
  },
} as const;

// The server's refusals of the links, in Arabic (toasts and the field's message); the English is the catalogue's.
addArabicMessages(
  {
    reviewsLink: PROOF_LINK_WORDS.ar.reviewsLink,
    crCheckLink: PROOF_LINK_WORDS.ar.crCheckLink,
    vatCheckLink: PROOF_LINK_WORDS.ar.vatCheckLink,
  },
  [],
);
const checkLinkAr = (name: string, alsoBusiness: boolean): string =>
  `${name} يجب أن يكون رابط صفحة رسمية للتحقق، يبدأ بـ https:// على عنوان ينتهي بـ gov.sa${alsoBusiness ? ' أو business.sa' : ''}، أو يُترك فارغًا.`;
addErrorTexts(
  {
    'proof.reviews_link': `${PROOF_LINK_WORDS.ar.reviewsLink} يجب أن يكون رابط ملفك التجاري في Google أو تقييماته، يبدأ بـ https:// (مثل \u2066https://g.page/r/…\u2069 أو \u2066https://maps.app.goo.gl/…\u2069)، أو يُترك فارغًا.`,
    'proof.cr_check_link': checkLinkAr(PROOF_LINK_WORDS.ar.crCheckLink, true),
    'proof.vat_check_link': checkLinkAr(PROOF_LINK_WORDS.ar.vatCheckLink, false),
  },
  {},
);
