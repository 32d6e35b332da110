/**
 * Keywords carry no language field: a keyword written in Arabic script feeds the Arabic pages,
 * any other (Latin and the rest) the English pages.
 */
import type { Language } from './schemas.ts';

// Arabic, Arabic Supplement, Arabic Extended-A/B, and the presentation forms.
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u0870-\u089F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;

/** True when the word contains Arabic-script letters. */
export function isArabicScript(word: string): boolean {
  return ARABIC_SCRIPT.test(word);
}

/** The keywords for pages in `lang`, in the given order. */
export function keywordsFor(words: readonly string[], lang: Language): string[] {
  return words.filter((w) => isArabicScript(w) === (lang === 'ar'));
}
