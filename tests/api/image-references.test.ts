import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { createCard, uploadImage } from '../helpers/factories.ts';
import { uniqueImage } from '../helpers/images.ts';
import { describeEachEngine, startServer, type TestServer } from '../helpers/server.ts';
import { storedFile } from '../helpers/stored-images.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Frees an image as the sweep or a release would, through the store (nothing uses it yet). */
async function freeImage(server: TestServer, name: string): Promise<void> {
  await server.app.ctx.images.releaseUnused(server.app.ctx.db, [name]);
  assert.equal(await server.app.ctx.images.find(server.app.ctx.db, name), undefined, 'the image is gone');
}

describeEachEngine('references to images', (server, engine) => {
  it('a card, detail item or slide naming an image that was freed is refused with 400 naming image', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const slide = (await admin.post('/api/slider/', { title: 'شريحة', details: 'نص', image: await uploadImage(admin) }))
      .body.data;
    const detail = (
      await admin.post('/api/card/details', {
        title: 'd',
        description: 'd',
        image: await uploadImage(admin),
        id: card._id,
      })
    ).body.data;
    const gone = await uploadImage(admin);
    await freeImage(server(), gone);

    const writes: [string, Promise<{ status: number; body: { message: string } }>][] = [
      ['new card', admin.post('/api/card/?type=product', { title: 't', description: 'd', image: gone })],
      ['card edit', admin.put(`/api/card/${card._id}`, { title: 't', description: 'd', image: gone })],
      ['new detail', admin.post('/api/card/details', { title: 't', description: 'd', image: gone, id: card._id })],
      ['detail edit', admin.put(`/api/card/details/${detail._id}`, { title: 't', description: 'd', image: gone })],
      ['new slide', admin.post('/api/slider/', { title: 't', details: 'd', image: gone })],
      ['slide edit', admin.put(`/api/slider/${slide._id}`, { title: 't', details: 'd', image: gone })],
    ];
    for (const [what, write] of writes) {
      const res = await write;
      assert.equal(res.status, 400, what);
      assert.match(res.body.message, /^image /, what);
    }
    const { db } = server().app.ctx;
    for (const table of ['cards', 'card_details', 'slides'] as const) {
      assert.equal(
        (await db.selectFrom(table).select('id').where('image', '=', gone).execute()).length,
        0,
        `no ${table} row names it`,
      );
    }
  });

  it('the database itself refuses a reference to an unknown image and the deletion of a used one', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const { db } = server().app.ctx;
    const now = new Date().toISOString();
    await assert.rejects(
      db
        .insertInto('cards')
        .values({
          id: 'raw-card',
          type: 'product',
          title: 't',
          description: 'd',
          image: `${'0'.repeat(32)}.webp`,
          is_detailed: 0,
          created_at: now,
          updated_at: now,
        })
        .execute(),
      engine === 'postgres' ? { code: '23503' } : /FOREIGN KEY constraint failed/,
    );
    const slide = (await admin.post('/api/slider/', { title: 'شريحة', details: 'نص', image: await uploadImage(admin) }))
      .body.data;
    await assert.rejects(
      db
        .updateTable('slides')
        .set({ image: `${'1'.repeat(32)}.webp` })
        .where('id', '=', slide._id)
        .execute(),
      engine === 'postgres' ? { code: '23503' } : /FOREIGN KEY constraint failed/,
    );
    await assert.rejects(
      db.deleteFrom('images').where('name', '=', card.image).execute(),
      engine === 'postgres' ? { code: '23503' } : /FOREIGN KEY constraint failed/,
    );
    assert.ok(await storedFile(server(), card.image), 'the used image and its bytes stay');
  });

  it('the sweep keeps an old image that a card uses and frees an old one nothing uses', async () => {
    const admin = await server().admin();
    const { db, images } = server().app.ctx;
    const used = (await createCard(admin, 'portfolio')).image;
    const orphan = await uploadImage(admin);
    await db
      .updateTable('images')
      .set({ created_at: new Date(Date.now() - 2 * DAY).toISOString() })
      .where('name', 'in', [used, orphan])
      .execute();
    const removed = await images.sweepOrphans(db, new Date(Date.now() - DAY));
    assert.ok(removed >= 1);
    assert.ok(await images.find(db, used));
    assert.equal(await images.find(db, orphan), undefined);
  });

  it('a picture uploaded again restarts its grace period: the sweep does not take it from the form being filled', async () => {
    const admin = await server().admin();
    const { db, images } = server().app.ctx;
    const fixture = await uniqueImage();
    const name = await uploadImage(admin, fixture);
    await db
      .updateTable('images')
      .set({ created_at: new Date(Date.now() - 2 * DAY).toISOString() })
      .where('name', '=', name)
      .execute();
    assert.equal(await uploadImage(admin, fixture), name);
    await images.sweepOrphans(db, new Date(Date.now() - DAY));
    assert.ok(await images.find(db, name), 'kept: it was uploaded again just now');
  });
});

