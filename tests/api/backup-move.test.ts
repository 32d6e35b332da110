import assert from 'node:assert/strict';
import { EXPORTED_TABLES } from '../../src/server/features/backup/tables.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { imageFileRows, newPlace, openPlace, runScript, serve, type Place } from '../helpers/backup.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';
import { siteSnapshot, snapshotKinds, type Snapshot } from '../helpers/site-snapshot.ts';

/**
 * A demo site on SQLite (as `npm start` makes it) exported while it serves, imported elsewhere, and
 * served again: every public page, API answer and image is the same, byte for byte, and the admin
 * signs in with the same password. Nothing is normalised: the content, the build and PUBLIC_URL
 * are the same on both sides, so nothing may differ. Needs `npm run build` (the pages).
 */
describe('moving a whole site with npm run export and npm run import', () => {
  let source: Place;
  let site: Awaited<ReturnType<typeof serve>>;
  let before_: Snapshot;
  let sourceImages: Record<string, string>;
  let backup: string;
  const work = mkdtempSync(join(tmpdir(), 'site-move-'));

  before(async () => {
    source = await newPlace('sqlite');
    site = await serve(source, { SEED_DEMO: 'true', ADMIN_EMAIL, ADMIN_PASSWORD });
    before_ = await siteSnapshot(site.url);
    const db = openPlace(source);
    try {
      sourceImages = await imageFileRows(db.db);
    } finally {
      await db.destroy();
    }
  });
  after(async () => {
    await site?.app.close();
    await source?.cleanup();
    rmSync(work, { recursive: true, force: true });
  });

  it('exports the site while it keeps serving', async () => {
    backup = join(work, 'site.jsonl.gz');
    // Visitors keep asking for pages and answers during the export; every one is answered.
    let exporting = true;
    const statuses: number[] = [];
    const visitor = (async () => {
      const client = site.client();
      while (exporting)
        for (const path of ['/', '/en/products', '/api/card?type=product'])
          statuses.push((await client.get(path)).status);
    })();
    const ran = await runScript('export', [backup], source);
    exporting = false;
    await visitor;
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(
      ran.stdout,
      new RegExp(`^Exported ${EXPORTED_TABLES.length} tables and \\d+ rows from SQLite .* in [\\d.]+ s\\.\n$`),
    );
    assert.ok(
      statuses.length > 0 && statuses.every((s) => s === 200),
      `answers during the export: ${statuses.join(',')}`,
    );

    assert.ok(Object.keys(sourceImages).length >= 40, 'the demo images are stored');
    const kinds = snapshotKinds(before_);
    // The demo site: 10 pages in two languages plus a page per card, 13 answers plus details, 20 pictures in several widths.
    assert.ok(kinds.pages >= 20 && kinds.api >= 20 && kinds.images >= 40, JSON.stringify(kinds));
    for (const [path, answer] of before_) assert.equal(answer.status, 200, path);
  });

  async function importAndCompare(
    from: string,
    engine: 'sqlite' | 'postgres',
    expected: Snapshot,
  ): Promise<{ place: Place; file: string }> {
    const place = await newPlace(engine);
    const ran = await runScript('import', [from], place);
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(
      ran.stdout,
      new RegExp(`^Imported ${EXPORTED_TABLES.length} tables and \\d+ rows \\([\\d.]+ MB\\) into (SQLite|PostgreSQL)`),
    );
    // Every stored image file (not only those the pages name) is the source's, byte for byte.
    const db = openPlace(place);
    try {
      assert.deepEqual(await imageFileRows(db.db), sourceImages);
    } finally {
      await db.destroy();
    }
    // No ADMIN_EMAIL here: the account is the one that travelled.
    const moved = await serve(place);
    try {
      const after_ = await siteSnapshot(moved.url);
      assert.deepEqual([...after_.keys()].sort(), [...expected.keys()].sort());
      for (const [path, answer] of expected)
        assert.deepEqual(after_.get(path), answer, `${path} differs after the move`);

      const admin = moved.client();
      assert.equal((await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status, 200);
      assert.equal((await admin.get('/api/auth/is-logged-in')).body.data.email, ADMIN_EMAIL);
      assert.equal(
        (await moved.client().post('/api/auth/login', { email: ADMIN_EMAIL, password: 'not the password' })).status,
        401,
      );

      const file = join(work, `from-${engine}-${Date.now()}.jsonl.gz`);
      const again = await runScript('export', [file], place);
      assert.equal(again.code, 0, again.stderr);
      return { place, file };
    } finally {
      await moved.app.close();
    }
  }

  it('SQLite to SQLite: every page, answer and image is the same, and the admin signs in', async () => {
    assert.ok(backup, 'the export ran');
    const { place } = await importAndCompare(backup, 'sqlite', before_);
    await place.cleanup();
  });

  it(
    'SQLite to PostgreSQL and back to SQLite: the same at every step',
    { skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL is not set' },
    async () => {
      assert.ok(backup, 'the export ran');
      const onPg = await importAndCompare(backup, 'postgres', before_);
      try {
        const back = await importAndCompare(onPg.file, 'sqlite', before_);
        await back.place.cleanup();
      } finally {
        await onPg.place.cleanup();
      }
    },
  );
});
