/**
 * What an owner pastes for the business's place on the map: coordinates typed in any digits, or a
 * Google Maps link (a place link, a share link). Shared by the admin (to say at once what it
 * understood) and the server (which decides). Kept free of TypeBox for the browser bundles.
 */
import type { MapLocation } from './hours.ts';

/** Arabic-Indic and Eastern Arabic-Indic digits, the Arabic decimal separator and comma, and the minus sign, as ASCII. */
export function westernDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/[\u060c\u066c]/g, ',')
    .replace(/\u2212/g, '-');
}

const onGlobe = (lat: number, lng: number): MapLocation | undefined =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
    ? { lat, lng }
    : undefined;

const NUMBER = '(-?\\d{1,3}(?:\\.\\d+)?)';
/** Two numbers and nothing else: "26.4207, 50.0888", "26.4207 50.0888", "26.4207°, 50.0888°". */
const PAIR = new RegExp(`^\\s*${NUMBER}\\s*°?\\s*(?:,|\\s)\\s*${NUMBER}\\s*°?\\s*$`);

/** Latitude and longitude typed as text (Western or Arabic digits), or undefined when the text is not such a pair. */
export function parseCoordinates(text: string): MapLocation | undefined {
  const m = westernDigits(text).match(PAIR);
  return m ? onGlobe(Number(m[1]), Number(m[2])) : undefined;
}

/** Google's own hosts of Maps: a country's Google (google.com.sa), its maps. subdomain, and the share links' hosts. */
const GOOGLE = /^(?:www\.|maps\.)?google\.(?:com|[a-z]{2}|com?\.[a-z]{2})$/;
const SHORT_HOSTS = new Set(['maps.app.goo.gl', 'goo.gl']);

/** A share link (maps.app.goo.gl/…, goo.gl/maps/…): it names no place until it is followed. */
export function isShortMapsLink(url: URL): boolean {
  return (
    url.protocol === 'https:' &&
    (url.hostname === 'maps.app.goo.gl' || (url.hostname === 'goo.gl' && url.pathname.startsWith('/maps/')))
  );
}

/** An https link to Google Maps: a share link, or a page of maps on a Google host. */
export function isGoogleMapsLink(url: URL): boolean {
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return false;
  if (SHORT_HOSTS.has(url.hostname)) return isShortMapsLink(url);
  if (!GOOGLE.test(url.hostname)) return false;
  return url.hostname.startsWith('maps.') || url.pathname === '/maps' || url.pathname.startsWith('/maps/');
}

/** The URL in `text` when it is an absolute http(s) link (a link pasted without https:// gets it). */
export function linkIn(text: string): URL | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The place's coordinates in a Google Maps link: the pin of a place link (!3d…!4d…), the point
 * searched (?q=, ?query=, ?ll=, /search/…, /place/…), else the centre of the view (@lat,lng,zoom).
 */
export function coordinatesInLink(url: URL): MapLocation | undefined {
  let href: string;
  try {
    href = westernDigits(decodeURIComponent(url.href.replace(/\+/g, ' ')));
  } catch {
    href = westernDigits(url.href);
  }
  const pin = href.match(/!3d(-?\d+(?:\.\d+)?)!4d(-?\d+(?:\.\d+)?)/);
  if (pin) return onGlobe(Number(pin[1]), Number(pin[2]));
  for (const key of ['q', 'query', 'll', 'destination', 'center']) {
    const value = url.searchParams.get(key);
    const pair = value === null ? undefined : parseCoordinates(value.replace(/^loc:/, ''));
    if (pair) return pair;
  }
  const path = href.match(/\/(?:search|place)\/\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)/);
  if (path) return onGlobe(Number(path[1]), Number(path[2]));
  const view = href.match(/@(-?\d{1,3}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)(?:,|$)/);
  return view ? onGlobe(Number(view[1]), Number(view[2])) : undefined;
}

/**
 * The Maps link a visitor opens: the owner's own link when there is one (a place link opens the
 * place's page), else a search by the coordinates, else by the address text. No map is embedded.
 */
export function mapsLinkFor(contact: { mapsLink: string; location: MapLocation | null }, address: string): string {
  if (contact.mapsLink !== '') return contact.mapsLink;
  const query = contact.location
    ? `${contact.location.lat},${contact.location.lng}`
    : encodeURIComponent(address.replace(/\s+/g, ' ').trim());
  return `https://www.google.com/maps/search/?api=1&query=${query}`;
}
