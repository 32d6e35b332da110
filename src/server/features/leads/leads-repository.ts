import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { Language } from '../../../shared/language.ts';
import { deleteDaysBefore } from './lead-writes.ts';

/** The day's salt: made by the first server to ask, read by the others (one row per day). */
export async function daySalt(db: Db, day: string): Promise<string> {
  await db
    .insertInto('lead_salts')
    .values({ day, salt: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db.selectFrom('lead_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  return row.salt;
}

/** Deletes the salts, visitor hashes, marks and per-day counters of days before `today`: nothing ties one day's visitor to another's. */
export async function forgetVisitors(db: Db, today: string): Promise<number> {
  const hashes = await deleteDaysBefore(db, 'lead_visitors', today);
  await deleteDaysBefore(db, 'lead_marks', today);
  await deleteDaysBefore(db, 'lead_caps', today);
  await db.deleteFrom('lead_salts').where('day', '<', today).execute();
  return hashes;
}

/** Deletes counts (and their totals) of days before `firstKept`. */
export async function pruneCounts(db: Db, firstKept: string): Promise<number> {
  const rows = await deleteDaysBefore(db, 'lead_counts', firstKept);
  await deleteDaysBefore(db, 'lead_totals', firstKept);
  return rows;
}

export interface LeadOptions {
  weeklyEmail: boolean;
  language: Language;
}

export async function getOptions(db: Db): Promise<LeadOptions> {
  const row = await db.selectFrom('lead_options').selectAll().where('id', '=', 1).executeTakeFirst();
  return { weeklyEmail: row ? row.weekly_email === 1 : true, language: row?.language === 'en' ? 'en' : 'ar' };
}

export async function saveOptions(db: Db, options: Partial<LeadOptions>): Promise<LeadOptions> {
  const current = await getOptions(db);
  const next = { ...current, ...options };
  await db
    .insertInto('lead_options')
    .values({ id: 1, weekly_email: next.weeklyEmail ? 1 : 0, language: next.language })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ weekly_email: next.weeklyEmail ? 1 : 0, language: next.language }),
    )
    .execute();
  return next;
}
