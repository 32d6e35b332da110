/**
 * The site's two languages: Arabic, the default (right to left, at /…), and English (at /en/…).
 * The one place the list is written; everything else, server and browser, takes its type from here.
 */
export const LANGUAGES = ['ar', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const dirOf = (language: Language): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr');
