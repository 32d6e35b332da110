import { resolvePage } from '../../../shared/paths.ts';
import type { Language } from '../../../shared/language.ts';

/** What a beacon is counted under: one row of lead_counts per day and these four. */
export type Device = 'mobile' | 'tablet' | 'desktop';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day (YYYY-MM-DD) `at` falls on in the business's time zone. */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** The day `days` days before (or after, negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

const CARD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The row of detail pages whose card is not on the site (a made-up id, or one deleted since). */
export const UNKNOWN_CARD_PAGE = '/card-details';

/**
 * The page a beacon names, as counted: the path without /en (and without a trailing slash), a
 * detail page with its card's id (`cardId`, which the caller checks against the cards there are, or
 * `cardSlug`, the address the caller finds the card of: either way counted as /card-details?id=<id>);
 * undefined for anything that is not one of the site's pages, so a made-up path never makes a row.
 */
export function countedPage(
  path: string,
): { page: string; language: Language; cardId?: string; cardSlug?: string; citySlug?: string } | undefined {
  let url: URL;
  try {
    url = new URL(path, 'http://x');
  } catch {
    return undefined;
  }
  const { page, lang, slug } = resolvePage(url.pathname);
  if (page === 'not-found') return undefined;
  // A city page is counted only when the caller finds the city (citySlug): made-up slugs make no rows.
  if (page === 'city') return { page: `/cities/${slug!}`, language: lang, citySlug: slug! };
  // A product's or project's page at its address: counted under its card's id (which the caller
  // finds from the slug), so that a changed address keeps its counts.
  if (page === 'card-details' && slug !== undefined) return { page: UNKNOWN_CARD_PAGE, language: lang, cardSlug: slug };
  if (page === 'card-details') {
    const id = url.searchParams.get('id');
    return id && CARD_ID.test(id)
      ? { page: `/card-details?id=${id}`, language: lang, cardId: id }
      : { page: UNKNOWN_CARD_PAGE, language: lang };
  }
  let bare = lang === 'en' ? url.pathname.slice(3) || '/' : url.pathname;
  if (bare.length > 1 && bare.endsWith('/')) bare = bare.slice(0, -1);
  return { page: bare === '/home' ? '/' : bare, language: lang };
}

/** Mobile, tablet or desktop, from the User-Agent (as the common analytics tools tell them apart). */
export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)|SM-T\d|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** Referring hosts by name: the end of the host decides (google.com.sa, m.facebook.com, …). */
const KNOWN_SOURCES: [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, 'Google'],
  [/(^|\.)bing\.com$/, 'Bing'],
  [/(^|\.)yahoo\.[a-z.]+$/, 'Yahoo'],
  [/(^|\.)duckduckgo\.com$/, 'DuckDuckGo'],
  [/(^|\.)yandex\.[a-z.]+$/, 'Yandex'],
  [/(^|\.)baidu\.com$/, 'Baidu'],
  [/(^|\.)ecosia\.org$/, 'Ecosia'],
  [/(^|\.)search\.brave\.com$/, 'Brave Search'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, 'Facebook'],
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, 'X (Twitter)'],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, 'LinkedIn'],
  [/(^|\.)tiktok\.com$/, 'TikTok'],
  [/(^|\.)snapchat\.com$/, 'Snapchat'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'YouTube'],
  [/(^|\.)(whatsapp\.com|wa\.me)$/, 'WhatsApp'],
  [/(^|\.)(t\.me|telegram\.org)$/, 'Telegram'],
  [/(^|\.)pinterest\.[a-z.]+$/, 'Pinterest'],
  [/(^|\.)reddit\.com$/, 'Reddit'],
];

/** Sources that are always kept apart: the names above, visits without a referrer, and the rest. */
export const FIXED_SOURCES: ReadonlySet<string> = new Set([
  ...KNOWN_SOURCES.map(([, name]) => name),
  'direct',
  'other',
]);

/**
 * The part of an address that stands for one household or office: the whole of an IPv4 address,
 * the first 64 bits of an IPv6 one (a home or phone gets a /64 and picks addresses in it freely).
 */
export function addressKey(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (v4) return v4[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const SOURCE_MAX = 100;
const UTM = /^[\p{L}\p{N} ._-]{1,100}$/u;

/**
 * Where a visit came from: `utm_source` of the link it arrived by; a search engine or social
 * network by name; another site's host; 'direct' without a referrer. A referrer on this site
 * itself says nothing about the visit's start: undefined (the caller decides).
 */
export function sourceOf(referrer: string, entrySearch: string, ownHosts: readonly string[]): string | undefined {
  const utm = new URLSearchParams(entrySearch.slice(0, 500)).get('utm_source')?.trim();
  if (utm && UTM.test(utm)) return utm.toLowerCase();
  if (!referrer) return 'direct';
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'direct';
    host = url.hostname.toLowerCase();
    if (ownHosts.includes(url.host.toLowerCase()) || ownHosts.includes(host)) return undefined;
  } catch {
    return 'direct';
  }
  for (const [pattern, name] of KNOWN_SOURCES) if (pattern.test(host)) return name;
  const bare = host.replace(/^www\./, '');
  return bare.length > 0 && bare.length <= SOURCE_MAX ? bare : 'direct';
}
