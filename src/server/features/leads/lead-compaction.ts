import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { addDays, FIXED_SOURCES } from './classify.ts';

/** Campaign names and referring sites a finished day keeps rows for: those that brought the most visitors. */
export const SOURCES_KEPT = 20;
/** Days looked at by each run (the hourly job): a server down for a few days catches up. */
const DAYS_BACK = 7;

const fixed = [...FIXED_SOURCES];

/**
 * Once a day is over, its sources beyond the fixed ones and the SOURCES_KEPT that brought the most
 * visitors (then views) are folded into 'other', in lead_counts and lead_totals alike: during the
 * day the first SOURCES_PER_DAY get rows (a bound every server keeps), and the day keeps the top
 * ones. Idempotent: a day already folded has nothing left to fold. Answers the rows folded.
 */
export async function compactSources(db: Db, today: string): Promise<number> {
  let folded = 0;
  for (let back = DAYS_BACK; back >= 1; back--) folded += await compactDay(db, addDays(today, -back));
  return folded;
}

async function compactDay(db: Db, day: string): Promise<number> {
  const ranked = await db
    .selectFrom('lead_totals')
    .select('key')
    .where('dim', '=', 'source')
    .where('day', '=', day)
    .where('key', 'not in', fixed)
    .orderBy('visitors', 'desc')
    .orderBy('views', 'desc')
    .orderBy('key')
    .execute();
  const losers = ranked.slice(SOURCES_KEPT).map((r) => r.key);
  if (losers.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const sums = sql`sum(views), sum(visitors), sum(page_visitors), sum(calls), sum(whatsapp), sum(emails), sum(contacted), sum(requests)`;
    await sql`insert into lead_counts (day, page, language, device, source, views, visitors, page_visitors, calls, whatsapp, emails, contacted, requests)
      select day, page, language, device, 'other', ${sums} from lead_counts where day = ${day} and source in (${sql.join(losers)})
      group by day, page, language, device
      on conflict (day, page, language, device, source) do update set
        views = lead_counts.views + excluded.views, visitors = lead_counts.visitors + excluded.visitors,
        page_visitors = lead_counts.page_visitors + excluded.page_visitors, calls = lead_counts.calls + excluded.calls,
        whatsapp = lead_counts.whatsapp + excluded.whatsapp, emails = lead_counts.emails + excluded.emails,
        contacted = lead_counts.contacted + excluded.contacted, requests = lead_counts.requests + excluded.requests`.execute(
      trx,
    );
    const gone = await trx
      .deleteFrom('lead_counts')
      .where('day', '=', day)
      .where('source', 'in', losers)
      .executeTakeFirst();
    await sql`insert into lead_totals (dim, day, key, views, visitors, calls, whatsapp, emails, contacted, requests)
      select 'source', day, 'other', sum(views), sum(visitors), sum(calls), sum(whatsapp), sum(emails), sum(contacted), sum(requests)
      from lead_totals where dim = 'source' and day = ${day} and key in (${sql.join(losers)}) group by day
      on conflict (dim, day, key) do update set
        views = lead_totals.views + excluded.views, visitors = lead_totals.visitors + excluded.visitors,
        calls = lead_totals.calls + excluded.calls, whatsapp = lead_totals.whatsapp + excluded.whatsapp,
        emails = lead_totals.emails + excluded.emails, contacted = lead_totals.contacted + excluded.contacted,
        requests = lead_totals.requests + excluded.requests`.execute(trx);
    await trx
      .deleteFrom('lead_totals')
      .where('dim', '=', 'source')
      .where('day', '=', day)
      .where('key', 'in', losers)
      .execute();
    return Number(gone.numDeletedRows);
  });
}
