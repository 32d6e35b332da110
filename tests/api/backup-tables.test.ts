import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { exportSite } from '../../src/server/features/backup/export.ts';
import { BackupError, decodeRow, parseLine, rowLine } from '../../src/server/features/backup/format.ts';
import { continueSequences, insertRows, readRows, type Row } from '../../src/server/features/backup/rows.ts';
import {
  EXPORTED_TABLES,
  exportedTables,
  liveTables,
  MIGRATION_TABLES,
  REQUEST_TABLES,
  SKIPPED_TABLES,
  unclassifiedTables,
} from '../../src/server/features/backup/tables.ts';
import { assertValueRules, RULED_TABLES } from '../../src/server/features/backup/values.ts';
import type { DatabaseHandle, Engine } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { newPlace, openPlace, type Place } from '../helpers/backup.ts';
import { engines } from '../helpers/server.ts';

/** Tables each table references by a foreign key, as the engine itself reports them. */
async function referencedTables(db: Kysely<any>, engine: Engine, table: string): Promise<string[]> {
  if (engine === 'sqlite') {
    const { rows } = await sql<{ table: string }>`select * from pragma_foreign_key_list(${table})`.execute(db);
    return rows.map((r) => r.table);
  }
  const { rows } = await sql<{ parent: string }>`
    select ccu.table_name as parent from information_schema.table_constraints tc
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
    where tc.constraint_type = 'FOREIGN KEY' and tc.table_name = ${table}`.execute(db);
  return rows.map((r) => r.parent);
}

const opened: { place: Place; handle: DatabaseHandle }[] = [];
async function migrated(engine: Engine) {
  const place = await newPlace(engine);
  const handle = openPlace(place);
  opened.push({ place, handle });
  await migrateToLatest(handle.db);
  return { place, handle, db: handle.db as unknown as Kysely<any> };
}
after(async () => {
  for (const { place, handle } of opened) {
    await handle.destroy();
    await place.cleanup();
  }
});

