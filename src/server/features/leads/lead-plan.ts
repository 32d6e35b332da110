import { createHash } from 'node:crypto';
import type { Batch, BeaconKind, PendingVisitor } from './lead-batch.ts';
import type { Chunk, CountColumn, Resolved, RowDelta } from './lead-writes.ts';

/** A transaction's share of a batch: small enough to hold the database (and SQLite the event loop) a few milliseconds. */
const ROWS_PER_CHUNK = 500;
const MARKS_PER_CHUNK = 4000;

const TAP: Record<Exclude<BeaconKind, 'view'>, CountColumn> = { call: 'calls', whatsapp: 'whatsapp', email: 'emails' };

/** A mark: what happened once today, as a short digest (the identity in it is already a salted hash). */
const mark = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 22);

/**
 * Turns a batch into chunks to write, once its visitors are resolved (which count, from which
 * source) and its sources admitted (`sourceOf` maps one to itself or to 'other'):
 * - views are added as they came;
 * - a visitor counts once a day (when new and within the address's cap), in the row of their first beacon;
 * - a page's visitors once per visitor, page and day (a mark), in the row of their first beacon on it;
 * - a call, WhatsApp or email tap once per visitor, page and day; "got in touch" once per visitor and day.
 * The address's "more visitors" taps once per page and day like one visitor, and adds no visitor.
 */
export function planChunks(
  batch: Batch,
  resolved: (v: PendingVisitor) => Resolved | undefined,
  sourceOf: (day: string, source: string) => string,
): Chunk[] {
  const rows = new Map<string, RowDelta>();
  const marks = new Map<string, Chunk['marks']>();
  const row = (v: PendingVisitor, source: string, page: string, language: string) => {
    const key = `${v.day}\t${page}\t${language}\t${v.device}\t${source}`;
    if (!rows.has(key)) {
      rows.set(key, {
        day: v.day,
        page,
        language,
        device: v.device,
        source,
        views: 0,
        visitors: 0,
        page_visitors: 0,
        calls: 0,
        whatsapp: 0,
        emails: 0,
        contacted: 0,
        requests: 0,
      });
      marks.set(key, []);
    }
    return key;
  };
  for (const v of batch.visitors.values()) {
    const who = resolved(v);
    if (!who) continue;
    const source = sourceOf(v.day, who.source);
    let first = true;
    let contacted = false;
    const pages = new Set<string>();
    for (const [event, times] of v.events) {
      const [kind, page, language] = event.split('\t') as [BeaconKind, string, string];
      const key = row(v, source, page, language);
      const held = rows.get(key)!;
      const credits = marks.get(key)!;
      if (first && who.isNew && who.counted) held.visitors++;
      first = false;
      if (who.counted && !pages.has(page))
        credits.push({ day: v.day, mark: mark('p', who.identity, page), row: key, column: 'page_visitors' });
      pages.add(page);
      if (kind === 'view') {
        held.views += times;
      } else {
        credits.push({ day: v.day, mark: mark(kind, who.identity, page), row: key, column: TAP[kind] });
        if (who.counted && !contacted)
          credits.push({ day: v.day, mark: mark('x', who.identity), row: key, column: 'contacted' });
        contacted = true;
      }
    }
  }
  const chunks: Chunk[] = [];
  let current: Chunk = { rows: new Map(), marks: [], attempts: 0 };
  for (const key of [...rows.keys()].sort()) {
    const credits = marks.get(key)!;
    if (
      current.rows.size > 0 &&
      (current.rows.size >= ROWS_PER_CHUNK || current.marks.length + credits.length > MARKS_PER_CHUNK)
    ) {
      chunks.push(current);
      current = { rows: new Map(), marks: [], attempts: 0 };
    }
    current.rows.set(key, rows.get(key)!);
    current.marks.push(...credits);
  }
  if (current.rows.size > 0) chunks.push(current);
  return chunks;
}

/** The two halves of a chunk (its rows, each with its marks), to find the row a database refuses. */
export function halves(chunk: Chunk): [Chunk, Chunk] {
  const keys = [...chunk.rows.keys()];
  const left = new Set(keys.slice(0, Math.ceil(keys.length / 2)));
  const part = (inLeft: boolean): Chunk => ({
    rows: new Map([...chunk.rows].filter(([k]) => left.has(k) === inLeft)),
    marks: chunk.marks.filter((m) => left.has(m.row) === inLeft),
    attempts: chunk.attempts,
  });
  return [part(true), part(false)];
}
