import { escapeHtml, oneLanguageDocument } from '../../mail/email-layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { dictionaryFor, type Language } from '../../../shared/i18n/index.ts';
import { whatsappHref } from '../../../shared/site.ts';
import { phone as phones } from '../../lib/phone.ts';
import type { QuoteRequest } from './requests-repository.ts';

const WORDS = {
  ar: {
    subject: (r: QuoteRequest) => `طلب معاينة جديد ${r.reference}: ${r.name}، ${r.city}`,
    heading: 'طلب معاينة جديد',
    reference: 'رقم الطلب',
    name: 'الاسم',
    phone: 'الجوال',
    city: 'المدينة',
    building: 'نوع المبنى',
    problem: 'المشكلة',
    time: 'الوقت المناسب للاتصال',
    product: 'المنتج',
    photos: (n: number) => (n === 0 ? 'بلا صور' : `${n} صور مرفقة`),
    call: 'اتصل بالعميل',
    whatsapp: 'راسله على واتساب',
    open: 'افتح الطلب في لوحة الإدارة',
  },
  en: {
    subject: (r: QuoteRequest) => `New inspection request ${r.reference}: ${r.name}, ${r.city}`,
    heading: 'New inspection request',
    reference: 'Request number',
    name: 'Name',
    phone: 'Mobile',
    city: 'City',
    building: 'Kind of building',
    problem: 'Problem',
    time: 'Best time to call',
    product: 'Product',
    photos: (n: number) => (n === 0 ? 'No photos' : n === 1 ? '1 photo attached' : `${n} photos attached`),
    call: 'Call the customer',
    whatsapp: 'Message on WhatsApp',
    open: 'Open the request in the admin',
  },
} as const;

/** What the owner's WhatsApp message to the customer opens with: in the customer's language, naming the request. */
export function customerGreeting(request: Pick<QuoteRequest, 'name' | 'reference' | 'lang'>): string {
  return request.lang === 'en'
    ? `Hello ${request.name}, about your inspection request ${request.reference}: `
    : `مرحبًا ${request.name}، بخصوص طلب المعاينة رقم ${request.reference}: `;
}

/**
 * The owner's email about a request, in the owner's admin language: every detail, the photos
 * attached, and one-tap links to call the customer, to WhatsApp them with a greeting naming the
 * request, and to open it on the Requests screen (signed in).
 */
export function requestEmail(
  request: QuoteRequest,
  photos: readonly Buffer[],
  lang: Language,
  publicUrl: string,
  to: string,
): MailMessage {
  const w = WORDS[lang];
  const building =
    dictionaryFor(lang).request.buildings[
      request.building as keyof ReturnType<typeof dictionaryFor>['request']['buildings']
    ] ?? request.building;
  const tel = `tel:${request.phone}`;
  const wa = whatsappHref(request.phone, customerGreeting(request));
  const open = `${publicUrl}${lang === 'en' ? '/en' : ''}/admin/requests?id=${encodeURIComponent(request.id)}`;
  const rows: [string, string][] = [
    [w.reference, request.reference],
    [w.name, request.name],
    [w.phone, phones.display(request.phone)],
    [w.city, request.city],
    [w.building, building],
    ...(request.productTitle ? [[w.product, request.productTitle] as [string, string]] : []),
    [w.problem, request.problem],
    ...(request.preferredTime ? [[w.time, request.preferredTime] as [string, string]] : []),
  ];
  const subject = w.subject(request);
  const text = [
    w.heading,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    w.photos(photos.length),
    '',
    `${w.call}: ${tel}`,
    `${w.whatsapp}: ${wa}`,
    `${w.open}: ${open}`,
    '',
  ].join('\n');
  const link = (href: string, label: string, colour: string) =>
    `<a href="${escapeHtml(href)}" style="display:inline-block;margin:4px;padding:12px 18px;border-radius:8px;background:${colour};color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a>`;
  const body = `<table style="border-collapse:collapse;width:100%">${rows
    .map(
      ([k, v]) =>
        `<tr><th style="text-align:inherit;padding:4px 8px;vertical-align:top;white-space:nowrap">${escapeHtml(k)}</th><td style="padding:4px 8px;white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>
<p style="margin:8px 0">${escapeHtml(w.photos(photos.length))}</p>
<p style="margin:16px 0 0">${link(tel, w.call, '#c98418')}${link(wa, w.whatsapp, '#0e7a3f')}${link(open, w.open, '#0f4c5c')}</p>`;
  const html = oneLanguageDocument(subject, lang, w.heading, body);
  return {
    to,
    subject,
    text,
    html,
    attachments: photos.map((content, i) => ({
      filename: `${request.reference}-${i + 1}.webp`,
      content,
      contentType: 'image/webp',
    })),
  };
}
