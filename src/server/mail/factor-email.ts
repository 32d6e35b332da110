import type { Language } from '../../shared/language.ts';
import { bilingualDocument, escapeHtml, languageBlock } from './email-layout.ts';

/** What changed among the account's sign-in factors. */
export type FactorChange =
  | { kind: 'passkey-added' | 'passkey-removed'; name: string }
  | { kind: 'totp-added' | 'totp-removed' | 'recovery-codes-replaced' };

const WORDS: Record<Language, (c: FactorChange) => string> = {
  ar: (c) => {
    switch (c.kind) {
      case 'passkey-added': return `أُضيف مفتاح مرور باسم «${c.name}» إلى حسابك.`;
      case 'passkey-removed': return `أُزيل مفتاح المرور «${c.name}» من حسابك.`;
      case 'totp-added': return 'فُعّل تطبيق المصادقة لحسابك.';
      case 'totp-removed': return 'أُزيل تطبيق المصادقة من حسابك.';
      case 'recovery-codes-replaced': return 'أُنشئت رموز استرداد جديدة لحسابك، وبطلت الرموز السابقة.';
    }
  },
  en: (c) => {
    switch (c.kind) {
      case 'passkey-added': return `A passkey named "${c.name}" was added to your account.`;
      case 'passkey-removed': return `The passkey "${c.name}" was removed from your account.`;
      case 'totp-added': return 'An authenticator app was set up for your account.';
      case 'totp-removed': return 'The authenticator app was removed from your account.';
      case 'recovery-codes-replaced': return 'New recovery codes were made for your account; the earlier ones no longer work.';
    }
  },
};

/** The email that tells the owner a sign-in factor was added or removed: Arabic first, then English. */
export function factorEmail(opts: { change: FactorChange; at: Date; publicUrl: string }): { subject: string; text: string; html: string } {
  const securityUrl = { ar: `${opts.publicUrl}/admin/security`, en: `${opts.publicUrl}/en/admin/security` };
  const when = (lang: Language) => new Intl.DateTimeFormat(lang === 'ar' ? 'ar' : 'en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(opts.at);
  const subject = 'تغيير في طرق الدخول إلى حسابك | A change to how you sign in';
  const t = {
    ar: { heading: 'تغيير في طرق الدخول', what: WORDS.ar(opts.change), when: `الوقت: ${when('ar')} (بتوقيت UTC)`,
      notYou: 'إذا لم تكن أنت: غيّر كلمة المرور فورًا وراجع شاشة الأمان.', security: 'شاشة الأمان' },
    en: { heading: 'A change to how you sign in', what: WORDS.en(opts.change), when: `When: ${when('en')} (UTC)`,
      notYou: 'If this was not you: change your password now and check the Security screen.', security: 'Security screen' },
  };
  const lines = (lang: Language) => [t[lang].heading, '', t[lang].what, t[lang].when, '', t[lang].notYou, `${t[lang].security}: ${securityUrl[lang]}`];
  const text = [...lines('ar'), '', '----', '', ...lines('en'), ''].join('\n');
  const block = (lang: Language) => languageBlock(lang, t[lang].heading, `<p style="margin:0 0 8px">${escapeHtml(t[lang].what)}</p>
<p style="margin:0 0 16px">${escapeHtml(t[lang].when)}</p>
<p style="margin:0 0 8px;font-weight:bold">${escapeHtml(t[lang].notYou)}</p>
<p style="margin:0"><a href="${escapeHtml(securityUrl[lang])}" style="color:#0f4c5c">${escapeHtml(t[lang].security)}</a></p>`);
  return { subject, text, html: bilingualDocument(subject, block('ar'), block('en')) };
}
