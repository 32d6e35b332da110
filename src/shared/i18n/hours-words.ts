/**
 * The opening-hours card's words that depend on the clock: the days, "Today", "Open now" and when
 * that changes. They are part of each language's dictionary (`contact`), and kept in a module of
 * their own because the open-now island, which writes them in the browser, should carry these
 * and not the whole dictionaries (src/web/public/islands/open-now.ts).
 */
import type { Language } from '../language.ts';

export interface HoursWords {
  days: [string, string, string, string, string, string, string];
  today: string;
  openNow: string;
  closedNow: string;
  /** After "Open now": until when. */
  until: (time: string) => string;
  /** After "Closed now": when it opens next (inDays 0 = later today, 1 = tomorrow). */
  opens: (day: string, time: string, inDays: number) => string;
}

export const HOURS_WORDS: Record<Language, HoursWords> = {
  ar: {
    days: ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
    today: 'اليوم',
    openNow: 'مفتوح الآن',
    closedNow: 'مغلق الآن',
    until: (time) => `حتى ${time}`,
    opens: (day, time, inDays) =>
      inDays === 0
        ? `يفتح الساعة ${time}`
        : inDays === 1
          ? `يفتح غدًا الساعة ${time}`
          : `يفتح يوم ${day} الساعة ${time}`,
  },
  en: {
    days: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    today: 'Today',
    openNow: 'Open now',
    closedNow: 'Closed now',
    until: (time) => `until ${time}`,
    opens: (day, time, inDays) =>
      inDays === 0 ? `opens at ${time}` : inDays === 1 ? `opens tomorrow at ${time}` : `opens ${day} at ${time}`,
  },
};
