import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Kysely, sql } from 'kysely';
import { createSqliteDialect } from '../../src/server/db/sqlite-dialect.ts';

/**
 * The embedded database keeps its prepared statements (src/server/db/sqlite-dialect.ts): a query
 * run again is not prepared again, a stream reads through a statement of its own, and no more than
 * a bounded number of statements is kept.
 */
describe('SQLite prepared statements', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sqlite-statements-'));
  let db: Kysely<{ t: { id: number; v: string } }>;
  const prepared: string[] = [];
  const prepare = DatabaseSync.prototype.prepare;

  before(async () => {
    DatabaseSync.prototype.prepare = function (this: DatabaseSync, text: string) {
      prepared.push(text);
      return prepare.call(this, text);
    } as typeof prepare;
    db = new Kysely({ dialect: createSqliteDialect(join(dir, 'site.db')) });
    await db.schema
      .createTable('t')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('v', 'text')
      .execute();
    await db
      .insertInto('t')
      .values(Array.from({ length: 50 }, (_, i) => ({ id: i, v: `v${i}` })))
      .execute();
  });
  after(async () => {
    DatabaseSync.prototype.prepare = prepare;
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prepares a query once however often it runs, with its own values each time', async () => {
    prepared.length = 0;
    for (let i = 0; i < 20; i++) {
      const row = await db.selectFrom('t').select('v').where('id', '=', i).executeTakeFirstOrThrow();
      assert.equal(row.v, `v${i}`);
      await db
        .updateTable('t')
        .set({ v: `w${i}` })
        .where('id', '=', i)
        .execute();
    }
    assert.equal(prepared.length, 2, prepared.join('\n'));
    assert.equal((await db.selectFrom('t').select('v').where('id', '=', 3).executeTakeFirstOrThrow()).v, 'w3');
  });

  it('streams through a statement of its own, the kept one left as it was', async () => {
    const query = db.selectFrom('t').select(['id', 'v']).where('id', '>=', 0).orderBy('id');
    const all = Array.from({ length: 50 }, (_, i) => i);
    assert.deepEqual(
      (await query.execute()).map((r) => r.id),
      all,
    );
    prepared.length = 0;
    const streamed: number[] = [];
    for await (const row of query.stream(5)) {
      streamed.push(row.id);
      if (row.id === 10) break; // a stream left half read
    }
    assert.deepEqual(streamed, all.slice(0, 11));
    assert.equal(prepared.length, 1, 'the stream prepared its own statement');
    assert.deepEqual(
      (await query.execute()).map((r) => r.id),
      all,
    );
    assert.equal(prepared.length, 1, 'the kept statement was used again');
  });

  it('keeps at most 200 statements, preparing again one it dropped', async () => {
    for (let i = 0; i < 250; i++) await sql`select ${sql.lit(i)} as n`.execute(db);
    prepared.length = 0;
    await sql`select ${sql.lit(249)} as n`.execute(db); // among the latest: kept
    assert.equal(prepared.length, 0);
    await sql`select ${sql.lit(0)} as n`.execute(db); // the oldest: dropped
    assert.equal(prepared.length, 1);
  });
});
