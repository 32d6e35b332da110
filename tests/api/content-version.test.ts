// npm test: serial (a kept answer replaced within 5 s).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import * as m001 from '../../src/server/db/migrations/001-initial.ts';
import * as m002 from '../../src/server/db/migrations/002-bilingual.ts';
import { createCard } from '../helpers/factories.ts';
import { createPgDatabase, describeEachEngine, engines } from '../helpers/server.ts';

/**
 * The content version in the database moves with the content, inside the writing transaction:
 * what every other server's caches are invalidated by (PostgreSQL notifies them at commit).
 */
describeEachEngine('content version in the database', (server, engine) => {
  const stored = async () =>
    Number(
      (await server().app.ctx.db.selectFrom('content_version').select('version').executeTakeFirstOrThrow()).version,
    );

  it('moves with every content write through the API: a card, a keyword, the phone, the contact details, the about text', async () => {
    const admin = await server().admin();
    let last = await stored();
    const moved = async (what: string) => {
      const now = await stored();
      assert.ok(now > last, `${what} bumps the version (${last} → ${now})`);
      last = now;
    };
    const card = await createCard(admin, 'product');
    await moved('a new card');
    assert.equal(
      (await admin.put(`/api/card/${card._id}`, { title: 'Renamed', description: card.description })).status,
      200,
    );
    await moved('a card edit');
    assert.equal((await admin.post('/api/word/', { word: 'version-word' })).status, 201);
    await moved('a keyword');
    assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '+966 50 111 2222' })).status, 200);
    await moved('the phone');
    const contact = await admin.get('/api/contact');
    assert.equal(contact.status, 200, JSON.stringify(contact.body));
    assert.equal((await admin.put('/api/contact', { ...contact.body.data, email: 'hello@test.example' })).status, 200);
    await moved('the contact details');
    const about = {
      title: 't',
      description: 'd',
      title2: 't2',
      description2: 'd2',
      title3: 't3',
      description3: 'd3',
      language: 'ar',
    };
    assert.equal((await admin.post('/api/aboutus/', about)).status, 200);
    await moved('the about text');
    assert.equal((await admin.delete(`/api/card/${card._id}`)).status, 200);
    await moved('a card deleted');
  });

  it('stays put on refused writes, a rolled-back transaction, sign-ins and the device-cookie key', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'portfolio');
    const before = await stored();
    assert.equal((await admin.put('/api/card/does-not-exist', { title: 'x', description: 'x' })).status, 404);
    assert.equal(
      (
        await admin.put(`/api/card/${card._id}`, {
          title: 'x',
          description: 'x',
          expectedUpdatedAt: '2000-01-01T00:00:00.000Z',
        })
      ).status,
      409,
    );
    // A sign-in writes a session and the device-cookie signing key: not content.
    await server().admin();
    const { db } = server().app.ctx;
    const written = await db
      .updateTable('settings')
      .set((eb) => ({ value: eb.ref('value') }))
      .where('key', '=', 'device-cookie-key')
      .executeTakeFirst();
    assert.equal(Number(written.numUpdatedRows), 1, 'the signing key is there and was written again');
    await assert.rejects(
      server()
        .app.ctx.db.transaction()
        .execute(async (trx) => {
          await trx.updateTable('cards').set({ title: 'never seen' }).where('id', '=', card._id).execute();
          throw new Error('rolled back');
        }),
      /rolled back/,
    );
    assert.equal(await stored(), before);
  });

  it(
    "reaches this server's kept answers when another process writes the database (SQLite: read once a second)",
    { skip: engine !== 'sqlite' && 'PostgreSQL notifies instead (tests/api/multi-server.test.ts)' },
    async () => {
      const word = `other-process-${Date.now()}`;
      const anon = server().anon();
      const before = await anon.get('/api/word/');
      assert.equal(before.status, 200);
      assert.equal((await anon.get('/api/word/')).status, 200, 'asked twice: the answer is kept');
      // Another handle on the same file stands for another process (an import, a second server).
      const other = openDatabase({ dataDir: server().dataDir });
      try {
        await other.db
          .insertInto('words')
          .values({ id: `w-${Date.now()}`, word, word_key: word, created_at: new Date().toISOString() })
          .execute();
      } finally {
        await other.destroy();
      }
      const started = Date.now();
      for (;;) {
        const words = (await anon.get('/api/word/')).body.data as { word: string }[];
        if (words.some((w) => w.word === word)) break;
        assert.ok(Date.now() - started < 5_000, 'the kept answer is replaced within a few seconds');
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  );

  it(
    'lets two transactions that write the same rows in a different order both commit (the version row is taken at commit)',
    { skip: engine !== 'postgres' && 'PostgreSQL only: SQLite has one writer at a time' },
    async () => {
      const admin = await server().admin();
      const [x, y] = [await createCard(admin, 'product'), await createCard(admin, 'product')];
      const before = await stored();
      const [c1, c2] = [
        new pg.Client(server().app.ctx.config.databaseUrl),
        new pg.Client(server().app.ctx.config.databaseUrl),
      ];
      await Promise.all([c1.connect(), c2.connect()]);
      try {
        const pid2 = (await c2.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        const edit = (c: pg.Client, id: string) => c.query('update cards set title = title where id = $1', [id]);
        await c1.query('begin');
        await edit(c1, x._id);
        await c2.query('begin');
        // Were the version row locked at the first write, this would wait for c1 ...
        const second = edit(c2, y._id).then(() => c2.query('select 1'));
        second.catch(() => undefined);
        for (const deadline = Date.now() + 10_000; ;) {
          assert.ok(Date.now() < deadline, 'the second transaction wrote its row or waits for a lock');
          const waiting = await server()
            .app.ctx.db.selectFrom(
              sql<{ pid: number; wait_event_type: string | null; state: string }>`pg_stat_activity`.as('a'),
            )
            .select(['wait_event_type', 'state'])
            .where('pid', '=', pid2)
            .executeTakeFirstOrThrow();
          if (waiting.wait_event_type === 'Lock' || waiting.state === 'idle in transaction') break;
        }
        // ... and c1, now waiting for c2's row, would deadlock with it.
        const first = edit(c1, y._id);
        const results = await Promise.allSettled([
          second.then(() => c2.query('commit')),
          first.then(() => c1.query('commit')),
        ]);
        assert.deepEqual(
          results.map((r) => (r.status === 'rejected' ? String((r.reason as Error).message) : 'committed')),
          ['committed', 'committed'],
        );
        assert.equal(await stored(), before + 3);
      } finally {
        await Promise.all([c1.end(), c2.end()]);
      }
    },
  );
});

for (const engine of engines()) {
  describe(`migration 003 on a site that has content [${engine}]`, () => {
    it('adds the shared state to a database made by the previous release, and later writes move the version', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'site-003-'));
      const pgDb = engine === 'postgres' ? await createPgDatabase() : undefined;
      const handle = openDatabase({ databaseUrl: pgDb?.url, dataDir });
      try {
        const previous = new Migrator({
          db: handle.db,
          provider: { getMigrations: async () => ({ '001-initial': m001, '002-bilingual': m002 }) },
        });
        const { error } = await previous.migrateToLatest();
        if (error) throw error;
        const now = new Date().toISOString();
        await handle.db
          .insertInto('words')
          .values({ id: 'old-word', word: 'قديم', word_key: 'قديم', created_at: now })
          .execute();
        await handle.db.insertInto('settings').values({ key: 'phone', value: '+966 50 000 0000' }).execute();

        await migrateToLatest(handle.db);

        const version = async () =>
          Number((await handle.db.selectFrom('content_version').select('version').executeTakeFirstOrThrow()).version);
        assert.equal(await version(), 0);
        assert.equal((await handle.db.selectFrom('words').select('id').execute()).length, 1, 'the content is kept');
        await handle.db.updateTable('settings').set({ value: '+966 50 000 0001' }).where('key', '=', 'phone').execute();
        assert.equal(await version(), 1);
        await handle.db.deleteFrom('words').execute();
        assert.equal(await version(), 2);
      } finally {
        await handle.destroy();
        await pgDb?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
