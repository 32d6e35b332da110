import type { Language } from '../../../../shared/language.ts';
import { bilingualDocument, escapeHtml, languageBlock } from '../../../mail/email-layout.ts';

/** The email with the code that lets a new browser in (auth/admission.ts): Arabic first, then English. */
export function admissionEmail(opts: { code: string; minutes: number; publicUrl: string }): {
  subject: string;
  text: string;
  html: string;
} {
  // The code is made by us from a fixed alphabet; refusing anything else keeps the markup safe by construction.
  if (!/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/.test(opts.code))
    throw new Error('an admission code is two groups of four');
  const link = { ar: `${opts.publicUrl}/auth/admit#${opts.code}`, en: `${opts.publicUrl}/en/auth/admit#${opts.code}` };
  const subject = 'رمز السماح لمتصفح جديد | Code to let a new browser in';
  const t = {
    ar: {
      heading: 'السماح لمتصفح جديد بتسجيل الدخول',
      intro:
        'طُلب هذا الرمز لأن محاولات دخول كثيرة خاطئة أوقفت المتصفحات الجديدة مؤقتًا. اكتبه في المتصفح الذي طلبه، أو افتح الرابط فيه:',
      after: `يعمل الرمز ${opts.minutes} دقيقة، في ذلك المتصفح فقط. بعده تسجّل الدخول بكلمة المرور كالمعتاد.`,
      ignore: 'إذا لم تطلبه، فتجاهل هذه الرسالة؛ لا يستطيع أحد استعمال الرمز دونها.',
      open: 'السماح لهذا المتصفح',
    },
    en: {
      heading: 'Let a new browser sign in',
      intro:
        'This code was asked for because many wrong sign-ins have held back new browsers for a while. Type it in the browser that asked, or open the link in it:',
      after: `The code works for ${opts.minutes} minutes, in that browser only. Then sign in with your password as usual.`,
      ignore: 'If you did not ask for it, ignore this email; nobody can use the code without it.',
      open: 'Let this browser in',
    },
  };
  const lines = (lang: Language) => [
    t[lang].heading,
    '',
    t[lang].intro,
    opts.code,
    '',
    `${t[lang].open}: ${link[lang]}`,
    t[lang].after,
    t[lang].ignore,
  ];
  const text = [...lines('ar'), '', '----', '', ...lines('en'), ''].join('\n');
  const block = (lang: Language) =>
    languageBlock(
      lang,
      t[lang].heading,
      `<p style="margin:0 0 8px">${escapeHtml(t[lang].intro)}</p>
<p dir="ltr" style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:4px;font-family:Menlo,Consolas,monospace">${escapeHtml(opts.code)}</p>
<p style="margin:0 0 8px"><a href="${escapeHtml(link[lang])}" style="color:#0f4c5c;font-weight:bold">${escapeHtml(t[lang].open)}</a></p>
<p style="margin:0 0 8px">${escapeHtml(t[lang].after)}</p>
<p style="margin:0;color:#555">${escapeHtml(t[lang].ignore)}</p>`,
    );
  return { subject, text, html: bilingualDocument(subject, block('ar'), block('en')) };
}
