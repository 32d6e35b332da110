/**
 * Opening hours and the map link of the contact details: the rules both sides share (the server
 * checks them, the pages show them). Kept free of TypeBox so the public bundle can import it.
 */
import type { Language } from './language.ts';

/** The days of a week as the business counts them: a Saudi week starts on Sunday. */
export const WEEK_DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/**
 * Opening and closing time of one range, "HH:MM" on a 24-hour clock. A closing time earlier than
 * the opening time closes after midnight, on the next day's clock (16:00–01:00).
 */
export interface TimeRange {
  from: string;
  to: string;
}
/** Per day: [] closed, else one or two ranges, the second after the first; only the last may run past midnight. */
export type OpeningHours = Record<WeekDay, TimeRange[]>;
export interface MapLocation {
  lat: number;
  lng: number;
}

/** "HH:MM", 00:00 to 23:59. */
export const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
export const MAX_RANGES = 2;

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** True when the range closes after midnight, on the next day (16:00–01:00; 18:00–00:00 closes at midnight). */
export const pastMidnight = (r: TimeRange): boolean => minutesOf(r.to) < minutesOf(r.from);

/** A rule of the hours broken: the field, and the code of the catalogue (error-codes.ts) with the values its sentence says. */
export type HoursProblem =
  | { field: string; code: 'hours.same_time' | 'hours.past_midnight'; params: { field: string; from: string } }
  | { field: string; code: 'hours.overlap'; params: { field: string; time: string } };

/**
 * Every rule a week's hours break, each as the field it names and the code of its sentence, which
 * starts with that field (the API's way); empty when none. The shapes (days, "HH:MM", at most two ranges) the schema checks.
 */
export function hoursProblems(hours: OpeningHours): HoursProblem[] {
  const problems: HoursProblem[] = [];
  for (const day of WEEK_DAYS) {
    const ranges = hours[day];
    for (const [i, r] of ranges.entries()) {
      const field = `hours.${day}.${i}.to`;
      if (r.to === r.from) {
        problems.push({ field, code: 'hours.same_time', params: { field, from: r.from } });
      } else if (pastMidnight(r) && i < ranges.length - 1) {
        problems.push({ field, code: 'hours.past_midnight', params: { field, from: r.from } });
      }
    }
    const [first, second] = ranges;
    if (first && second && !pastMidnight(first) && minutesOf(second.from) < minutesOf(first.to)) {
      const field = `hours.${day}.1.from`;
      problems.push({ field, code: 'hours.overlap', params: { field, time: first.to } });
    }
  }
  return problems;
}

/** A time as people read it: "8:30 AM" in English, "8:30 ص" in Arabic (digits as the site writes them). */
export function formatTime(time: string, lang: Language): string {
  const minutes = minutesOf(time);
  const h = Math.floor(minutes / 60);
  const clock = `${h % 12 === 0 ? 12 : h % 12}:${time.slice(3, 5)}`;
  if (lang === 'ar') return `${clock}\u00a0${h < 12 ? 'ص' : 'م'}`;
  return `${clock}\u00a0${h < 12 ? 'AM' : 'PM'}`;
}

/** True when at least one day is open: hours with every day closed say nothing worth a table. */
export const hasHours = (hours: OpeningHours | null): hours is OpeningHours =>
  hours !== null && WEEK_DAYS.some((d) => hours[d].length > 0);

/**
 * The business's wall clock. Saudi Arabia keeps UTC+3 all year (no daylight saving), so this needs
 * no time-zone database and reads the same in every browser.
 */
export function riyadhClock(at: Date): { day: number; minutes: number } {
  const riyadh = new Date(at.getTime() + 3 * 60 * 60 * 1000);
  return { day: riyadh.getUTCDay(), minutes: riyadh.getUTCHours() * 60 + riyadh.getUTCMinutes() };
}

export interface HoursStatus {
  open: boolean;
  /**
   * Open: when it closes ("in" days from today: 1 for a range that closes after midnight).
   * Closed: when it next opens (0 = later today); absent if never.
   */
  change?: { time: string; day: WeekDay; inDays: number };
}

/** Whether the business is open at `at` (Riyadh time), and when that changes. */
export function hoursStatus(hours: OpeningHours, at: Date): HoursStatus {
  const { day, minutes } = riyadhClock(at);
  const today = WEEK_DAYS[day]!;
  const tomorrow = WEEK_DAYS[(day + 1) % 7]!;
  // Still in yesterday's last range, the one that runs past midnight.
  const yesterday = hours[WEEK_DAYS[(day + 6) % 7]!].find((r) => pastMidnight(r) && minutes < minutesOf(r.to));
  if (yesterday) return { open: true, change: { time: yesterday.to, day: today, inDays: 0 } };
  for (const r of hours[today]) {
    if (minutes < minutesOf(r.from)) continue;
    if (pastMidnight(r)) return { open: true, change: { time: r.to, day: tomorrow, inDays: 1 } };
    if (minutes < minutesOf(r.to)) return { open: true, change: { time: r.to, day: today, inDays: 0 } };
  }
  // Up to a week ahead: a business open one day a week opens again on the same day next week.
  for (let inDays = 0; inDays <= 7; inDays++) {
    const d = WEEK_DAYS[(day + inDays) % 7]!;
    const next = hours[d].find((r) => inDays > 0 || minutesOf(r.from) > minutes);
    if (next) return { open: false, change: { time: next.from, day: d, inDays } };
  }
  return { open: false };
}
