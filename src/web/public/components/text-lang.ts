import type { Language } from '../../../shared/i18n/index.ts';

/**
 * Attributes for an item's text on a page in `pageLang`. Text in the page's language follows the
 * page (`dir="auto"` for mixed words); an Arabic fallback on an English page (the owner has not
 * written the English yet) is marked `lang="ar" dir="rtl"`, so it is laid out and read aloud right.
 */
export function textLangAttrs(language: Language, pageLang: Language): { lang?: Language; dir: 'auto' | 'rtl' | 'ltr' } {
  return language === pageLang ? { dir: 'auto' } : { lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' };
}

/** Of an owner's text written in both languages, the one for `pageLang`, else the other (and which it is). */
export function pickText(ar: string, en: string, pageLang: Language): { text: string; language: Language } {
  if (pageLang === 'en' && en) return { text: en, language: 'en' };
  return ar ? { text: ar, language: 'ar' } : { text: en, language: 'en' };
}
