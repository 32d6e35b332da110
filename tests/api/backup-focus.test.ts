import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { asOlderFormat, newPlace, openPlace, runScript, serve, type Place } from '../helpers/backup.ts';
import { createCard } from '../helpers/factories.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines } from '../helpers/server.ts';

/** A photo's focal point travels with its image in a backup (format 4); an older file imports with the centre. */

const linesOf = (file: string): string[] => gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
const writeLines = (file: string, lines: string[]): void => writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));

for (const engine of engines()) {
  describe(`backups with focal points [${engine}]`, () => {
    const work = mkdtempSync(join(tmpdir(), 'site-focus-backup-'));
    const file = join(work, 'backup.jsonl.gz');
    let source: Place;
    let image = '';

    before(async () => {
      source = await newPlace(engine);
      const site = await serve(source, { ADMIN_EMAIL, ADMIN_PASSWORD });
      try {
        const admin = site.client();
        assert.equal(
          (await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
          200,
        );
        image = (await createCard(admin, 'product')).image;
        assert.equal((await admin.put(`/api/images/${image}/focus`, { x: 0.15, y: 0.9 })).status, 200);
      } finally {
        await site.app.close();
      }
      const ran = await runScript('export', [file], source);
      assert.equal(ran.code, 0, ran.stderr);
    });
    after(async () => {
      await source?.cleanup();
      rmSync(work, { recursive: true, force: true });
    });

    /** Imports `from` into a new place and answers the image's stored focal point there. */
    async function importedFocus(from: string): Promise<{ x: number; y: number }> {
      const target = await newPlace(engine);
      try {
        const ran = await runScript('import', [from], target);
        assert.equal(ran.code, 0, ran.stderr);
        const handle = openPlace(target);
        try {
          const row = await handle.db
            .selectFrom('images')
            .select(['focus_x', 'focus_y'])
            .where('name', '=', image)
            .executeTakeFirstOrThrow();
          return { x: Number(row.focus_x), y: Number(row.focus_y) };
        } finally {
          await handle.destroy();
        }
      } finally {
        await target.cleanup();
      }
    }

    it('carries the point: the imported site crops the photo where the source did', async () => {
      const row = linesOf(file)
        .map((l) => JSON.parse(l))
        .find((l) => l.t === 'images' && l.r.name === image);
      assert.deepEqual([row.r.focus_x, row.r.focus_y], [0.15, 0.9], 'the file holds it');
      assert.deepEqual(await importedFocus(file), { x: 0.15, y: 0.9 });
    });

    it('imports a version 3 file, written before focal points, with every photo at the centre', async () => {
      const older = join(work, 'v3.jsonl.gz');
      const lines = asOlderFormat(linesOf(file), 3);
      assert.ok(!lines.some((l) => l.includes('focus_x')), 'the older file has no focal points');
      writeLines(older, lines);
      assert.deepEqual(await importedFocus(older), { x: 0.5, y: 0.5 });
    });

    it('refuses a point outside the photo, naming the line and the column', async () => {
      const bad = join(work, 'bad.jsonl.gz');
      writeLines(
        bad,
        linesOf(file).map((l) =>
          l.includes(`"name":"${image}"`) && l.startsWith('{"t":"images"')
            ? l.replace('"focus_x":0.15', '"focus_x":1.5')
            : l,
        ),
      );
      const target = await newPlace(engine);
      try {
        const ran = await runScript('import', [bad], target);
        assert.notEqual(ran.code, 0);
        assert.match(ran.stderr, /images\.focus_x must be a number from 0 to 1/);
      } finally {
        await target.cleanup();
      }
    });
  });
}
