import type { Language, PageName } from './i18n/index.ts';
import { isCardSlug } from './slugs.ts';

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
  faq: '/faq',
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

/** A product's or a project's addresses (decision 035): the Arabic slug, and the English one once it has one. */
export interface CardAddress {
  type: 'product' | 'portfolio';
  slug: string;
  slugEn: string;
}

/** Where a card's page is: /products/<slug>, /portfolio/<slug>, under /en in English (percent-encoded, as a request names it). */
export function cardPath(card: CardAddress, lang: Language): string {
  return cardAddress(card, lang, encodeURIComponent);
}

/**
 * The same address as the pages link to it, the slug's letters as they are ("/products/شوك-الحمام"):
 * the browser encodes it when it asks, and an Arabic letter is 2 bytes of the page here instead of 6.
 */
export function cardLink(card: CardAddress, lang: Language): string {
  return cardAddress(card, lang, (slug) => slug);
}

function cardAddress(card: CardAddress, lang: Language, encode: (slug: string) => string): string {
  const slug = (lang === 'en' && card.slugEn) || card.slug;
  return `${lang === 'en' ? '/en' : ''}/${card.type === 'product' ? 'products' : 'portfolio'}/${encode(slug)}`;
}

/** /products/<slug> or /portfolio/<slug>: the section and the (encoded) slug. */
const CARD_PATH = /^\/(products|portfolio)\/([^/]+)$/;

/** The slug of an address's last part, decoded, or undefined when it cannot be a slug. */
function decodedSlug(part: string): string | undefined {
  try {
    const slug = decodeURIComponent(part);
    return isCardSlug(slug) ? slug : undefined;
  } catch {
    return undefined;
  }
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
  '/faq': 'faq',
};

/** Which page a path shows, in which language; unknown paths are the 404 page. */
export function resolvePage(pathname: string): {
  page: PageName;
  lang: Language;
  /** A city's slug, or a product's or project's (decoded) for the card-details page at its address. */
  slug?: string;
  cardType?: CardAddress['type'];
} {
  const lang = langOfPath(pathname);
  let bare = lang === 'en' ? pathname.slice(3) || '/' : pathname;
  if (bare.length > 1 && bare.endsWith('/')) bare = bare.slice(0, -1);
  if (CITY_PATH.test(bare)) return { page: 'city', lang, slug: CITY_PATH.exec(bare)![1]! };
  const card = CARD_PATH.exec(bare);
  if (card) {
    const slug = decodedSlug(card[2]!);
    return slug === undefined
      ? { page: 'not-found', lang }
      : { page: 'card-details', lang, slug, cardType: card[1] === 'products' ? 'product' : 'portfolio' };
  }
  return { page: BY_SLUG[bare] ?? 'not-found', lang };
}

/**
 * The identity of a page's content: its path, plus the card id for card details. Other query
 * parameters (campaign tags and the like) do not change what is shown.
 */
export function pageKey(pathname: string, search: string): string {
  const { page, slug } = resolvePage(pathname);
  // A card's page at its own address: the address says it all.
  if (page === 'card-details' && slug !== undefined) return pathname;
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
