import { dictionaryFor, dirOf } from '../../web/shared/i18n/index.ts';
import type { Hydration } from '../../web/public/data.ts';
import type { PageMeta } from '../../web/public/meta.ts';
import type { Manifest } from './manifest.ts';
import { entryAssets, stylesheetText } from './manifest.ts';
import { alternates, escapeHtml, localBusiness, scriptJson } from './seo.ts';

export const PUBLIC_ENTRY = 'src/web/public/entry-client.tsx';
/** Replaced by a fresh nonce in every response, so one cached string serves everyone. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

const FONT_SOURCES = {
  ar: ['src/web/shared/fonts/plex-arabic-400.woff2', 'src/web/shared/fonts/plex-arabic-700.woff2'],
  en: ['src/web/shared/fonts/plex-latin-400.woff2', 'src/web/shared/fonts/plex-latin-700.woff2'],
};

export interface DocumentInput {
  publicUrl: string;
  manifest: Manifest;
  hydration: Hydration;
  meta: PageMeta;
  /** The app's server-rendered markup. */
  appHtml: string;
}

/** The whole HTML document of a public page, with NONCE_PLACEHOLDER where the CSP nonce goes. */
export function renderDocument({ publicUrl, manifest, hydration, meta, appHtml }: DocumentInput): string {
  const { view, root } = hydration;
  const lang = view.lang;
  const t = dictionaryFor(lang);
  const assets = entryAssets(manifest, PUBLIC_ENTRY);
  const { canonical, links } = alternates(publicUrl, view);
  const attr = escapeHtml;
  const image = meta.image ? publicUrl + meta.image.src : undefined;
  const fonts = FONT_SOURCES[lang].map((src) => manifest[src]?.file).filter(Boolean);
  const nonce = NONCE_PLACEHOLDER;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}">`,
    root.keywords.length ? `<meta name="keywords" content="${attr(root.keywords.join(', '))}">` : '',
    view.status === 404 ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${attr(canonical)}">`,
    ...(view.status === 404 ? [] : links.map((l) => `<link rel="alternate" hreflang="${l.hreflang}" href="${attr(l.href)}">`)),
    '<meta name="theme-color" content="#0f4c5c">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...fonts.map((f) => `<link rel="preload" href="/${f}" as="font" type="font/woff2" crossorigin>`),
    // The stylesheet (5 KB compressed) is inlined: one request fewer before the first paint on a slow phone network.
    ...assets.css.map((h) => `<style nonce="${nonce}">${stylesheetText(h)}</style>`),
    `<link rel="modulepreload" href="${assets.script}" nonce="${nonce}">`,
    ...assets.preload.map((h) => `<link rel="modulepreload" href="${h}" nonce="${nonce}">`),
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${attr(t.siteName)}">`,
    `<meta property="og:title" content="${attr(meta.title)}">`,
    `<meta property="og:description" content="${attr(meta.description)}">`,
    `<meta property="og:url" content="${attr(canonical)}">`,
    `<meta property="og:locale" content="${t.locale}">`,
    `<meta property="og:locale:alternate" content="${dictionaryFor(lang === 'ar' ? 'en' : 'ar').locale}">`,
    image ? `<meta property="og:image" content="${attr(image)}">` : '',
    image && meta.image ? `<meta property="og:image:width" content="${meta.image.width}"><meta property="og:image:height" content="${meta.image.height}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${attr(meta.title)}">`,
    `<meta name="twitter:description" content="${attr(meta.description)}">`,
    image ? `<meta name="twitter:image" content="${attr(image)}">` : '',
    `<script type="application/ld+json" nonce="${nonce}">${scriptJson(localBusiness(publicUrl, lang, root))}</script>`,
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${lang}" dir="${dirOf(lang)}">
<head>
${head.join('\n')}
</head>
<body>
<div id="app">${appHtml}</div>
<script type="application/json" id="__hydration" nonce="${nonce}">${scriptJson(hydration)}</script>
<script type="module" src="${assets.script}" nonce="${nonce}"></script>
</body>
</html>
`;
}

/** Content-Security-Policy of a page: inline scripts and styles only with this response's nonce. */
export function pageCsp(nonce: string, https: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    `style-src 'self' 'nonce-${nonce}'`,
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
