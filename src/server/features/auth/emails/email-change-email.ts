import type { Language } from '../../../../shared/language.ts';
import { bilingualDocument, escapeHtml, languageBlock } from '../../../mail/email-layout.ts';

/** The code that confirms a new address for the account, sent to that address: Arabic first, then English. */
export function emailChangeEmail(opts: { code: string; minutes: number }): {
  subject: string;
  text: string;
  html: string;
} {
  if (!/^[0-9]{6}$/.test(opts.code)) throw new Error('a confirmation code is six digits');
  const subject = 'تأكيد البريد الجديد للوحة التحكم | Confirm the new email of the admin';
  const t = {
    ar: {
      heading: 'تأكيد البريد الجديد',
      intro: 'اكتب هذا الرمز في شاشة الأمان لجعل هذا البريد بريد حساب لوحة التحكم:',
      after: `يعمل الرمز ${opts.minutes} دقيقة. إذا لم تطلبه، فتجاهل الرسالة.`,
    },
    en: {
      heading: 'Confirm the new email',
      intro: "Type this code on the Security screen to make this address the admin account's email:",
      after: `The code works for ${opts.minutes} minutes. If you did not ask for it, ignore this email.`,
    },
  };
  const lines = (lang: Language) => [t[lang].heading, '', t[lang].intro, opts.code, '', t[lang].after];
  const text = [...lines('ar'), '', '----', '', ...lines('en'), ''].join('\n');
  const block = (lang: Language) =>
    languageBlock(
      lang,
      t[lang].heading,
      `<p style="margin:0 0 8px">${escapeHtml(t[lang].intro)}</p>
<p dir="ltr" style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:Menlo,Consolas,monospace">${escapeHtml(opts.code)}</p>
<p style="margin:0">${escapeHtml(t[lang].after)}</p>`,
    );
  return { subject, text, html: bilingualDocument(subject, block('ar'), block('en')) };
}
