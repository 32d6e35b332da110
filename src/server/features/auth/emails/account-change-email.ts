import type { Language } from '../../../../shared/language.ts';
import type { ChangeDetail, ChangeKind } from '../account-changes.ts';
import { UNDO_DAYS } from '../account-changes.ts';
import { bilingualDocument, escapeHtml, languageBlock } from '../../../mail/email-layout.ts';

const WORDS: Record<Language, (kind: ChangeKind, d: ChangeDetail) => string> = {
  ar: (kind, d) => {
    switch (kind) {
      case 'passkey-added':
        return `أُضيف مفتاح مرور باسم «${d.name ?? ''}» إلى حسابك.`;
      case 'passkey-removed':
        return `أُزيل مفتاح المرور «${d.name ?? ''}» من حسابك.`;
      case 'totp-added':
        return 'فُعّل تطبيق المصادقة لحسابك.';
      case 'totp-removed':
        return 'أُزيل تطبيق المصادقة من حسابك.';
      case 'recovery-codes-replaced':
        return 'أُنشئت رموز استرداد جديدة لحسابك، وبطلت الرموز السابقة.';
      case 'sessions-ended':
        return 'سُجّل الخروج من الأجهزة الأخرى المتصلة بحسابك.';
      case 'password-changed':
        return 'غُيّرت كلمة مرور حسابك.';
      case 'email-changed':
        return `غُيّر البريد الإلكتروني لحسابك إلى ${d.email ?? ''}.`;
    }
  },
  en: (kind, d) => {
    switch (kind) {
      case 'passkey-added':
        return `A passkey named "${d.name ?? ''}" was added to your account.`;
      case 'passkey-removed':
        return `The passkey "${d.name ?? ''}" was removed from your account.`;
      case 'totp-added':
        return 'An authenticator app was set up for your account.';
      case 'totp-removed':
        return 'The authenticator app was removed from your account.';
      case 'recovery-codes-replaced':
        return 'New recovery codes were made for your account; the earlier ones no longer work.';
      case 'sessions-ended':
        return 'The other devices signed in to your account were signed out.';
      case 'password-changed':
        return 'The password of your account was changed.';
      case 'email-changed':
        return `The email of your account was changed to ${d.email ?? ''}.`;
    }
  },
};

/** The link that undoes a change (the admin's page posts its token; the token is in the fragment, never in a server's log). */
const undoUrl = (publicUrl: string, lang: Language, token: string) =>
  `${publicUrl}${lang === 'en' ? '/en' : ''}/auth/undo#${token}`;

/**
 * The email that tells the owner of a change to how they sign in, with the link that undoes it and
 * signs every browser out: Arabic first, then English.
 */
export function accountChangeEmail(opts: {
  kind: ChangeKind;
  detail: ChangeDetail;
  at: Date;
  publicUrl: string;
  undoToken: string;
}): { subject: string; text: string; html: string } {
  const securityUrl = { ar: `${opts.publicUrl}/admin/security`, en: `${opts.publicUrl}/en/admin/security` };
  const undo = { ar: undoUrl(opts.publicUrl, 'ar', opts.undoToken), en: undoUrl(opts.publicUrl, 'en', opts.undoToken) };
  const when = (lang: Language) =>
    new Intl.DateTimeFormat(lang === 'ar' ? 'ar' : 'en-GB', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(opts.at);
  const subject = 'تغيير في طرق الدخول إلى حسابك | A change to how you sign in';
  const t = {
    ar: {
      heading: 'تغيير في طرق الدخول',
      what: WORDS.ar(opts.kind, opts.detail),
      when: `الوقت: ${when('ar')} (بتوقيت UTC)`,
      you: 'إذا كنت أنت، فلا حاجة لفعل شيء.',
      notYou: `إذا لم تكن أنت: افتح هذا الرابط خلال ${UNDO_DAYS} أيام. سيُلغي التغيير ويسجّل الخروج من كل الأجهزة، ثم غيّر كلمة المرور.`,
      undo: 'إلغاء التغيير وتسجيل الخروج من كل الأجهزة',
      security: 'شاشة الأمان',
    },
    en: {
      heading: 'A change to how you sign in',
      what: WORDS.en(opts.kind, opts.detail),
      when: `When: ${when('en')} (UTC)`,
      you: 'If this was you, there is nothing to do.',
      notYou: `If this was not you: open this link within ${UNDO_DAYS} days. It undoes the change and signs every device out; then change your password.`,
      undo: 'Undo the change and sign every device out',
      security: 'Security screen',
    },
  };
  const lines = (lang: Language) => [
    t[lang].heading,
    '',
    t[lang].what,
    t[lang].when,
    '',
    t[lang].you,
    t[lang].notYou,
    `${t[lang].undo}: ${undo[lang]}`,
    `${t[lang].security}: ${securityUrl[lang]}`,
  ];
  const text = [...lines('ar'), '', '----', '', ...lines('en'), ''].join('\n');
  const link = (href: string, label: string, strong = false) =>
    `<a href="${escapeHtml(href)}" style="color:#0f4c5c${strong ? ';font-weight:bold' : ''}">${escapeHtml(label)}</a>`;
  const block = (lang: Language) =>
    languageBlock(
      lang,
      t[lang].heading,
      `<p style="margin:0 0 8px">${escapeHtml(t[lang].what)}</p>
<p style="margin:0 0 16px">${escapeHtml(t[lang].when)}</p>
<p style="margin:0 0 8px;color:#555">${escapeHtml(t[lang].you)}</p>
<p style="margin:0 0 8px;font-weight:bold">${escapeHtml(t[lang].notYou)}</p>
<p style="margin:0 0 8px">${link(undo[lang], t[lang].undo, true)}</p>
<p style="margin:0">${link(securityUrl[lang], t[lang].security)}</p>`,
    );
  return { subject, text, html: bilingualDocument(subject, block('ar'), block('en')) };
}
