import type { Language } from '../../../shared/language.ts';
import { bilingualDocument, escapeHtml, languageBlock } from '../../mail/email-layout.ts';

/** The test email the owner sends from the admin: Arabic first, then English. */
export function testEmail(publicUrl: string): { subject: string; text: string; html: string } {
  const subject = 'رسالة تجريبية من موقعك | A test email from your site';
  const t = {
    ar: {
      heading: 'البريد يعمل',
      body: `وصلت هذه الرسالة من ${publicUrl}: ستصلك رموز إعادة تعيين كلمة المرور وتنبيهات تسجيل الدخول والملخص الأسبوعي.`,
    },
    en: {
      heading: 'Email works',
      body: `This email came from ${publicUrl}: password reset codes, sign-in alerts and the weekly summary will reach you.`,
    },
  };
  const text = [t.ar.heading, '', t.ar.body, '', '----', '', t.en.heading, '', t.en.body, ''].join('\n');
  const block = (lang: Language) =>
    languageBlock(lang, t[lang].heading, `<p style="margin:0">${escapeHtml(t[lang].body)}</p>`);
  return { subject, text, html: bilingualDocument(subject, block('ar'), block('en')) };
}
