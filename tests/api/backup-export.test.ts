import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { exportSite } from '../../src/server/features/backup/export.ts';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { imageFileRows, imageFileRowsOf, newPlace, openPlace, serve, type Place } from '../helpers/backup.ts';
import { createCard } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines } from '../helpers/server.ts';

const linesOf = (file: string): string[] => gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);

/** What a backup file holds: rows per table (as parsed JSON). */
function contents(file: string): { rows: Record<string, Record<string, unknown>[]> } {
  const rows: Record<string, Record<string, unknown>[]> = {};
  for (const line of linesOf(file).slice(1)) {
    const value = JSON.parse(line);
    if (value.t) (rows[value.t] ??= []).push(value.r);
  }
  return { rows };
}

for (const engine of engines()) {
  describe(`export while the site is written to [${engine}]`, () => {
    let place: Place;
    let site: Awaited<ReturnType<typeof serve>>;
    let handle: DatabaseHandle;
    let admin: HttpClient;

    before(async () => {
      place = await newPlace(engine);
      site = await serve(place, { ADMIN_EMAIL, ADMIN_PASSWORD });
      admin = site.client();
      assert.equal((await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status, 200);
      await createCard(admin, 'product', { title: 'Before the export' });
      await admin.post('/api/word/', { word: 'before' });
      handle = openPlace(place);
    });
    after(async () => {
      await handle?.destroy();
      await site?.app.close();
      await place?.cleanup();
    });

    it('reads one snapshot: writes the site takes during the export are answered, and are in the next backup, not this one', async () => {
      const file = join(place.dataDir, 'during.jsonl.gz');
      let wrote = false;
      await exportSite(handle.db, engine, {
        file,
        // The users are read; the site now takes a card (with a new picture) and a keyword before the rest is read.
        afterTable: async (table) => {
          if (table !== 'users') return;
          await createCard(admin, 'product', { title: 'During the export' });
          assert.equal((await admin.post('/api/word/', { word: 'during' })).status, 201);
          wrote = true;
        },
      });
      assert.ok(wrote);
      const during = contents(file);
      assert.deepEqual(
        during.rows.cards!.map((c) => c.title),
        ['Before the export'],
      );
      assert.deepEqual(
        during.rows.words!.map((w) => w.word),
        ['before'],
      );
      assert.equal(during.rows.images!.length, 1);
      // Only the files of the image in the snapshot, and exactly the bytes the database held then.
      const image = String(during.rows.images![0]!.name);
      assert.ok(during.rows.image_files!.length >= 1 && during.rows.image_files!.every((f) => f.image === image));
      const now = await imageFileRows(handle.db);
      assert.deepEqual(
        imageFileRowsOf(linesOf(file)),
        Object.fromEntries(Object.entries(now).filter(([, v]) => v.startsWith(`${image} `))),
      );

      const next = join(place.dataDir, 'next.jsonl.gz');
      await exportSite(handle.db, engine, { file: next });
      const later = contents(next);
      assert.deepEqual(later.rows.cards!.map((c) => c.title).sort(), ['Before the export', 'During the export']);
      assert.deepEqual(later.rows.words!.map((w) => w.word).sort(), ['before', 'during']);
      assert.equal(later.rows.images!.length, 2);
      assert.deepEqual(imageFileRowsOf(linesOf(next)), await imageFileRows(handle.db));
    });

    it('an export that fails half-way leaves no file, not even a partial one', async () => {
      const file = join(place.dataDir, 'failed.jsonl.gz');
      const backupFiles = () => readdirSync(place.dataDir).filter((f) => f.includes('failed.jsonl.gz'));
      let partial: string[] = [];
      await assert.rejects(
        exportSite(handle.db, engine, {
          file,
          // The image bytes are written (to the temporary file); then the export fails.
          afterTable: async (table) => {
            if (table !== 'image_files') return;
            partial = backupFiles();
            throw new Error('stopped half-way');
          },
        }),
        /stopped half-way/,
      );
      assert.equal(partial.length, 1, 'the temporary file was being written');
      assert.deepEqual(backupFiles(), []);
    });
  });
}
