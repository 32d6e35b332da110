import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import type { LeadCountsTable, LeadTotalsTable } from '../../db/schema.ts';

/**
 * The statements that write a batch of leads. Every statement names at most a few thousand
 * parameters, far under SQLite's 32,766 and PostgreSQL's 65,535 whatever the batch holds, and rows
 * go in a fixed order (sorted keys) so two servers writing into the same rows on PostgreSQL lock
 * them in the same order and never deadlock.
 */

/** Rows per statement: a row of lead_counts takes 12 parameters, so 6,000 at most. */
const ROWS_PER_STATEMENT = 500;
/** Keys per statement where a row takes 2 to 4 parameters (marks, visitors, caps, IN lists). */
const KEYS_PER_STATEMENT = 1000;

function* slices<T>(list: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface Resolved {
  counted: boolean;
  source: string;
  isNew: boolean;
  identity: string;
}

/**
 * Decides, for the day's visitors of a batch, which count: a visitor already stored keeps what was
 * decided (by any server); a new one counts while its address has had fewer than `perAddress`
 * visitors today (a counter row every server adds to), and beyond that stands for the address's
 * "more visitors" (`*` + address), stored once, which counts no visitor and one tap per page. Each
 * keeps the source it was stored with (the first one a server saw), so their later pages do too.
 * Past `perDay` rows in a day (addresses without end), new ones all stand for the day's `*`.
 */
export async function resolveVisitors(
  db: Db,
  day: string,
  visitors: readonly { hash: string; address: string; source: string }[],
  perAddress: number,
  perDay: number,
): Promise<Map<string, Resolved>> {
  const out = new Map<string, Resolved>();
  const stored = async (hashes: string[]) => {
    for (const part of slices(hashes, KEYS_PER_STATEMENT)) {
      const rows = await db
        .selectFrom('lead_visitors')
        .select(['hash', 'counted', 'source'])
        .where('day', '=', day)
        .where('hash', 'in', part)
        .execute();
      for (const r of rows)
        out.set(r.hash, { counted: Number(r.counted) === 1, source: r.source, isNew: false, identity: r.hash });
    }
  };
  await stored(visitors.map((v) => v.hash));
  const fresh = visitors.filter((v) => !out.has(v.hash)).sort((a, b) => byString(a.hash, b.hash));
  if (fresh.length === 0) return out;

  const byAddress = new Map<string, typeof fresh>();
  for (const v of fresh) {
    const list = byAddress.get(v.address);
    if (list) list.push(v);
    else byAddress.set(v.address, [v]);
  }
  const addresses = [...byAddress.keys()].sort(byString);
  const inserted = new Set<string>();
  const overflow = new Map<string, string>();
  await db.transaction().execute(async (trx) => {
    const room = new Map<string, number>();
    for (const part of slices(addresses, KEYS_PER_STATEMENT)) {
      const values = part.map((a) => ({ day, key: `a:${a}`, n: byAddress.get(a)!.length }));
      const rows = await trx
        .insertInto('lead_caps')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['day', 'key']).doUpdateSet((eb) => ({ n: eb('lead_caps.n', '+', eb.ref('excluded.n')) })),
        )
        .returning(['key', 'n'])
        .execute();
      for (const r of rows) {
        const address = r.key.slice(2);
        const asked = byAddress.get(address)!.length;
        room.set(address, Math.max(0, Math.min(asked, perAddress - (Number(r.n) - asked))));
      }
    }
    let rows: { day: string; hash: string; counted: number; source: string }[] = [];
    for (const address of addresses) {
      const list = byAddress.get(address)!;
      const counted = room.get(address) ?? 0;
      list.forEach((v, i) => {
        if (i < counted) rows.push({ day, hash: v.hash, counted: 1, source: v.source });
        else overflow.set(v.hash, `*${address}`);
      });
      if (counted < list.length) rows.push({ day, hash: `*${address}`, counted: 0, source: list[counted]!.source });
    }
    // The day's rows, whatever the number of addresses: past `perDay`, every new visitor stands for one "more visitors" of the day.
    const ofDay = await trx
      .insertInto('lead_caps')
      .values({ day, key: '#visitors', n: rows.length })
      .onConflict((oc) =>
        oc.columns(['day', 'key']).doUpdateSet((eb) => ({ n: eb('lead_caps.n', '+', eb.ref('excluded.n')) })),
      )
      .returning('n')
      .executeTakeFirstOrThrow();
    const dayRoom = Math.max(0, perDay - (Number(ofDay.n) - rows.length));
    if (dayRoom < rows.length) {
      const kept = new Set(rows.slice(0, dayRoom).map((r) => r.hash));
      for (const v of fresh) if (!kept.has(v.hash) && !kept.has(overflow.get(v.hash) ?? '')) overflow.set(v.hash, '*');
      rows = [...rows.slice(0, dayRoom), { day, hash: '*', counted: 0, source: 'other' }];
    }
    rows.sort((a, b) => byString(a.hash, b.hash));
    for (const part of slices(rows, KEYS_PER_STATEMENT)) {
      const added = await trx
        .insertInto('lead_visitors')
        .values(part)
        .onConflict((oc) => oc.columns(['day', 'hash']).doNothing())
        .returning('hash')
        .execute();
      for (const r of added) inserted.add(r.hash);
    }
  });
  // What another server stored first (the same visitor at the same moment) is what counts.
  await stored([
    ...fresh.filter((v) => !overflow.has(v.hash) && !inserted.has(v.hash)).map((v) => v.hash),
    ...new Set(overflow.values()),
  ]);
  for (const v of fresh) {
    const more = overflow.get(v.hash);
    if (more !== undefined) {
      const stand = out.get(more);
      out.set(v.hash, { counted: false, source: stand?.source ?? v.source, isNew: false, identity: more });
    } else if (inserted.has(v.hash)) {
      out.set(v.hash, { counted: true, source: v.source, isNew: true, identity: v.hash });
    }
  }
  return out;
}

