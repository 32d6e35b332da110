import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { FORMAT_VERSION } from '../../src/server/features/backup/format.ts';
import { asOlderFormat, contentDump, newPlace, openPlace, runScript, serve, type Place } from '../helpers/backup.ts';
import { createCard } from '../helpers/factories.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines } from '../helpers/server.ts';

/**
 * Backups carry the cities' Trash and History (format 11, issue 34 point 8): a deleted city and its
 * changes move with the site and can be restored there; a version 9 file (before cities could be
 * trashed) still imports; a file of a version this site does not know is refused by its version.
 */

const linesOf = (file: string): string[] => gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
const writeLines = (file: string, lines: string[]): void => writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));
const isCityRow = (line: string): boolean => {
  const row = JSON.parse(line) as { t?: string; r?: { kind?: string } };
  return (row.t === 'trash' || row.t === 'history') && row.r?.kind === 'city';
};

/** The lines of a version 9 file: no city in the trash or the history (a version 9 site could not put one there). */
function asVersion9(lines: string[]): string[] {
  const older = asOlderFormat(lines, 9);
  const trailer = JSON.parse(older.at(-1)!) as { end: { rows: Record<string, number> } };
  const rows = older.slice(1, -1).filter((line) => {
    if (!isCityRow(line)) return true;
    trailer.end.rows[JSON.parse(line).t as string]! -= 1;
    return false;
  });
  return [older[0]!, ...rows, JSON.stringify(trailer)];
}

for (const engine of engines()) {
  describe(`backups with the cities' trash and history [${engine}]`, () => {
    const work = mkdtempSync(join(tmpdir(), 'site-city-backup-'));
    const file = join(work, 'backup.jsonl.gz');
    let source: Place;
    let site: Awaited<ReturnType<typeof serve>>;
    let cityId = '';
    let projectId = '';

    before(async () => {
      source = await newPlace(engine);
      site = await serve(source, { ADMIN_EMAIL, ADMIN_PASSWORD });
      const admin = site.client();
      assert.equal((await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status, 200);
      projectId = (await createCard(admin, 'portfolio'))._id;
      const body = {
        nameAr: 'ينبع',
        nameEn: 'Yanbu',
        introAr: '',
        introEn: '',
        areasAr: '',
        areasEn: '',
        phone: '',
        whatsapp: '',
        enabled: true,
        projectIds: [projectId],
      };
      const made = await admin.post('/api/cities', body);
      assert.equal(made.status, 201);
      cityId = made.body.data._id;
      assert.equal((await admin.put(`/api/cities/${cityId}`, { ...body, introAr: 'قبل النسخة' })).status, 200);
      assert.equal((await admin.delete(`/api/cities/${cityId}`)).status, 200);
      const ran = await runScript('export', [file], source);
      assert.equal(ran.code, 0, ran.stderr);
    });
    after(async () => {
      await site?.app.close();
      await source?.cleanup();
      rmSync(work, { recursive: true, force: true });
    });

    it('carries a deleted city and its changes (format 11 on): restorable on the target, its project re-linked', async () => {
      const lines = linesOf(file);
      assert.equal(JSON.parse(lines[0]!).version, FORMAT_VERSION);
      assert.ok(FORMAT_VERSION >= 11);
      assert.equal(lines.filter(isCityRow).length, 1 + 3, 'its trash row, and added, edited, deleted');
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
          const trash = (await admin.get('/api/trash')).body.data as { id: string; kind: string }[];
          assert.deepEqual(
            trash.filter((t) => t.id === cityId).map((t) => t.kind),
            ['city'],
          );
          assert.equal((await admin.get(`/api/history?item=${cityId}`)).body.data.length, 3);
          assert.equal((await admin.post(`/api/trash/${cityId}/restore`, {})).status, 200);
          const city = (
            (await admin.get('/api/cities')).body.data as { _id: string; introAr: string; projectIds: string[] }[]
          ).find((c) => c._id === cityId);
          assert.equal(city?.introAr, 'قبل النسخة');
          assert.deepEqual(city?.projectIds, [projectId]);
          assert.ok((await admin.get('/api/contact')).body.data.citiesAr.includes('ينبع'));
        } finally {
          await moved.app.close();
        }
      } finally {
        await target.cleanup();
      }
    });

    it('still imports a file of format version 9, whose trash and history hold no city', async () => {
      const older = join(work, 'v9.jsonl.gz');
      writeLines(older, asVersion9(linesOf(file)));
      assert.equal(JSON.parse(linesOf(older)[0]!).version, 9);
      const target = await newPlace(engine);
      try {
        const ran = await runScript('import', [older], target);
        assert.equal(ran.code, 0, ran.stderr);
        const handle = openPlace(target);
        try {
          const dump = await contentDump(handle.db);
          assert.ok(!dump.trash!.some((r) => r.includes('"kind":"city"')));
          assert.ok(
            dump.cards!.some((r) => r.includes(projectId)),
            'the rest of the site is there',
          );
        } finally {
          await handle.destroy();
        }
      } finally {
        await target.cleanup();
      }
    });

    it('refuses a file of a version it does not know by its version, before reading its rows', async () => {
      const lines = linesOf(file);
      const header = JSON.parse(lines[0]!);
      header.version = FORMAT_VERSION + 1;
      const newer = join(work, 'newer.jsonl.gz');
      writeLines(newer, [JSON.stringify(header), ...lines.slice(1)]);
      const target = await newPlace(engine);
      try {
        const ran = await runScript('import', [newer], target);
        assert.notEqual(ran.code, 0);
        assert.match(
          ran.stderr,
          new RegExp(
            `format version ${FORMAT_VERSION + 1}; this version of the site reads versions 2, [0-9, ]+ and ${FORMAT_VERSION} only`,
          ),
        );
      } finally {
        await target.cleanup();
      }
    });
  });
}
