import type { Language } from '../../../../shared/language.ts';
import { bilingualDocument, escapeHtml, languageBlock } from '../../../mail/email-layout.ts';
import type { DeviceWords } from '../user-agent.ts';
/** The email that tells the owner of a sign-in from a browser not seen before: Arabic first, then English. */

export interface NewSignInEmail {
  subject: string;
  text: string;
  html: string;
}

/** `at` is said in UTC: the server does not know the owner's time zone. */
export function newSignInEmail(opts: { at: Date; device: DeviceWords; publicUrl: string }): NewSignInEmail {
  const { at, device } = opts;
  const url = (path: string) => ({ ar: `${opts.publicUrl}${path}`, en: `${opts.publicUrl}/en${path}` });
  const resetUrl = url('/auth/sendotp');
  const securityUrl = url('/admin/security');
  const when = (lang: Language) =>
    new Intl.DateTimeFormat(lang === 'ar' ? 'ar' : 'en-GB', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(at);

  const subject = 'تسجيل دخول من متصفح جديد | New sign-in from a new browser';

  const ar = {
    heading: 'تسجيل دخول جديد إلى حسابك',
    intro: 'سُجّل الدخول إلى لوحة التحكم من متصفح لم يُستخدم من قبل لهذا الحساب.',
    when: `الوقت: ${when('ar')} (بتوقيت UTC)`,
    device: `المتصفح: ${device.browser ?? 'غير معروف'}، النظام: ${device.os ?? 'غير معروف'}`,
    you: 'إذا كنت أنت، فلا حاجة لفعل شيء.',
    notYou: 'إذا لم تكن أنت: أعد تعيين كلمة المرور فورًا، ثم أنهِ هذه الجلسة من شاشة الأمان.',
    reset: 'إعادة تعيين كلمة المرور',
    security: 'شاشة الأمان',
  };
  const en = {
    heading: 'New sign-in to your account',
    intro: 'Someone signed in to the admin area from a browser not used for this account before.',
    when: `When: ${when('en')} (UTC)`,
    device: `Browser: ${device.browser ?? 'unknown'}, system: ${device.os ?? 'unknown'}`,
    you: 'If this was you, there is nothing to do.',
    notYou: 'If it was not you: reset your password now, then end that session on the Security screen.',
    reset: 'Reset the password',
    security: 'Security screen',
  };

  const lines = (t: typeof ar, lang: Language) => [
    t.heading,
    '',
    t.intro,
    t.when,
    t.device,
    '',
    t.you,
    t.notYou,
    `${t.reset}: ${resetUrl[lang]}`,
    `${t.security}: ${securityUrl[lang]}`,
  ];
  const text = [...lines(ar, 'ar'), '', '----', '', ...lines(en, 'en'), ''].join('\n');

  const block = (t: typeof ar, lang: Language) => {
    const link = (href: string, label: string) =>
      `<a href="${escapeHtml(href)}" style="color:#0f4c5c">${escapeHtml(label)}</a>`;
    return languageBlock(
      lang,
      t.heading,
      `<p style="margin:0 0 8px">${escapeHtml(t.intro)}</p>
<p style="margin:0 0 4px">${escapeHtml(t.when)}</p>
<p style="margin:0 0 16px">${escapeHtml(t.device)}</p>
<p style="margin:0 0 8px;color:#555">${escapeHtml(t.you)}</p>
<p style="margin:0 0 8px;font-weight:bold">${escapeHtml(t.notYou)}</p>
<p style="margin:0">${link(resetUrl[lang], t.reset)} · ${link(securityUrl[lang], t.security)}</p>`,
    );
  };

  const html = bilingualDocument(subject, block(ar, 'ar'), block(en, 'en'));

  return { subject, text, html };
}