/**
 * Which of a day's sources (other than the fixed ones) get rows of their own: those already
 * admitted today, and new ones while fewer than `perDay` have been (a counter row every server adds
 * to, so the bound holds across servers). The rest are counted as 'other'. `full` (known from an
 * earlier call) skips the counter.
 */
export async function admitSources(
  db: Db,
  day: string,
  candidates: readonly string[],
  perDay: number,
  full = false,
): Promise<{ admitted: Set<string>; full: boolean }> {
  const admitted = new Set<string>();
  for (const part of slices([...candidates], KEYS_PER_STATEMENT)) {
    const rows = await db
      .selectFrom('lead_marks')
      .select('mark')
      .where('day', '=', day)
      .where(
        'mark',
        'in',
        part.map((s) => `s:${s}`),
      )
      .execute();
    for (const r of rows) admitted.add(r.mark.slice(2));
  }
  const fresh = candidates.filter((s) => !admitted.has(s)).sort(byString);
  // Once the day's sources are all taken, only what another server admitted before is looked up.
  if (fresh.length === 0 || full) return { admitted, full };
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('lead_caps')
      .values({ day, key: '#sources', n: fresh.length })
      .onConflict((oc) =>
        oc.columns(['day', 'key']).doUpdateSet((eb) => ({ n: eb('lead_caps.n', '+', eb.ref('excluded.n')) })),
      )
      .returning('n')
      .executeTakeFirstOrThrow();
    const room = Math.max(0, perDay - (Number(row.n) - fresh.length));
    const taken = fresh.slice(0, room);
    full = room <= fresh.length;
    for (const part of slices(taken, KEYS_PER_STATEMENT)) {
      await trx
        .insertInto('lead_marks')
        .values(part.map((s) => ({ day, mark: `s:${s}` })))
        .onConflict((oc) => oc.columns(['day', 'mark']).doNothing())
        .execute();
    }
    for (const s of taken) admitted.add(s);
  });
  return { admitted, full };
}

export type CountColumn = 'views' | 'visitors' | 'page_visitors' | 'calls' | 'whatsapp' | 'emails' | 'contacted';
const COUNTS: readonly CountColumn[] = [
  'views',
  'visitors',
  'page_visitors',
  'calls',
  'whatsapp',
  'emails',
  'contacted',
];
export type RowDelta = LeadCountsTable;

/** Part of a batch written in one transaction: rows with what they add, and the marks that add to them when new. */
export interface Chunk {
  rows: Map<string, RowDelta>;
  /** `day`+`mark` inserted if new; only then is `column` of `row` added one. */
  marks: { day: string; mark: string; row: string; column: CountColumn }[];
  /** Writes that failed because the database could not be reached. */
  attempts: number;
}

/** Writes a chunk in one transaction: the marks (which say what is new), then the rows, then the day's totals. */
export async function writeChunk(db: Db, chunk: Chunk): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = new Map([...chunk.rows].map(([key, row]) => [key, { ...row }]));
    // A mark named twice (the same tap in both languages) is credited once, to the first row that named it.
    const once = new Map<string, Chunk['marks'][number]>();
    for (const m of chunk.marks) if (!once.has(`${m.day}\t${m.mark}`)) once.set(`${m.day}\t${m.mark}`, m);
    const marks = [...once.values()].sort((a, b) => byString(`${a.day}\t${a.mark}`, `${b.day}\t${b.mark}`));
    for (const part of slices(marks, KEYS_PER_STATEMENT)) {
      const added = await trx
        .insertInto('lead_marks')
        .values(part.map(({ day, mark }) => ({ day, mark })))
        .onConflict((oc) => oc.columns(['day', 'mark']).doNothing())
        .returning(['day', 'mark'])
        .execute();
      const isNew = new Set(added.map((r) => `${r.day}\t${r.mark}`));
      for (const m of part) if (isNew.has(`${m.day}\t${m.mark}`)) rows.get(m.row)![m.column]++;
    }
    const written = [...rows]
      .filter(([, r]) => COUNTS.some((c) => r[c] > 0))
      .sort(([a], [b]) => byString(a, b))
      .map(([, r]) => r);
    for (const part of slices(written, ROWS_PER_STATEMENT)) await addCounts(trx, part);
    await addTotals(trx, totalsOf(written));
  });
}

