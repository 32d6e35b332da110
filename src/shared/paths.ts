import type { Language, PageName } from './i18n/index.ts';


/** URL of a page in a language: Arabic at the root, English under /en. */
const SLUGS: Record<Exclude<PageName, 'not-found'>, string> = {
  home: '/',
  about: '/about',
  portfolio: '/portfolio',
  products: '/products',
  contact: '/contact',
  'card-details': '/card-details',
  privacy: '/privacy',
};

export const NAV_PAGES = ['home', 'about', 'portfolio', 'products', 'contact'] as const;

export function pagePath(page: Exclude<PageName, 'not-found'>, lang: Language): string {
  const slug = SLUGS[page];
  if (lang === 'ar') return slug;
  return slug === '/' ? '/en' : `/en${slug}`;
}

export function cardDetailsPath(id: string, lang: Language): string {
  return `${pagePath('card-details', lang)}?id=${encodeURIComponent(id)}`;
}

function langOfPath(pathname: string): Language {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'ar';
}

/** The same page in the other language: /products ⇄ /en/products, / ⇄ /en. */
export function switchLanguagePath(pathname: string, to: Language): string {
  const bare = langOfPath(pathname) === 'en' ? pathname.slice(3) || '/' : pathname;
  if (to === 'ar') return bare;
  return bare === '/' ? '/en' : `/en${bare}`;
}

/**
 * Every path a page answers at, without the /en prefix. Exported for `npm run routes`, which loads
 * this file through Vite's `ssrLoadModule` (scripts/routes/page-routes.ts), an import knip does not see.
 * @public
 */
export const BY_SLUG: Record<string, Exclude<PageName, 'not-found'>> = {
  '/': 'home',
  '/home': 'home',
  '/about': 'about',
  '/portfolio': 'portfolio',
  '/products': 'products',
  '/contact': 'contact',
  '/card-details': 'card-details',
  '/privacy': 'privacy',
};

/** Which page a path shows, in which language; unknown paths are the 404 page. */
export function resolvePage(pathname: string): { page: PageName; lang: Language } {
  const lang = langOfPath(pathname);
  let bare = lang === 'en' ? pathname.slice(3) || '/' : pathname;
  if (bare.length > 1 && bare.endsWith('/')) bare = bare.slice(0, -1);
  return { page: BY_SLUG[bare] ?? 'not-found', lang };
}

/**
 * The identity of a page's content: its path, plus the card id for card details. Other query
 * parameters (campaign tags and the like) do not change what is shown.
 */
export function pageKey(pathname: string, search: string): string {
  if (resolvePage(pathname).page !== 'card-details') return pathname;
  const id = new URLSearchParams(search).get('id');
  return id ? `${pathname}?id=${encodeURIComponent(id)}` : pathname;
}
