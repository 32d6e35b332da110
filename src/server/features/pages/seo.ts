import { dictionaryFor, LANGUAGES, type Language } from '../../../shared/i18n/index.ts';
import { citiesIn, socialLinks } from '../../../shared/site.ts';
import type { PageState, RootData } from '../../../shared/page-data.ts';
import { cardPath, pagePath, switchLanguagePath, type CardAddress } from '../../../shared/paths.ts';
import { keywordsFor } from '../../../shared/keywords.ts';
import { mapsLinkFor } from '../../../shared/maps.ts';
import { hasHours, WEEK_DAYS, type OpeningHours, type WeekDay } from '../../../shared/hours.ts';

/** Search-engine facts for the public pages: alternates, structured data, sitemap and robots. */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const HTML_SPECIAL = /[&<>"']/g;

/** Text for an HTML attribute or element: one pass, and none at all for the usual text with nothing to escape. */
export const escapeHtml = (s: string): string =>
  s.search(HTML_SPECIAL) === -1 ? s : s.replace(HTML_SPECIAL, (c) => HTML_ESCAPES[c]!);

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
const SCRIPT_SPECIAL = /[<\u2028\u2029]/g;

/** JSON that cannot end the <script> element it is placed in (one pass over the text). */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(SCRIPT_SPECIAL, (c) => SCRIPT_ESCAPES[c]!);

/** The canonical address of a page's key in a language ("/home" is the home page's alias of "/"). */
function canonicalPath(key: string, lang: Language): string {
  const [path = '/', search] = key.split('?');
  let target = switchLanguagePath(path.length > 1 ? path.replace(/\/$/, '') : path, lang);
  if (target === '/home') target = '/';
  if (target === '/en/home') target = '/en';
  return search ? `${target}?${search}` : target;
}

export function alternates(
  publicUrl: string,
  view: PageState,
): { canonical: string; links: { hreflang: string; href: string }[] } {
  const href = (lang: Language) => publicUrl + (view.paths?.[lang] ?? canonicalPath(view.key, lang));
  return {
    canonical: href(view.lang),
    links: [...LANGUAGES.map((l) => ({ hreflang: l, href: href(l) })), { hreflang: 'x-default', href: href('ar') }],
  };
}

const SCHEMA_DAYS: Record<WeekDay, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};

/** The week's hours as schema.org says them: one specification per time range. */
const openingHours = (hours: OpeningHours) =>
  WEEK_DAYS.flatMap((day) =>
    hours[day].map((r) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${SCHEMA_DAYS[day]}`,
      opens: r.from,
      closes: r.to,
    })),
  );

/** The business's profiles elsewhere, as shown in the footer: its social accounts and its Google reviews. */
const profiles = (root: RootData): string[] => [
  ...socialLinks(root.contact).map((s) => s.url),
  ...(root.registration.reviewsLink ? [root.registration.reviewsLink] : []),
];

/** schema.org LocalBusiness: who we are, the number to call, the cities served, where and when to find us. */
function localBusiness(publicUrl: string, lang: Language, root: RootData): Record<string, unknown> {
  const t = dictionaryFor(lang);
  const { hours, location } = root.contact;
  const street = (lang === 'en' && root.contact.addressEn) || root.contact.addressAr || root.contact.addressEn;
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${publicUrl}/#business`,
    name: t.siteName,
    alternateName: dictionaryFor(lang === 'ar' ? 'en' : 'ar').siteName,
    description: t.pages.home.description,
    url: publicUrl + (lang === 'ar' ? '/' : '/en'),
    logo: `${publicUrl}/favicon.svg`,
    image: `${publicUrl}/favicon.svg`,
    ...(root.phone ? { telephone: root.phone } : {}),
    ...(root.contact.email ? { email: root.contact.email } : {}),
    address: { '@type': 'PostalAddress', addressCountry: 'SA', ...(street ? { streetAddress: street } : {}) },
    ...(location ? { geo: { '@type': 'GeoCoordinates', latitude: location.lat, longitude: location.lng } } : {}),
    ...(street || location || root.contact.mapsLink ? { hasMap: mapsLinkFor(root.contact, street) } : {}),
    ...(hasHours(hours) ? { openingHoursSpecification: openingHours(hours) } : {}),
    areaServed: citiesIn(root.contact, 'en', dictionaryFor('en').cities).map((name) => ({ '@type': 'City', name })),
    ...(profiles(root).length ? { sameAs: profiles(root) } : {}),
    ...(keywordsFor(root.keywords, lang).length ? { keywords: keywordsFor(root.keywords, lang).join(', ') } : {}),
    inLanguage: lang,
  };
}

/**
 * schema.org BreadcrumbList of an inner page (issue 34): the way back to the home page, named as the
 * page's own navigation and heading name it, so a search result can show "Home › Products › …".
 * The last step is the page itself, named without its address (Google's rules). None for the home
 * page, and none where the page is not for search results (a 404, the thank-you page).
 */
