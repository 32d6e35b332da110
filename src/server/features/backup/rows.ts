import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';

/**
 * Reading and writing rows of a table named at run time. The two engines differ only in how a
 * table is read in bounded batches: a server-side cursor on PostgreSQL (pg has no streaming of its
 * own without an extra package), a stepped statement on SQLite.
 */
type AnyDb = Kysely<any>;
export type Row = Record<string, unknown>;

/** Rows of `table` in batches of at most `batch`, read inside the caller's transaction. */
export async function* readRows(trx: AnyDb, engine: Engine, table: string, batch: number): AsyncGenerator<Row[]> {
  if (engine === 'postgres') {
    await sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT * FROM ${sql.table(table)}`.execute(trx);
    try {
      for (;;) {
        const { rows } = await sql<Row>`FETCH FORWARD ${sql.lit(batch)} FROM backup_rows`.execute(trx);
        if (rows.length > 0) yield rows;
        if (rows.length < batch) break;
      }
    } finally {
      // After a failed FETCH the transaction is aborted and CLOSE fails too: the first error is the one to report.
      await sql`CLOSE backup_rows`.execute(trx).catch(() => undefined);
    }
    return;
  }
  let rows: Row[] = [];
  for await (const row of trx.selectFrom(table).selectAll().stream()) {
    rows.push(row as Row);
    if (rows.length >= batch) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length > 0) yield rows;
}

/** Inserts rows of one table in one statement. */
export async function insertRows(trx: AnyDb, table: string, rows: Row[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto(table).values(rows).execute();
}

/** Deletes every row of `table`. */
export async function clearTable(trx: AnyDb, table: string): Promise<void> {
  await trx.deleteFrom(table).execute();
}

/**
 * Rows inserted with their own ids do not move a PostgreSQL sequence (SQLite takes the next rowid
 * from the largest one): after a load, each auto-incrementing column's sequence continues after
 * the largest value, so the next row the site writes does not collide with an imported one.
 */
export async function continueSequences(
  trx: AnyDb,
  engine: Engine,
  table: string,
  columns: { name: string; isAutoIncrementing: boolean }[],
): Promise<void> {
  if (engine !== 'postgres') return;
  for (const column of columns.filter((c) => c.isAutoIncrementing)) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column.name}), coalesce(max(${sql.ref(column.name)}), 0) + 1, false) from ${sql.table(table)}`.execute(
      trx,
    );
  }
}