for (const engine of engines()) {
  describe(`which tables a backup holds [${engine}]`, () => {
    let db: Kysely<any>;
    let place: Place;
    before(async () => ({ db, place } = await migrated(engine)));

    it('every table of the schema is exported or skipped for a stated reason, and every listed table exists', async () => {
      const live = (await liveTables(db)).map((t) => t.name);
      assert.deepEqual(unclassifiedTables(await liveTables(db)), []);
      for (const table of [...EXPORTED_TABLES, ...REQUEST_TABLES, ...Object.keys(SKIPPED_TABLES), ...MIGRATION_TABLES])
        assert.ok(live.includes(table), `${table} is listed but not in the schema`);
      for (const table of [...EXPORTED_TABLES, ...REQUEST_TABLES])
        assert.ok(!(table in SKIPPED_TABLES), `${table} is in two lists`);
      for (const table of REQUEST_TABLES) assert.ok(!EXPORTED_TABLES.includes(table), `${table} is in two lists`);
      for (const [table, skipped] of Object.entries(SKIPPED_TABLES))
        assert.ok(skipped.reason.length > 20, `${table} needs a reason`);
    });

    it('every column of every exported table has a rule its imported values are checked against', async () => {
      assert.deepEqual(RULED_TABLES, [...EXPORTED_TABLES, ...REQUEST_TABLES]);
      assertValueRules(exportedTables(await liveTables(db), true));
      // A column a later migration adds stops imports until it has a rule.
      await db.schema.alterTable('words').addColumn('note', 'text').execute();
      try {
        const live = exportedTables(await liveTables(db));
        assert.throws(
          () => assertValueRules(live),
          (err: Error) =>
            err instanceof BackupError &&
            /^The import has no value rules for the columns of words as this database has them \(created_at, id, note, word, word_key; rules for created_at, id, word, word_key\)\. Give every column a rule in src\/server\/features\/backup\/values\.ts\.$/.test(
              err.message,
            ),
        );
      } finally {
        await db.schema.alterTable('words').dropColumn('note').execute();
      }
    });

    it('parents come before children in the export order', async () => {
      let checked = 0;
      for (const [i, table] of EXPORTED_TABLES.entries()) {
        for (const parent of await referencedTables(db, engine, table)) {
          if (parent === table) continue;
          assert.ok(
            EXPORTED_TABLES.indexOf(parent) >= 0 && EXPORTED_TABLES.indexOf(parent) < i,
            `${table} references ${parent}, which must be exported before it`,
          );
          checked++;
        }
      }
      assert.ok(checked >= 1, 'card_details references cards');
    });

    it('an auto-incrementing id continues after the imported rows', async () => {
      await db.schema
        .createTable('backup_serial')
        .addColumn('id', engine === 'postgres' ? 'serial' : 'integer', (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('note', 'text')
        .execute();
      try {
        await insertRows(db, 'backup_serial', [
          { id: 1, note: 'a' },
          { id: 7, note: 'b' },
        ]);
        const table = (await liveTables(db)).find((t) => t.name === 'backup_serial')!;
        assert.ok(table.columns.find((c) => c.name === 'id')!.isAutoIncrementing);
        await continueSequences(db, engine, 'backup_serial', table.columns);
        const row = await db
          .insertInto('backup_serial')
          .values({ note: 'written by the site' })
          .returning('id')
          .executeTakeFirstOrThrow();
        assert.equal(Number(row.id), 8);
      } finally {
        await db.schema.dropTable('backup_serial').execute();
      }
    });

    it('a table nobody classified stops the export, and no file is left behind', async () => {
      await db.schema
        .createTable('gadgets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .execute();
      try {
        const file = join(place.dataDir, 'backup.jsonl.gz');
        await assert.rejects(exportSite(db, engine, { file }), (err: Error) => {
          assert.ok(err instanceof BackupError);
          assert.match(
            err.message,
            /tables the backup does not know: gadgets\. Add each to EXPORTED_TABLES, REQUEST_TABLES or SKIPPED_TABLES/,
          );
          return true;
        });
        assert.ok(!existsSync(file));
        assert.deepEqual(
          readdirSync(place.dataDir).filter((f) => f.includes('backup')),
          [],
        );
      } finally {
        await db.schema.dropTable('gadgets').execute();
      }
    });
  });
}

/** Values of every kind the schema stores, in a probe table of their own. */
const PROBE_ROWS: Row[] = [
  {
    id: 'a',
    bytes: Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    flag: 1,
    n: 2_147_483_647,
    at: '2026-01-02T03:04:05.678Z',
    note: 'طارد الحمام 🐦 "quoted"\n',
  },
  { id: 'b', bytes: Buffer.alloc(0), flag: 0, n: -5, at: '1999-12-31T23:59:59.999Z', note: null },
  {
    id: 'c',
    bytes: Buffer.from('{"$bytes":"not really"}'),
    flag: 0,
    n: 0,
    at: '2026-11-23T00:00:00.000Z',
    note: '{"$bytes":"AAAA"}',
  },
];

async function probeTable(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('backup_probe')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bytes', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('flag', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();
}

/** The probe rows as the engine gives them back, bytes as Buffers (SQLite answers Uint8Array). */
async function probeRows(db: Kysely<any>, engine: Engine): Promise<Row[]> {
  return db.transaction().execute(async (trx) => {
    const rows: Row[] = [];
    for await (const batch of readRows(trx, engine, 'backup_probe', 2)) rows.push(...batch);
    return rows
      .map((r): Row => ({ ...r, bytes: Buffer.from(r.bytes as Uint8Array) }))
      .sort((x, y) => String(x.id).localeCompare(String(y.id)));
  });
}

describe('values travel exactly, between engines too', () => {
  const pairs = engines().flatMap((from) => engines().map((to) => [from, to] as const));
  for (const [from, to] of pairs) {
    it(`${from} → ${to}: bytes, 0/1 integers, large and negative integers, ISO timestamps, null and any text`, async () => {
      const source = (await migrated(from)).db;
      const target = (await migrated(to)).db;
      await probeTable(source, from);
      await probeTable(target, to);
      await insertRows(source, 'backup_probe', PROBE_ROWS);
      const read = await probeRows(source, from);
      assert.deepEqual(read, PROBE_ROWS, `${from} gives back what was stored`);
      const lines = read.map((row) => rowLine('backup_probe', row));
      const parsed = lines.map((line, i) => parseLine(line.trimEnd(), i + 2));
      await insertRows(
        target,
        'backup_probe',
        parsed.map((l, i) => (l.kind === 'row' ? decodeRow(l.values, i + 2) : {})),
      );
      assert.deepEqual(await probeRows(target, to), PROBE_ROWS);
    });
  }
});
