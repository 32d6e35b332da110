import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Reads of lead_totals: the counts added up per day and per page, source, language and device as
 * they were written (src/server/features/leads/lead-writes.ts). A day has one 'day' row and one row per page,
 * source (at most the fixed ones and SOURCES_PER_DAY more), language and device, so 90 days are a
 * few tens of thousands of rows at the very most, whatever lead_counts holds: every read here is
 * an aggregate in SQL over that, with a LIMIT where it lists.
 */

export type Dim = 'page' | 'source' | 'language' | 'device' | 'city';
export interface Counts {
  views: number;
  visitors: number;
  calls: number;
  whatsapp: number;
  emails: number;
  contacted: number;
  /** Quote requests stored (lead-requests.ts). */
  requests: number;
}

const sums = [
  sql<number>`coalesce(sum(views), 0)`.as('views'),
  sql<number>`coalesce(sum(visitors), 0)`.as('visitors'),
  sql<number>`coalesce(sum(calls), 0)`.as('calls'),
  sql<number>`coalesce(sum(whatsapp), 0)`.as('whatsapp'),
  sql<number>`coalesce(sum(emails), 0)`.as('emails'),
  sql<number>`coalesce(sum(contacted), 0)`.as('contacted'),
  sql<number>`coalesce(sum(requests), 0)`.as('requests'),
];

const counts = (r: Record<string, unknown>): Counts => ({
  views: Number(r.views ?? 0),
  visitors: Number(r.visitors ?? 0),
  calls: Number(r.calls ?? 0),
  whatsapp: Number(r.whatsapp ?? 0),
  emails: Number(r.emails ?? 0),
  contacted: Number(r.contacted ?? 0),
  requests: Number(r.requests ?? 0),
});

/** The counts of the days from `from` to `to` (inclusive), added up. */
export async function periodTotals(db: Db, from: string, to: string): Promise<Counts> {
  const row = await db
    .selectFrom('lead_totals')
    .select(sums)
    .where('dim', '=', 'day')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirst();
  return counts(row ?? {});
}

/** Each day's counts from `from` to `to` (days without any are missing). */
export async function dailyTotals(db: Db, from: string, to: string): Promise<(Counts & { day: string })[]> {
  const rows = await db
    .selectFrom('lead_totals')
    .select(['day', ...sums])
    .where('dim', '=', 'day')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, ...counts(r) }));
}

/** The `limit` keys of `dim` that brought most contacts and requests (then visitors) from `from` to `to`. */
export async function topTotals(
  db: Db,
  dim: Dim,
  from: string,
  to: string,
  limit: number,
): Promise<(Counts & { key: string })[]> {
  const rows = await db
    .selectFrom('lead_totals')
    .select(['key', ...sums])
    .where('dim', '=', dim)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('key')
    .orderBy(sql`sum(calls) + sum(whatsapp) + sum(emails) + sum(requests)`, 'desc')
    .orderBy(sql`sum(visitors)`, 'desc')
    .orderBy('key')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ key: r.key, ...counts(r) }));
}

/** Contacts (calls, WhatsApp, emails) from each card's detail page from `from` to `to`, by card id. */
export async function contactsByCard(db: Db, from: string, to: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('lead_totals')
    .select(['key', sql<number>`sum(calls) + sum(whatsapp) + sum(emails)`.as('contacts')])
    .where('dim', '=', 'page')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('key', 'like', '/card-details?id=%')
    .groupBy('key')
    .execute();
  const out: Record<string, number> = {};
  for (const r of rows) {
    const contacts = Number(r.contacts);
    if (contacts > 0) out[r.key.slice('/card-details?id='.length)] = contacts;
  }
  return out;
}

/**
 * Builds lead_totals again from lead_counts (after an import, which carries only the counts). A
 * page's visitors are its rows' page visitors, or their visitors where a file from before page
 * visitors were counted has none (those who entered on a page saw it). The requests per city are
 * not in lead_counts: they start again from the import (the requests per day, page, language,
 * device and source are kept).
 */
export async function rebuildTotals(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('lead_totals').execute();
  const columns = sql`(dim, day, key, views, visitors, calls, whatsapp, emails, contacted, requests)`;
  const rest = sql`sum(calls), sum(whatsapp), sum(emails), sum(contacted), sum(requests)`;
  await sql`insert into lead_totals ${columns} select 'day', day, '', sum(views), sum(visitors), ${rest} from lead_counts group by day`.execute(
    db,
  );
  for (const dim of ['source', 'language', 'device'] as const) {
    await sql`insert into lead_totals ${columns} select ${sql.lit(dim)}, day, ${sql.ref(dim)}, sum(views), sum(visitors), ${rest} from lead_counts group by day, ${sql.ref(dim)}`.execute(
      db,
    );
  }
  await sql`insert into lead_totals ${columns}
    select 'page', day, page, sum(views), sum(case when page_visitors < visitors then visitors else page_visitors end), ${rest}
    from lead_counts group by day, page`.execute(db);
}