function breadcrumbs(publicUrl: string, view: PageState): Record<string, unknown> | undefined {
  if (view.status !== 200) return undefined;
  const t = dictionaryFor(view.lang);
  const home = { name: t.nav.home, path: pagePath('home', view.lang) };
  let trail: { name: string; path?: string }[];
  switch (view.page) {
    case 'about':
    case 'portfolio':
    case 'products':
    case 'contact':
      trail = [home, { name: t.nav[view.page] }];
      break;
    case 'privacy':
      trail = [home, { name: t.privacy.heading }];
      break;
    case 'faq':
      trail = [home, { name: t.faq.heading }];
      break;
    case 'request':
      trail = [home, { name: t.request.heading }];
      break;
    case 'card-details': {
      // A product's page under Products, a project's under Portfolio (its address says which).
      const section = view.data.card.path.includes('/portfolio/') ? 'portfolio' : 'products';
      trail = [home, { name: t.nav[section], path: pagePath(section, view.lang) }, { name: view.data.card.title }];
      break;
    }
    case 'city':
      trail = [home, { name: t.city.heading(view.data.city.name) }];
      break;
    default:
      return undefined;
  }
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.name,
      ...(step.path ? { item: publicUrl + step.path } : {}),
    })),
  };
}

/**
 * schema.org Service of a page about one service: a product's page (the product as installed by the
 * business, in the cities it serves) or a city's page (the service in that city). Provided by the
 * business (its @id); no price, offer or rating is claimed, none being shown.
 */
function service(publicUrl: string, view: PageState, root: RootData): Record<string, unknown> | undefined {
  if (view.status !== 200) return undefined;
  const t = dictionaryFor(view.lang);
  const provider = { '@id': `${publicUrl}/#business` };
  if (view.page === 'card-details') {
    const { card } = view.data;
    return {
      '@type': 'Service',
      name: card.title,
      description: card.description,
      image: publicUrl + card.image.src,
      provider,
      areaServed: citiesIn(root.contact, view.lang, t.cities).map((name) => ({ '@type': 'City', name })),
    };
  }
  if (view.page === 'city') {
    const { city } = view.data;
    return {
      '@type': 'Service',
      name: t.city.heading(city.name),
      serviceType: t.service,
      provider,
      areaServed: { '@type': 'City', name: city.name },
    };
  }
  return undefined;
}

/**
 * schema.org FAQPage of a page that shows questions and their answers (decision 036): the questions
 * page, and a city's or a product's page with questions of its own. It names exactly the questions
 * the page shows, in the words it shows them; none where the page shows none.
 */
function faqPage(view: PageState): Record<string, unknown> | undefined {
  if (view.status !== 200) return undefined;
  const faqs = view.page === 'faq' || view.page === 'city' || view.page === 'card-details' ? view.data.faqs : [];
  if (faqs.length === 0) return undefined;
  return {
    '@type': 'FAQPage',
    inLanguage: view.lang,
    mainEntity: faqs.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer.join('\n\n') },
    })),
  };
}

/** The page's structured data in one graph: the business, and on an inner page its breadcrumbs, service and questions. */
export function structuredData(publicUrl: string, view: PageState, root: RootData): Record<string, unknown> {
  const { '@context': context, ...business } = localBusiness(publicUrl, view.lang, root);
  const more = [breadcrumbs(publicUrl, view), service(publicUrl, view, root), faqPage(view)].filter(Boolean);
  return more.length ? { '@context': context, '@graph': [business, ...more] } : { '@context': context, ...business };
}

const STATIC_PAGES = ['/', '/about', '/portfolio', '/products', '/contact', '/faq', '/privacy', '/request'];

export interface SitemapCard extends CardAddress {
  updatedAt: string;
}

/** A published city's page (/cities/<slug>) and when its own content last changed. */
export interface SitemapCity {
  slug: string;
  updatedAt: string;
}

/**
 * Every public page in both languages, each with its alternates: every product and project at its
 * addresses (decision 035), each published city; the questions page only while it shows questions
 * (its lastmod: decision 036).
 */
export function sitemapXml(
  publicUrl: string,
  cards: SitemapCard[],
  cities: SitemapCity[] = [],
  fixedDates: Record<string, string | undefined> = {},
): string {
  // `path`: the page's address in each language.
  const entry = (path: (lang: Language) => string, lastmod?: string) =>
    LANGUAGES.map((lang) => {
      const alt = LANGUAGES.map(
        (l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeHtml(publicUrl + path(l))}"/>`,
      ).join('\n');
      return `  <url>
    <loc>${escapeHtml(publicUrl + path(lang))}</loc>
${lastmod ? `    <lastmod>${escapeHtml(lastmod)}</lastmod>\n` : ''}${alt}
    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(publicUrl + path('ar'))}"/>
  </url>`;
    }).join('\n');
  const fixed = (key: string) => (lang: Language) => canonicalPath(key, lang);
  const urls = [
    ...STATIC_PAGES.filter((p) => p !== '/faq' || fixedDates['/faq'] !== undefined).map((p) =>
      entry(fixed(p), fixedDates[p]),
    ),
    ...cards.map((c) => entry((lang) => cardPath(c, lang), c.updatedAt.slice(0, 10))),
    ...cities.map((c) => entry(fixed(`/cities/${c.slug}`), c.updatedAt.slice(0, 10))),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
}

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *
Allow: /
Disallow: /admin
Disallow: /auth
Disallow: /upload
Disallow: /en/admin
Disallow: /en/auth
Disallow: /en/upload
Disallow: /api/

Sitemap: ${publicUrl}/sitemap.xml
`;
}
