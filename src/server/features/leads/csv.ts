import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Language } from '../../../shared/language.ts';
import { cardNames, pageName, type CardName } from './page-names.ts';

/** The columns: the first ten as they always were, then those added since (a spreadsheet reading by position keeps working). */
const CSV_HEADER =
  'day,page,language,device,source,views,visitors,calls,whatsapp,emails,title,page_visitors,contacted,requests';
const COUNTS = ['views', 'visitors', 'calls', 'whatsapp', 'emails'] as const;
/** Rows read per query: a short statement each (SQLite runs on the event loop), the CSV sent as it is read. */
const PAGE = 500;

/** A field as RFC 4180 writes it; a leading =, +, - or @ is quoted after a ' so a spreadsheet never runs it. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The CSV of the days from `from` to `to`, as it is read: a byte order mark (so Excel reads UTF-8,
 * and Arabic), the header row, then one line per row of lead_counts in key order, read a page at a
 * time after the last key sent (each page one short indexed query), so neither the server's memory
 * nor the event loop holds more than a page. `title` names the page in `lang`.
 */
export async function* leadsCsv(db: Db, from: string, to: string, lang: Language): AsyncGenerator<string> {
  yield `\uFEFF${CSV_HEADER}\r\n`;
  const cards = new Map<string, CardName>();
  const asked = new Set<string>();
  let after: readonly string[] | undefined;
  for (;;) {
    let query = db.selectFrom('lead_counts').selectAll().where('day', '<=', to);
    // The key after the last one sent, alone (with no other lower bound on day), is where both engines seek in the primary key.
    query = after
      ? query.where(sql<boolean>`(day, page, language, device, source) > (${sql.join(after)})`)
      : query.where('day', '>=', from);
    const rows = await query
      .orderBy('day')
      .orderBy('page')
      .orderBy('language')
      .orderBy('device')
      .orderBy('source')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return;
    const unnamed = rows.map((r) => r.page).filter((p) => p.startsWith('/card-details?id=') && !asked.has(p));
    for (const p of unnamed) asked.add(p);
    for (const [id, card] of await cardNames(db, unnamed, lang)) cards.set(id, card);
    yield (
      rows
        .map((r) =>
          [
            ...[r.day, r.page, r.language, r.device, r.source].map(field),
            ...COUNTS.map((c) => String(Number(r[c]))),
            field(pageName(r.page, lang, cards)),
            String(Number(r.page_visitors)),
            String(Number(r.contacted)),
            String(Number(r.requests)),
          ].join(','),
        )
        .join('\r\n') + '\r\n'
    );
    if (rows.length < PAGE) return;
    const last = rows.at(-1)!;
    after = [last.day, last.page, last.language, last.device, last.source];
  }
}