/** Waits until a backend of `database` waits for a lock (the race is then set up), or fails. */
async function lockWaiter(client: pg.Client, database: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
      [database],
    );
    if (rows[0].n > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('nothing waited for the lock');
}

// Only PostgreSQL runs writers side by side; SQLite has one writer at a time, so these orders cannot interleave there.
describe(
  'an image deleted while a write starts to use it [postgres]',
  { skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL is not set' },
  () => {
    {
      let started: TestServer | undefined;
      before(async () => {
        started = await startServer('postgres');
      });
      after(async () => {
        await started?.close();
      });
      const server = () => started!;
      const open = async () => {
        const url = server().app.ctx.config.databaseUrl!;
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        return { client, database: new URL(url).pathname.slice(1) };
      };

      it('a sweep that meets a card committing a reference to its image skips the image instead of failing', async () => {
        const admin = await server().admin();
        const { db, images } = server().app.ctx;
        const name = await uploadImage(admin);
        await db
          .updateTable('images')
          .set({ created_at: new Date(Date.now() - 2 * DAY).toISOString() })
          .where('name', '=', name)
          .execute();
        const { client, database } = await open();
        const watcher = await open();
        try {
          await client.query('BEGIN');
          const now = new Date().toISOString();
          // The writer's insert holds the image row (its foreign-key check) until it commits.
          await client.query(
            "INSERT INTO cards (id, type, title, description, image, is_detailed, created_at, updated_at) VALUES ('race-card', 'product', 't', 'd', $1, 0, $2, $2)",
            [name, now],
          );
          const sweep = images.sweepOrphans(db, new Date(Date.now() - DAY));
          await lockWaiter(watcher.client, database);
          await client.query('COMMIT');
          assert.equal(await sweep, 0, 'nothing freed, and no error');
          assert.ok(await images.find(db, name), 'the image the card now names is kept');
          assert.equal((await fetch(`${server().url}/uploads/${name}`)).status, 200);
        } finally {
          await client.end();
          await watcher.client.end();
        }
      });

      it('a card whose image a sweep deletes before the card commits is refused with 400, never left dangling', async () => {
        const admin = await server().admin();
        const { db } = server().app.ctx;
        const name = await uploadImage(admin);
        const { client, database } = await open();
        const watcher = await open();
        try {
          await client.query('BEGIN');
          await client.query('DELETE FROM images WHERE name = $1', [name]);
          // The write checks the image (still there for it), then its insert waits for the deletion.
          const write = admin.post('/api/card/?type=portfolio', { title: 'race', description: 'd', image: name });
          await lockWaiter(watcher.client, database);
          await client.query('COMMIT');
          const res = await write;
          assert.equal(res.status, 400, JSON.stringify(res.body));
          assert.match(res.body.message, /^image /);
          assert.equal((await db.selectFrom('cards').select('id').where('image', '=', name).execute()).length, 0);
        } finally {
          await client.end();
          await watcher.client.end();
        }
      });
    }
  },
);
