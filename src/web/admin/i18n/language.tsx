import { createContext, useContext, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { dictionaries, type Dict, type Language } from './dictionary.ts';
import { localizeMessage, type Said } from './server-messages.ts';

interface LanguageValue {
  lang: Language;
  t: Dict;
  /** An app path ('/admin/…') in the current language: English lives under /en. */
  to: (path: string) => string;
  /** A server success or catalogue message (English, the contract's text), or a refusal by its code, in the admin's language. */
  say: (message: Said) => string;
}

const LanguageContext = createContext<LanguageValue | null>(null);

const langPath = (lang: Language, path: string): string => (lang === 'en' ? `/en${path}` : path);

/** The same page in the other language: '/admin/x' <-> '/en/admin/x'. */
export function otherLanguagePath(lang: Language, pathname: string): string {
  return lang === 'en' ? pathname.replace(/^\/en(?=\/|$)/, '') || '/' : `/en${pathname}`;
}

/** A path without its language prefix, so two URLs of the same page compare equal. */
export const withoutLanguage = (pathname: string): string => pathname.replace(/^\/en(?=\/|$)/, '') || '/';

export function LanguageProvider({ lang, children }: { lang: Language; children: ReactNode }) {
  const t = dictionaries[lang];
  // Before paint, so a language switch never shows a frame in the wrong direction.
  useLayoutEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = t.dir;
  }, [lang, t]);
  return (
    <LanguageContext.Provider value={{ lang, t, to: (p) => langPath(lang, p), say: (m) => localizeMessage(m, lang) }}>
      {children}
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage outside LanguageProvider');
  return value;
}

/** A text said in the admin's language where it is shown, so that a language switch says it again (a toast's). */
export function SaidText({ text }: { text: Said }) {
  return useLanguage().say(text);
}

/** Sets the document title for the current screen, in the current language. */
export function useTitle(title: string): void {
  const { t } = useLanguage();
  useEffect(() => {
    document.title = `${title} · ${t.appName}`;
  }, [title, t]);
}
