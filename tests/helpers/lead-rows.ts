import { sql, type Kysely } from 'kysely';
import type { Database, LeadCountsTable } from '../../src/server/db/schema.ts';
import { addDays } from '../../src/server/features/leads/classify.ts';
import { rebuildTotals } from '../../src/server/features/leads/lead-totals.ts';

/** The pages a site with `cards` detail pages counts (the fixed ones, its cards, the row of unknown ones). */
export function sitePages(cards: number): string[] {
  return [
    '/',
    '/about',
    '/portfolio',
    '/products',
    '/contact',
    '/privacy',
    '/card-details',
    ...Array.from({ length: cards }, (_, i) => `/card-details?id=card-${String(i).padStart(4, '0')}`),
  ];
}

/** A fixed source, or one of the day's admitted campaign names and referring sites. */
const FIXED = [
  'direct',
  'Google',
  'Bing',
  'Instagram',
  'Facebook',
  'X (Twitter)',
  'WhatsApp',
  'Snapchat',
  'TikTok',
  'YouTube',
  'other',
];
const source = (i: number) => (i < FIXED.length ? FIXED[i]! : `campaign-${i}`);

/**
 * Fills lead_counts with every row a site's day can hold in the shape the counting allows (its
 * pages × 2 languages × 3 devices × `sources` sources) for `days` days ending `last`, with small
 * made-up counts, then builds lead_totals from them (as an import does). Answers the rows written.
 */
export async function fillLeadRows(
  db: Kysely<Database>,
  opts: { last: string; days: number; pages: readonly string[]; sources: number; onDay?: (day: string) => void },
): Promise<number> {
  let written = 0;
  let n = 0;
  const batch: LeadCountsTable[] = [];
  const put = async () => {
    if (batch.length === 0) return;
    await db.insertInto('lead_counts').values(batch).execute();
    written += batch.length;
    batch.length = 0;
  };
  for (let d = opts.days - 1; d >= 0; d--) {
    const day = addDays(opts.last, -d);
    for (const page of opts.pages) {
      for (const language of ['ar', 'en']) {
        for (const device of ['mobile', 'desktop', 'tablet']) {
          for (let s = 0; s < opts.sources; s++) {
            n = (n * 1103515245 + 12345) % 2147483648;
            const r = n >>> 12; // the low bits of this generator repeat too soon
            const visitors = r % 4;
            batch.push({
              day,
              page,
              language,
              device,
              source: source(s),
              views: visitors + (r % 3),
              visitors,
              page_visitors: visitors + (r % 2),
              calls: r % 11 === 0 ? 1 : 0,
              whatsapp: r % 7 === 0 ? 1 : 0,
              emails: r % 29 === 0 ? 1 : 0,
              contacted: r % 7 === 0 && visitors > 0 ? 1 : 0,
              requests: 0,
            });
            if (batch.length === 500) await put();
          }
        }
      }
    }
    opts.onDay?.(day);
  }
  await put();
  await db.transaction().execute(async (trx) => {
    // The totals of a large table take longer than a request may (PostgreSQL's statement timeout).
    if (db.getExecutor().adapter.constructor.name === 'PostgresAdapter')
      await sql`set local statement_timeout = 0`.execute(trx);
    await rebuildTotals(trx);
  });
  return written;
}
