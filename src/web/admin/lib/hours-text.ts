import { formatTime, WEEK_DAYS, type MapLocation, type OpeningHours, type TimeRange } from '../../../shared/hours.ts';
import type { Language } from '../../../shared/language.ts';
import type { Dict } from '../i18n/dictionary.ts';

/** One day's hours in words: "8:00 ص – 12:00 م، 4:00 م – 10:00 م", or "Closed". */
export const dayText = (ranges: readonly TimeRange[], lang: Language, t: Dict): string =>
  ranges.length === 0 ? t.place.closed
    : ranges.map((r) => `${formatTime(r.from, lang)} – ${formatTime(r.to, lang)}`).join(lang === 'ar' ? '، ' : ', ');

/** A week's hours, one "Day: hours" line a day, Sunday first. */
export const weekLines = (hours: OpeningHours, lang: Language, t: Dict): string[] =>
  WEEK_DAYS.map((d, i) => `${t.place.days[i]}: ${dayText(hours[d], lang, t)}`);

export const locationText = (location: MapLocation): string => `${location.lat}, ${location.lng}`;

/**
 * The coordinates in what the owner pasted: "24.7136, 46.6753", or a maps link with them in it
 * (…/@24.7136,46.6753,15z). Undefined when there is no such pair or it is off the globe.
 */
export function parseLocation(text: string): MapLocation | undefined {
  const m = text.match(/(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)/);
  if (!m) return undefined;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { lat, lng };
}
