import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import { dayIn } from '../../src/server/features/leads/classify.ts';
import { fillLeadRows, sitePages } from './lead-rows.ts';

/**
 * A site grown large: `leadRows` rows of lead_counts (rounded up to whole days of 30 detail pages ×
 * 2 languages × 3 devices × 12 sources, 2,664 rows a day) and `versions` history versions (50 for
 * each of `versions / 50` cards, the most HISTORY_VERSIONS keeps by default). Answers what it wrote.
 */
export async function growSite(
  db: Kysely<Database>,
  opts: { leadRows: number; versions: number },
): Promise<{ leadRows: number; versions: number }> {
  const pages = sitePages(30);
  const perDay = pages.length * 2 * 3 * 12;
  const leadRows = await fillLeadRows(db, {
    last: dayIn('Asia/Riyadh'),
    days: Math.ceil(opts.leadRows / perDay),
    pages,
    sources: 12,
  });
  const at = Date.parse('2026-01-01T00:00:00.000Z');
  let batch = [];
  for (let i = 0; i < opts.versions; i++) {
    const item = `card-${String(Math.floor(i / 50)).padStart(4, '0')}`;
    batch.push({
      id: `v${String(i).padStart(7, '0')}`,
      kind: 'card',
      item_id: item,
      title: `Card ${i}`,
      fields: '["title"]',
      before: JSON.stringify({ title: `Card ${i}`, description: 'نص '.repeat(40) }),
      after: JSON.stringify({ title: `Card ${i + 1}`, description: 'نص '.repeat(40) }),
      changed_by: 'owner@example.com',
      created_at: new Date(at + i * 1000).toISOString(),
    });
    if (batch.length === 500) {
      await db.insertInto('history').values(batch).execute();
      batch = [];
    }
  }
  if (batch.length > 0) await db.insertInto('history').values(batch).execute();
  return { leadRows, versions: opts.versions };
}

/** Lines of a gzipped backup, read as a stream (its newlines counted: readline took 5 s over a million). */
export async function countLines(file: string): Promise<number> {
  let n = 0;
  for await (const chunk of createReadStream(file).pipe(createGunzip()) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) n++;
  }
  return n;
}
