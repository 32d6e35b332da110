import { createHash } from 'node:crypto';
import { dictionaryFor, dirOf } from '../../../shared/i18n/index.ts';
import type { PageState, RootData } from '../../../shared/page-data.ts';
import type { PageMeta } from '../../../shared/page-meta.ts';
import type { Manifest } from './manifest.ts';
import { entryAssets, stylesheetText } from './manifest.ts';
import { alternates, escapeHtml, scriptJson, structuredData } from './seo.ts';
import { keywordsFor } from '../../../shared/keywords.ts';

/** The public stylesheet, an entry of the public build of its own (vite.config.ts). */
const STYLESHEET = 'src/web/public/styles/site.css';
/** The request form's own stylesheet: only its two pages carry it. */
const REQUEST_STYLESHEET = 'src/web/public/styles/request.css';
const CITY_STYLESHEET = 'src/web/public/styles/city.css';
/** Questions and answers: only the pages that show some carry it. */
const FAQ_STYLESHEET = 'src/web/public/styles/faq.css';
/** The customer quotes' rules: only the pages that show some carry them. */
const QUOTES_STYLESHEET = 'src/web/public/styles/quotes.css';
/** The beacons (views and taps): every page's first script. */
const BOOT = 'src/web/public/boot.ts';
/**
 * The islands: one small script each, `src/web/public/islands/<name>.ts`, loaded by the pages whose
 * markup has an element marked `data-island="<name>"`.
 */
const ISLANDS_DIR = 'src/web/public/islands/';
const ISLAND_MARKER = /\sdata-island="([a-z-]+)"/g;

/**
 * Fonts fetched before the browser meets them in the stylesheet: the page language's two faces,
 * regular (body text) and bold (headings). Found only when the first heading was laid out, the bold
 * face arrived after the first paint and re-wrapped the headings (layout shift: a product page's
 * lead and buttons moved 41 px on a phone). The other script's faces, for a word in the other
 * language, are not preloaded: an Arabic page's own faces hold the ASCII letters of an email or a
 * name (src/web/shared/fonts.css).
 */
const FONT_SOURCES = {
  ar: ['src/web/shared/fonts/plex-arabic-400.woff2', 'src/web/shared/fonts/plex-arabic-700.woff2'],
  en: ['src/web/shared/fonts/plex-latin-400.woff2', 'src/web/shared/fonts/plex-latin-700.woff2'],
};

export interface DocumentInput {
  publicUrl: string;
  manifest: Manifest;
  root: RootData;
  view: PageState;
  meta: PageMeta;
  /** The page's server-rendered markup. */
  appHtml: string;
  /** The icons the markup shows with <use>, as hidden <symbol>s. */
  sprite: string;
  /** The day's token for the page's beacons (src/server/features/leads/beacon-token.ts), read by boot.ts from data-t. */
  beaconToken: string;
}

/**
 * The whole HTML document of a public page and its Content-Security-Policy. The document is the
 * same for every visitor, so it can be kept as bytes: the policy allows its inline stylesheet by
 * hash, not by a per-response nonce. Its one inline script is a JSON data block (structured data),
 * which browsers never run; the scripts that run are same-origin files, the islands the markup asks
 * for (none of them React: the page is not hydrated, decision 029).
 */
