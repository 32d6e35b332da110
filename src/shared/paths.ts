import type { Language, PageName } from './i18n/index.ts';

/** URL of a page in a language: Arabic at the root, English under /en. */
/** Pages at one fixed address; a city's page is at /cities/<slug> (cityPath). */
type FixedPage = Exclude<PageName, 'not-found' | 'city'>;

const SLUGS: Record<FixedPage, string> = {
  home: '/',
  about: '/about',
  portfolio: '/portfolio',
  products: '/products',
  contact: '/contact',
  'card-details': '/card-details',
  privacy: '/privacy',
  request: '/request',
  'request-sent': '/request/sent',
};

export const NAV_PAGES = ['home', 'about', 'portfolio', 'products', 'contact'] as const;

export function pagePath(page: FixedPage, lang: Language): string {
  const slug = SLUGS[page];
  if (lang === 'ar') return slug;
  return slug === '/' ? '/en' : `/en${slug}`;
}

/** The page of a served city: /cities/riyadh, /en/cities/riyadh (decision 031). */
export function cityPath(slug: string, lang: Language): string {
  return `${lang === 'ar' ? '' : '/en'}/cities/${slug}`;
}

/** /cities/<slug>: the slug of a city page's path, or undefined (the slug's form is CITY_SLUG_PATTERN's). */
const CITY_PATH = /^\/cities\/([a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?)$/;

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
export const BY_SLUG: Record<string, FixedPage> = {
  '/': 'home',
  '/home': 'home',
  '/about': 'about',
  '/portfolio': 'portfolio',
  '/products': 'products',
  '/contact': 'contact',
  '/card-details': 'card-details',
  '/privacy': 'privacy',
  '/request': 'request',
  '/request/sent': 'request-sent',
};

/** Which page a path shows, in which language; unknown paths are the 404 page. */
export function resolvePage(pathname: string): { page: PageName; lang: Language; slug?: string } {
  const lang = langOfPath(pathname);
  let bare = lang === 'en' ? pathname.slice(3) || '/' : pathname;
  if (bare.length > 1 && bare.endsWith('/')) bare = bare.slice(0, -1);
  if (CITY_PATH.test(bare)) return { page: 'city', lang, slug: CITY_PATH.exec(bare)![1]! };
  return { page: BY_SLUG[bare] ?? 'not-found', lang };
}

/**
 * The identity of a page's content: its path, plus the card id for card details. Other query
 * parameters (campaign tags and the like) do not change what is shown.
 */
export function pageKey(pathname: string, search: string): string {
  const { page } = resolvePage(pathname);
  const params = new URLSearchParams(search);
  // The request form is pre-filled from its link (a product, a city); the thank-you page shows its reference.
  const named =
    KEY_PARAMS[page]?.flatMap((name) => {
      const value = params.get(name);
      return value ? [`${name}=${encodeURIComponent(value)}`] : [];
    }) ?? [];
  return named.length ? `${pathname}?${named.join('&')}` : pathname;
}

/** The query parameters that change what a page shows. */
const KEY_PARAMS: Partial<Record<PageName, readonly string[]>> = {
  'card-details': ['id'],
  request: ['product', 'city'],
  'request-sent': ['ref'],
};

/** The request form's address, pre-filled with a product (its id) or a city when given. */
export function requestPath(lang: Language, prefill: { product?: string; city?: string } = {}): string {
  const params = new URLSearchParams();
  if (prefill.product) params.set('product', prefill.product);
  if (prefill.city) params.set('city', prefill.city);
  const query = params.toString();
  return query ? `${pagePath('request', lang)}?${query}` : pagePath('request', lang);
}
