import {
  formatTime,
  pastMidnight,
  WEEK_DAYS,
  type MapLocation,
  type OpeningHours,
  type TimeRange,
} from '../../../shared/hours.ts';
import type { Language } from '../../../shared/language.ts';
import type { Dict } from '../i18n/dictionary.ts';

/** One day's hours in words: "8:00 ص – 12:00 م، 4:00 م – 1:00 ص (اليوم التالي)", or "Closed". */
export const dayText = (ranges: readonly TimeRange[], lang: Language, t: Dict): string =>
  ranges.length === 0
    ? t.place.closed
    : ranges
        .map(
          (r) =>
            `${formatTime(r.from, lang)} – ${formatTime(r.to, lang)}${pastMidnight(r) ? ` ${t.place.nextDay}` : ''}`,
        )
        .join(lang === 'ar' ? '، ' : ', ');

/** A week's hours, one "Day: hours" line a day, Sunday first. */
export const weekLines = (hours: OpeningHours, lang: Language, t: Dict): string[] =>
  WEEK_DAYS.map((d, i) => `${t.place.days[i]}: ${dayText(hours[d], lang, t)}`);

export const locationText = (location: MapLocation): string => `${location.lat}, ${location.lng}`;