export function renderDocument(
  { publicUrl, manifest, root, view, meta, appHtml, sprite, beaconToken }: DocumentInput,
  https: boolean,
): { html: (string | Uint8Array)[]; csp: string } {
  const lang = view.lang;
  const t = dictionaryFor(lang);
  const { canonical, links } = alternates(publicUrl, view);
  const attr = escapeHtml;
  const image = meta.image ? publicUrl + meta.image.src : undefined;
  const fonts = FONT_SOURCES[lang].map((src) => manifest[src]?.file).filter(Boolean);
  const styles = [stylesheetText(stylesheetUrl(manifest))];
  if (view.page === 'request' || view.page === 'request-sent')
    styles.push(stylesheetText(stylesheetUrl(manifest, REQUEST_STYLESHEET)));
  if (view.page === 'city') styles.push(stylesheetText(stylesheetUrl(manifest, CITY_STYLESHEET)));
  if (showsQuestions(view)) styles.push(stylesheetText(stylesheetUrl(manifest, FAQ_STYLESHEET)));
  if (showsQuotes(view)) styles.push(stylesheetText(stylesheetUrl(manifest, QUOTES_STYLESHEET)));
  const keywords = keywordsFor(root.keywords, lang);
  // A thank-you page is one visitor's: not for search results.
  // Nor is a questions page without questions (decision 036): a thin page.
  const noindex =
    view.status === 404 || view.page === 'request-sent' || (view.page === 'faq' && view.data.faqs.length === 0);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}">`,
    keywords.length ? `<meta name="keywords" content="${attr(keywords.join(', '))}">` : '',
    noindex ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${attr(canonical)}">`,
    ...(noindex ? [] : links.map((l) => `<link rel="alternate" hreflang="${l.hreflang}" href="${attr(l.href)}">`)),
    '<meta name="theme-color" content="#0f4c5c">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...fonts.map((f) => `<link rel="preload" href="/${f}" as="font" crossorigin>`),
  ].filter(Boolean);
  const headAfter = [
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${attr(t.siteName)}">`,
    `<meta property="og:title" content="${attr(meta.title)}">`,
    `<meta property="og:description" content="${attr(meta.description)}">`,
    `<meta property="og:url" content="${attr(canonical)}">`,
    `<meta property="og:locale" content="${t.locale}">`,
    `<meta property="og:locale:alternate" content="${dictionaryFor(lang === 'ar' ? 'en' : 'ar').locale}">`,
    image ? `<meta property="og:image" content="${attr(image)}">` : '',
    image && meta.image
      ? `<meta property="og:image:width" content="${meta.image.width}"><meta property="og:image:height" content="${meta.image.height}">`
      : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${attr(meta.title)}">`,
    `<meta name="twitter:description" content="${attr(meta.description)}">`,
    image ? `<meta name="twitter:image" content="${attr(image)}">` : '',
    `<script type="application/ld+json">${scriptJson(structuredData(publicUrl, view, root))}</script>`,
  ].filter(Boolean);
  // The document in parts, each encoded as it is (see utf8 in lib/ready-bytes.ts): the stylesheets
  // (inlined, 5 KB compressed: one request fewer before the first paint on a slow phone network)
  // and the app's markup are never joined into one string with the rest.
  const html = [
    `<!doctype html>\n<html lang="${lang}" dir="${dirOf(lang)}">\n<head>\n${head.join('\n')}\n`,
    ...styles.flatMap((css) => ['<style>', encodedOnce(css), '</style>\n']),
    `${headAfter.join('\n')}\n</head>\n<body>\n`,
    encodedOnce(sprite),
    `\n<div id="app" data-t="${attr(beaconToken)}">`,
    appHtml,
    `</div>\n${islandScripts(manifest, appHtml).join('\n')}\n</body>\n</html>\n`,
  ];
  return { html, csp: pageCsp(styles, https) };
}

/** The questions page, and a city's or product's page with questions of its own. */
const showsQuestions = (view: PageState): boolean =>
  view.status === 200 &&
  (view.page === 'faq' || ((view.page === 'city' || view.page === 'card-details') && view.data.faqs.length > 0));

/** Whether the page shows customer quotes (components/proof.tsx renders nothing without any). */
const showsQuotes = (view: PageState): boolean =>
  view.status === 200 &&
  (view.page === 'about'
    ? view.data.quotes.length > 0
    : (view.page === 'home' || view.page === 'city') && view.data.proof.quotes.length > 0);

/** The URL of the public stylesheet, from the build manifest. */
function stylesheetUrl(manifest: Manifest, stylesheet = STYLESHEET): string {
  const file = manifest[stylesheet]?.file;
  if (!file) throw new Error(`${stylesheet} is missing from the build manifest; run npm run build`);
  return `/${file}`;
}

/**
 * The page's scripts: the beacons (boot.ts) first and `async` (they run as soon as they arrive, so a tap is
 * counted whatever else is still loading), then one deferred module per island its markup marks,
 * each once, in the order they first appear. Each island is a module of its own; an island that
 * imports a shared module gets that chunk through its own import, not through the page.
 * All at low priority: the page is whole without them (links, calls and WhatsApp work before any
 * script runs), so the fonts and the largest picture are fetched first; at their default (high)
 * they took a phone's bandwidth from the picture, and a page's largest paint came later.
 */
function islandScripts(manifest: Manifest, appHtml: string): string[] {
  const names = new Set<string>();
  for (const m of appHtml.matchAll(ISLAND_MARKER)) names.add(m[1]!);
  const src = (entry: string) => escapeHtml(entryAssets(manifest, entry).script);
  return [
    `<script type="module" async src="${src(BOOT)}" fetchpriority="low"></script>`,
    ...[...names].map(
      (name) => `<script type="module" src="${src(`${ISLANDS_DIR}${name}.ts`)}" fetchpriority="low"></script>`,
    ),
  ];
}

/**
 * The UTF-8 bytes of a text that is the same in every page of a build (a stylesheet, the icon
 * sprite): encoded once, copied into each page. Few such texts exist; a rebuild (development) adds some.
 */
const encoded = new Map<string, Uint8Array>();
function encodedOnce(text: string): Uint8Array {
  let bytes = encoded.get(text);
  if (bytes === undefined) {
    if (encoded.size > 16) encoded.clear();
    bytes = new TextEncoder().encode(text);
    encoded.set(text, bytes);
  }
  return bytes;
}

/** Hash sources of the inline stylesheets: built files never change under a running server, so kept. */
const hashes = new Map<string, string>();
const sha256 = (text: string) => {
  let source = hashes.get(text);
  if (source === undefined) {
    source = `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    if (hashes.size > 16) hashes.clear();
    hashes.set(text, source);
  }
  return source;
};

/** Content-Security-Policy of a page: scripts only from this origin, inline styles only these (by hash). */
function pageCsp(inlineStyles: string[], https: boolean): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${[...new Set(inlineStyles.map(sha256))].join(' ')}`.trim(),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
