import type { Language } from '../../../shared/i18n/index.ts';

/**
 * Attributes for an item's text on a page in `pageLang`. Text in the page's language follows the
 * page (`dir="auto"` for mixed words); an Arabic fallback on an English page (the owner has not
 * written the English yet) is marked `lang="ar" dir="rtl"`, so it is laid out and read aloud right.
 */
export function textLangAttrs(
  language: Language,
  pageLang: Language,
): { lang?: Language; dir: 'auto' | 'rtl' | 'ltr' } {
  return language === pageLang ? { dir: 'auto' } : { lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' };
}

/**
 * The language of a short text that has no language of its own (a customer's name, a city), read
 * from its letters: Arabic letters only, or Latin letters only; `pageLang` when it mixes both or has
 * neither, so that only text plainly in the other language is marked.
 */
export function scriptLanguage(text: string, pageLang: Language): Language {
  const arabic = /\p{Script=Arabic}/u.test(text);
  const latin = /\p{Script=Latin}/u.test(text);
  return arabic === latin ? pageLang : arabic ? 'ar' : 'en';
}

/** Of an owner's text written in both languages, the one for `pageLang`, else the other (and which it is). */
export function pickText(ar: string, en: string, pageLang: Language): { text: string; language: Language } {
  if (pageLang === 'en' && en) return { text: en, language: 'en' };
  return ar ? { text: ar, language: 'ar' } : { text: en, language: 'en' };
}
