import type { Language } from '../../shared/language.ts';

/** The site's emails: one HTML document holding an Arabic block, then an English one. */

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The text alignment a block in `lang` is written with. */
export const alignOf = (lang: Language): 'right' | 'left' => (lang === 'ar' ? 'right' : 'left');

/** One language's block: its heading, then `body` (markup, already escaped). */
export function languageBlock(lang: Language, heading: string, body: string): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  return `<div dir="${dir}" lang="${lang}" style="text-align:${alignOf(lang)};padding:24px;font-size:16px;line-height:1.6">
<h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(heading)}</h1>
${body}
</div>`;
}

/** The document every email is: its subject as title, and `blocks` (markup) on a white card. */
function emailDocument(subject: string, lang: Language, blocks: string): string {
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;background:#f4f6f7;color:#1a1a1a;font-family:Tahoma,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
${blocks}
</div>
</body>
</html>`;
}

/** The whole document around the two blocks. */
export function bilingualDocument(subject: string, arBlock: string, enBlock: string): string {
  return emailDocument(
    subject,
    'ar',
    `${arBlock}
<hr style="border:0;border-top:1px solid #ddd;margin:0">
${enBlock}`,
  );
}

/** An email in the one language its reader chose (the owner's admin language): one block. */
export function oneLanguageDocument(subject: string, lang: Language, heading: string, body: string): string {
  return emailDocument(subject, lang, languageBlock(lang, heading, body));
}
