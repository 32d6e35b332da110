import type { Db } from '../db/database.ts';
import { addDays, dayIn } from './classify.ts';
import { sumCounts, type Counts } from './leads-repository.ts';

interface Totals { visitors: number; views: number; calls: number; whatsapp: number; emails: number; contacts: number; contactsPer100: number }
interface Ranked { key: string; visitors: number; calls: number; whatsapp: number; emails: number; contacts: number }
export interface Results {
  from: string;
  to: string;
  totals: Totals;
  previous: Totals;
  daily: { day: string; visitors: number; contacts: number }[];
  pages: (Ranked & { title?: string })[];
  sources: Ranked[];
  languages: Ranked[];
  devices: Ranked[];
}

const contactsOf = (c: Counts) => c.calls + c.whatsapp + c.emails;

function totalsOf(c: Counts | undefined): Totals {
  const counts = c ?? { views: 0, visitors: 0, calls: 0, whatsapp: 0, emails: 0 };
  const contacts = contactsOf(counts);
  return {
    visitors: counts.visitors, views: counts.views, calls: counts.calls, whatsapp: counts.whatsapp, emails: counts.emails,
    contacts, contactsPer100: counts.visitors > 0 ? Math.round((contacts * 1000) / counts.visitors) / 10 : 0,
  };
}

/** The most contacts first (then visitors), at most `limit`. */
function ranked(rows: (Counts & { key: string })[], limit: number): Ranked[] {
  return rows.map((r) => ({ key: r.key, visitors: r.visitors, calls: r.calls, whatsapp: r.whatsapp, emails: r.emails, contacts: contactsOf(r) }))
    .sort((a, b) => b.contacts - a.contacts || b.visitors - a.visitors || (a.key < b.key ? -1 : 1))
    .slice(0, limit);
}

/** The period of `days` days ending today (in the business's time zone). */
export function periodOf(timeZone: string, days: number, now = new Date()): { from: string; to: string } {
  const to = dayIn(timeZone, now);
  return { from: addDays(to, -(days - 1)), to };
}

/** What the Results screen shows for the `days` days to `to`, every figure a sum over the CSV's rows. */
export async function leadResults(db: Db, from: string, to: string, days: number): Promise<Results> {
  const [[totals], [previous], daily, pages, sources, languages, devices] = await Promise.all([
    sumCounts(db, from, to),
    sumCounts(db, addDays(from, -days), addDays(from, -1)),
    sumCounts(db, from, to, 'day'),
    sumCounts(db, from, to, 'page'),
    sumCounts(db, from, to, 'source'),
    sumCounts(db, from, to, 'language'),
    sumCounts(db, from, to, 'device'),
  ]);
  const byDay = new Map(daily.map((d) => [d.key, d]));
  const series: Results['daily'] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const d = byDay.get(day);
    series.push({ day, visitors: d?.visitors ?? 0, contacts: d ? contactsOf(d) : 0 });
  }
  const topPages = ranked(pages, 10);
  const ids = topPages.map((p) => /^\/card-details\?id=(.+)$/.exec(p.key)?.[1]).filter((id): id is string => id !== undefined);
  const titles = new Map<string, string>();
  if (ids.length > 0) {
    for (const card of await db.selectFrom('cards').select(['id', 'title', 'title_en']).where('id', 'in', ids).execute()) titles.set(card.id, card.title);
  }
  return {
    from, to,
    totals: totalsOf(totals), previous: totalsOf(previous),
    daily: series,
    pages: topPages.map((p) => {
      const title = titles.get(/^\/card-details\?id=(.+)$/.exec(p.key)?.[1] ?? '');
      return title === undefined ? p : { ...p, title };
    }),
    sources: ranked(sources, 10),
    languages: ranked(languages, 10),
    devices: ranked(devices, 10),
  };
}

/** Contacts (calls, WhatsApp, emails) per product detail page from `from` to `to`, by card id. */
export async function contactsByCard(db: Db, from: string, to: string): Promise<Record<string, number>> {
  const rows = await sumCounts(db, from, to, 'page');
  const out: Record<string, number> = {};
  for (const row of rows) {
    const id = /^\/card-details\?id=(.+)$/.exec(row.key)?.[1];
    if (id) out[id] = (out[id] ?? 0) + contactsOf(row);
  }
  return out;
}
