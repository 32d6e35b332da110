import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { LeadCountsTable } from '../db/schema.ts';
import type { Language } from '../../shared/language.ts';

export type LeadRow = LeadCountsTable;
export const COUNT_COLUMNS = ['views', 'visitors', 'calls', 'whatsapp', 'emails'] as const;
export type Counts = Record<(typeof COUNT_COLUMNS)[number], number>;

/** The day's salt: made by the first server to ask, read by the others (one row per day). */
export async function daySalt(db: Db, day: string): Promise<string> {
  await db.insertInto('lead_salts').values({ day, salt: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('day').doNothing()).execute();
  const row = await db.selectFrom('lead_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  return row.salt;
}

/**
 * Adds one batch in one transaction: the visitor hashes first (a hash already stored by any server
 * is not new, so a visitor counts once a day however many servers saw them), then every row's
 * counts in one upsert that adds to what is stored. Rows go in a fixed order, so two servers
 * adding into the same rows on PostgreSQL lock them in the same order and never deadlock.
 */
export async function addBatch(db: Db, rows: LeadRow[], visitors: { day: string; hash: string; row: string }[], keyOf: (row: LeadRow) => string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const byKey = new Map(rows.map((row) => [keyOf(row), row]));
    if (visitors.length > 0) {
      const sorted = [...visitors].sort((a, b) => (a.day + a.hash < b.day + b.hash ? -1 : 1));
      const added = await trx.insertInto('lead_visitors').values(sorted.map(({ day, hash }) => ({ day, hash })))
        .onConflict((oc) => oc.columns(['day', 'hash']).doNothing()).returning(['day', 'hash']).execute();
      const isNew = new Set(added.map((r) => `${r.day} ${r.hash}`));
      for (const v of visitors) if (isNew.has(`${v.day} ${v.hash}`)) byKey.get(v.row)!.visitors++;
    }
    const values = [...byKey.values()].filter((r) => COUNT_COLUMNS.some((c) => r[c] > 0)).sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
    if (values.length === 0) return;
    await trx.insertInto('lead_counts').values(values)
      .onConflict((oc) => oc.columns(['day', 'page', 'language', 'device', 'source']).doUpdateSet((eb) => ({
        views: eb('lead_counts.views', '+', eb.ref('excluded.views')),
        visitors: eb('lead_counts.visitors', '+', eb.ref('excluded.visitors')),
        calls: eb('lead_counts.calls', '+', eb.ref('excluded.calls')),
        whatsapp: eb('lead_counts.whatsapp', '+', eb.ref('excluded.whatsapp')),
        emails: eb('lead_counts.emails', '+', eb.ref('excluded.emails')),
      })))
      .execute();
  });
}

/** Deletes the salts and visitor hashes of days before `today`: nothing ties one day's visitor to another's. */
export async function forgetVisitors(db: Db, today: string): Promise<number> {
  const hashes = await db.deleteFrom('lead_visitors').where('day', '<', today).executeTakeFirst();
  await db.deleteFrom('lead_salts').where('day', '<', today).execute();
  return Number(hashes.numDeletedRows);
}

/** Deletes counts of days before `firstKept`. */
export async function pruneCounts(db: Db, firstKept: string): Promise<number> {
  const result = await db.deleteFrom('lead_counts').where('day', '<', firstKept).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every non-empty row from `from` to `to` (days, inclusive), in the CSV's order. */
export async function countRows(db: Db, from: string, to: string): Promise<LeadRow[]> {
  const rows = await db.selectFrom('lead_counts').selectAll().where('day', '>=', from).where('day', '<=', to)
    .orderBy('day').orderBy('page').orderBy('language').orderBy('device').orderBy('source').execute();
  return rows.map((r) => ({ ...r, ...Object.fromEntries(COUNT_COLUMNS.map((c) => [c, Number(r[c])])) }) as LeadRow);
}

/** Sums of the count columns from `from` to `to`, grouped by `by` (a column) or not at all. */
export async function sumCounts(db: Db, from: string, to: string, by?: 'day' | 'page' | 'language' | 'device' | 'source'): Promise<(Counts & { key: string })[]> {
  const sums = COUNT_COLUMNS.map((c) => sql<number>`coalesce(sum(${sql.ref(c)}), 0)`.as(c));
  let query = db.selectFrom('lead_counts').where('day', '>=', from).where('day', '<=', to);
  if (by) {
    const rows = await query.select([sql.ref(by).as('key') as never, ...sums] as never).groupBy(by).execute() as Record<string, unknown>[];
    return rows.map(toCounts);
  }
  query = query.select(sums as never);
  const rows = await query.execute() as Record<string, unknown>[];
  return rows.map(toCounts);
}

function toCounts(row: Record<string, unknown>): Counts & { key: string } {
  return { key: String(row.key ?? ''), ...Object.fromEntries(COUNT_COLUMNS.map((c) => [c, Number(row[c] ?? 0)])) } as Counts & { key: string };
}

export interface LeadOptions { weeklyEmail: boolean; language: Language }

export async function getOptions(db: Db): Promise<LeadOptions> {
  const row = await db.selectFrom('lead_options').selectAll().where('id', '=', 1).executeTakeFirst();
  return { weeklyEmail: row ? row.weekly_email === 1 : true, language: row?.language === 'en' ? 'en' : 'ar' };
}

export async function saveOptions(db: Db, options: Partial<LeadOptions>): Promise<LeadOptions> {
  const current = await getOptions(db);
  const next = { ...current, ...options };
  await db.insertInto('lead_options').values({ id: 1, weekly_email: next.weeklyEmail ? 1 : 0, language: next.language })
    .onConflict((oc) => oc.column('id').doUpdateSet({ weekly_email: next.weeklyEmail ? 1 : 0, language: next.language })).execute();
  return next;
}
