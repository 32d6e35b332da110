import type { Db } from '../../db/database.ts';
import type { Language } from '../../../shared/language.ts';
import { addDays, dayIn } from './classify.ts';
import { dailyTotals, periodTotals, topTotals, type Counts, type Dim } from './lead-totals.ts';
import { cardIdOf, cardNames } from './page-names.ts';
import { servedCities } from '../requests/request-cities.ts';

interface Totals {
  visitors: number;
  views: number;
  calls: number;
  whatsapp: number;
  emails: number;
  contacts: number;
  /** Visitors who got in touch (each once a day, however many taps). */
  contacted: number;
  /** Of 100 visitors, how many got in touch: contacted per 100 visitors, never more than 100. */
  contactsPer100: number;
  /** Quote requests sent (stored; robots' and refused ones are not). */
  requests: number;
}
interface Ranked {
  key: string;
  visitors: number;
  calls: number;
  whatsapp: number;
  emails: number;
  contacts: number;
  requests: number;
}
interface RankedPage extends Ranked {
  /** A detail page's card, in the language asked: absent when the card is no longer there. */
  title?: string;
  cardType?: 'product' | 'portfolio';
}
export interface Results {
  from: string;
  to: string;
  totals: Totals;
  previous: Totals;
  daily: { day: string; visitors: number; contacts: number; requests: number }[];
  /** Per page, its visitors are those who saw it (not only those who entered on it). */
  pages: RankedPage[];
  sources: Ranked[];
  languages: Ranked[];
  devices: Ranked[];
  /** The cities requests asked for: key as counted (the city in Arabic, or 'other'), title in the language asked. */
  cities: { key: string; title: string; requests: number }[];
}

/** The lists' length: the top ten of each. */
const TOP = 10;

const contactsOf = (c: Counts) => c.calls + c.whatsapp + c.emails;

function totalsOf(c: Counts): Totals {
  const contacted = Math.min(c.contacted, c.visitors);
  return {
    visitors: c.visitors,
    views: c.views,
    calls: c.calls,
    whatsapp: c.whatsapp,
    emails: c.emails,
    contacts: contactsOf(c),
    contacted,
    contactsPer100: c.visitors > 0 ? Math.round((contacted * 1000) / c.visitors) / 10 : 0,
    requests: c.requests,
  };
}

const ranked = (r: Counts & { key: string }): Ranked => ({
  key: r.key,
  visitors: r.visitors,
  calls: r.calls,
  whatsapp: r.whatsapp,
  emails: r.emails,
  contacts: contactsOf(r),
  requests: r.requests,
});

/** The period of `days` days ending today (in the business's time zone). */
export function periodOf(timeZone: string, days: number, now = new Date()): { from: string; to: string } {
  const to = dayIn(timeZone, now);
  return { from: addDays(to, -(days - 1)), to };
}

/**
 * What the Results screen shows for the `days` days from `from` to `to`: sums of the daily totals
 * (lead_totals), each list the top ten in SQL. Reads only; cards named in `lang`.
 */
export async function leadResults(db: Db, from: string, to: string, days: number, lang: Language): Promise<Results> {
  const top = (dim: Dim) => topTotals(db, dim, from, to, TOP);
  const [totals, previous, daily, pages, sources, languages, devices, cities, arabic, named] = await Promise.all([
    periodTotals(db, from, to),
    periodTotals(db, addDays(from, -days), addDays(from, -1)),
    dailyTotals(db, from, to),
    top('page'),
    top('source'),
    top('language'),
    top('device'),
    top('city'),
    servedCities(db, 'ar'),
    servedCities(db, lang),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const series: Results['daily'] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const d = byDay.get(day);
    series.push({ day, visitors: d?.visitors ?? 0, contacts: d ? contactsOf(d) : 0, requests: d?.requests ?? 0 });
  }
  const cards = await cardNames(
    db,
    pages.map((p) => p.key),
    lang,
  );
  return {
    from,
    to,
    totals: totalsOf(totals),
    previous: totalsOf(previous),
    daily: series,
    pages: pages.map((p) => {
      const card = cards.get(cardIdOf(p.key) ?? '');
      return card ? { ...ranked(p), title: card.title, cardType: card.type } : ranked(p);
    }),
    sources: sources.map(ranked),
    languages: languages.map(ranked),
    devices: devices.map(ranked),
    // A city no longer served keeps its Arabic name; 'other' is named by the screen.
    cities: cities
      .filter((c) => c.requests > 0)
      .map((c) => ({ key: c.key, title: named[arabic.indexOf(c.key)] ?? c.key, requests: c.requests })),
  };
}