async function addCounts(trx: Tx, rows: RowDelta[]): Promise<void> {
  await trx
    .insertInto('lead_counts')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['day', 'page', 'language', 'device', 'source']).doUpdateSet((eb) => ({
        views: eb('lead_counts.views', '+', eb.ref('excluded.views')),
        visitors: eb('lead_counts.visitors', '+', eb.ref('excluded.visitors')),
        page_visitors: eb('lead_counts.page_visitors', '+', eb.ref('excluded.page_visitors')),
        calls: eb('lead_counts.calls', '+', eb.ref('excluded.calls')),
        whatsapp: eb('lead_counts.whatsapp', '+', eb.ref('excluded.whatsapp')),
        emails: eb('lead_counts.emails', '+', eb.ref('excluded.emails')),
        contacted: eb('lead_counts.contacted', '+', eb.ref('excluded.contacted')),
      })),
    )
    .execute();
}

/** What rows add to the day's totals: per day, and per page (its visitors are the page's), source, language and device. */
function totalsOf(rows: readonly RowDelta[]): LeadTotalsTable[] {
  const totals = new Map<string, LeadTotalsTable>();
  const add = (dim: string, day: string, key: string, row: RowDelta, visitors: number) => {
    const id = `${dim}\t${day}\t${key}`;
    let t = totals.get(id);
    if (!t) {
      t = { dim, day, key, views: 0, visitors: 0, calls: 0, whatsapp: 0, emails: 0, contacted: 0, requests: 0 };
      totals.set(id, t);
    }
    t.views += row.views;
    t.visitors += visitors;
    t.calls += row.calls;
    t.whatsapp += row.whatsapp;
    t.emails += row.emails;
    t.contacted += row.contacted;
  };
  for (const r of rows) {
    add('day', r.day, '', r, r.visitors);
    add('page', r.day, r.page, r, r.page_visitors);
    add('source', r.day, r.source, r, r.visitors);
    add('language', r.day, r.language, r, r.visitors);
    add('device', r.day, r.device, r, r.visitors);
  }
  return [...totals].sort(([a], [b]) => byString(a, b)).map(([, t]) => t);
}

async function addTotals(trx: Tx, totals: LeadTotalsTable[]): Promise<void> {
  for (const part of slices(totals, ROWS_PER_STATEMENT)) {
    await trx
      .insertInto('lead_totals')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['dim', 'day', 'key']).doUpdateSet((eb) => ({
          views: eb('lead_totals.views', '+', eb.ref('excluded.views')),
          visitors: eb('lead_totals.visitors', '+', eb.ref('excluded.visitors')),
          calls: eb('lead_totals.calls', '+', eb.ref('excluded.calls')),
          whatsapp: eb('lead_totals.whatsapp', '+', eb.ref('excluded.whatsapp')),
          emails: eb('lead_totals.emails', '+', eb.ref('excluded.emails')),
          contacted: eb('lead_totals.contacted', '+', eb.ref('excluded.contacted')),
        })),
      )
      .execute();
  }
}

/** Rows deleted per statement by the daily clean-ups: a day of a busy site's marks goes in small bites, never in one long statement. */
const DELETE_BITE = 5000;

/**
 * Deletes the rows of `table` whose day is before `before`, a bite at a time (each bite a short
 * statement, the event loop free in between). Answers how many went.
 */
export async function deleteDaysBefore(
  db: Db,
  table: 'lead_marks' | 'lead_visitors' | 'lead_caps' | 'lead_counts' | 'lead_totals',
  before: string,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const days = await db.selectFrom(table).select('day').where('day', '<', before).orderBy('day').limit(1).execute();
    const day = days[0]?.day;
    if (day === undefined) return deleted;
    const result =
      await sql`delete from ${sql.table(table)} where day = ${day} and ${sql.ref(KEY_OF[table])} in (select ${sql.ref(KEY_OF[table])} from ${sql.table(table)} where day = ${day} limit ${DELETE_BITE})`.execute(
        db,
      );
    deleted += Number(result.numAffectedRows ?? 0);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A column that, with the day, tells a table's rows apart well enough to delete them in bites. */
const KEY_OF = {
  lead_marks: 'mark',
  lead_visitors: 'hash',
  lead_caps: 'key',
  lead_counts: 'page',
  lead_totals: 'key',
} as const;
