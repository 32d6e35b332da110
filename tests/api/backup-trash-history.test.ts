import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { asOlderFormat, contentDump, newPlace, openPlace, runScript, serve, type Place } from '../helpers/backup.ts';
import { createCard, createDetail } from '../helpers/factories.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines } from '../helpers/server.ts';

/** Export and import carry the trash and the history (format 3); a format 2 file still imports (issue 26, point 6). */

const linesOf = (file: string): string[] => gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
const writeLines = (file: string, lines: string[]): void => writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));
const NEW_TABLES = ['trash', 'history', 'kept_images'];

for (const engine of engines()) {
  describe(`backups with the trash and the history [${engine}]`, () => {
    const work = mkdtempSync(join(tmpdir(), 'site-trash-backup-'));
    const file = join(work, 'backup.jsonl.gz');
    let source: Place;
    let site: Awaited<ReturnType<typeof serve>>;
    let cardId = '';

    before(async () => {
      source = await newPlace(engine);
      site = await serve(source, { ADMIN_EMAIL, ADMIN_PASSWORD });
      const admin = site.client();
      assert.equal((await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status, 200);
      const card = await createCard(admin, 'product');
      cardId = card._id;
      await createDetail(admin, card._id);
      assert.equal(
        (await admin.put(`/api/card/${card._id}`, { title: 'Edited before the backup', description: 'x' })).status,
        200,
      );
      assert.equal((await admin.delete(`/api/card/${card._id}`)).status, 200);
      // The search titles' changes (kind 'seo', format 13) travel too.
      for (const titleEn of ['First titles', 'Second titles'])
        assert.equal(
          (await admin.put('/api/seo', { titleAr: '', titleEn, descriptionAr: '', descriptionEn: '' })).status,
          200,
        );
      const ran = await runScript('export', [file], source);
      assert.equal(ran.code, 0, ran.stderr);
    });
    after(async () => {
      await site?.app.close();
      await source?.cleanup();
      rmSync(work, { recursive: true, force: true });
    });

    it('carries the trash and the history: the card is restorable on the target, its images with it', async () => {
      const header = JSON.parse(linesOf(file)[0]!);
      assert.ok(header.version >= 3, `format ${header.version}`);
      for (const table of NEW_TABLES)
        assert.ok(
          linesOf(file).some((l) => l.startsWith(`{"t":"${table}"`)),
          `${table} rows in the file`,
        );
      const target = await newPlace(engine);
      try {
        const ran = await runScript('import', [file], target);
        assert.equal(ran.code, 0, ran.stderr);
        const moved = await serve(target);
        try {
          const admin = moved.client();
          assert.equal(
            (await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
            200,
          );
          assert.ok(((await admin.get('/api/trash')).body.data as { id: string }[]).some((t) => t.id === cardId));
          assert.equal(
            (await admin.get(`/api/history?item=${cardId}`)).body.data.length,
            2,
            'the edit and the deletion',
          );
          assert.equal((await admin.post(`/api/trash/${cardId}/restore`, {})).status, 200);
          const read = await admin.get(`/api/card/details?id=${cardId}`);
          assert.equal(read.body.data.cardWithImageUrl.title, 'Edited before the backup');
          assert.equal(read.body.data.detailsWithImageUrl.length, 1);
          assert.equal((await moved.client().get(read.body.data.cardWithImageUrl.imageUrl)).status, 200);

          const [seoChange, seoAdded] = (await admin.get('/api/history?item=seo')).body.data;
          assert.equal(seoChange.kind, 'seo');
          assert.deepEqual([seoAdded.after.titleEn, seoChange.after.titleEn], ['First titles', 'Second titles']);
          const seoRestored = await admin.post(`/api/history/${seoChange.id}/restore`, {
            expectedUpdatedAt: seoChange.current,
          });
          assert.equal(seoRestored.status, 200, JSON.stringify(seoRestored.body));
          assert.equal((await admin.get('/api/seo')).body.data.titleEn, 'First titles');
        } finally {
          await moved.app.close();
        }
      } finally {
        await target.cleanup();
      }
    });

    it("refuses a search titles' version the site would not write", async () => {
      const lines = linesOf(file).map((l) => {
        const row = JSON.parse(l);
        if (row.t !== 'history' || row.r.kind !== 'seo' || row.r.after === null) return l;
        row.r.after = JSON.stringify({ ...JSON.parse(row.r.after), script: '<script>' });
        return JSON.stringify(row);
      });
      const hostile = join(work, 'hostile-seo.jsonl.gz');
      writeLines(hostile, lines);
      const target = await newPlace(engine);
      try {
        const ran = await runScript('import', [hostile], target);
        assert.equal(ran.code, 1);
        assert.match(ran.stderr, /history\.after must be a version of a seo as the site stores it/);
      } finally {
        await target.cleanup();
      }
    });

    it('still imports a file of format version 2, with the trash and the history empty', async () => {
      // A version 2 file: written before every migration, table and column versions 3 and 4 added (the leads' too).
      const older = join(work, 'older.jsonl.gz');
      writeLines(older, asOlderFormat(linesOf(file), 2));

      const target = await newPlace(engine);
      try {
        const ran = await runScript('import', [older], target);
        assert.equal(ran.code, 0, ran.stderr);
        const handle = openPlace(target);
        try {
          const dump = await contentDump(handle.db);
          for (const t of NEW_TABLES) assert.deepEqual(dump[t], [], `${t} empty`);
          assert.ok(dump.users!.length === 1 && dump.images!.length >= 2, 'the rest of the site is there');
        } finally {
          await handle.destroy();
        }
      } finally {
        await target.cleanup();
      }
    });
  });
}
