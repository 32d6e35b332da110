import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { readdir } from 'node:fs/promises';
import { Migrator, type Migration } from 'kysely/migration';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { addDays, dayIn } from '../../src/server/features/leads/classify.ts';
import { leadResults } from '../../src/server/features/leads/results.ts';
import { asOlderFormat, newPlace, openPlace, runScript, serve, type Place } from '../helpers/backup.ts';
import { fillLeadRows, sitePages } from '../helpers/lead-rows.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createPgDatabase, engines } from '../helpers/server.ts';

const linesOf = (file: string): string[] => gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
const writeLines = (file: string, lines: string[]): void => writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));

/** The site's migrations as files, for a database brought to an earlier one. */
async function migrationFiles(): Promise<Record<string, Migration>> {
  const dir = new URL('../../src/server/db/migrations/', import.meta.url);
  const out: Record<string, Migration> = {};
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.ts')))
    out[file.slice(0, -3)] = (await import(new URL(file, dir).href)) as Migration;
  return out;
}

for (const engine of engines()) {
  it(`keeps the counts of a site of the previous release, its Results read from the totals migration 010 builds [${engine}]`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'site-leads-upgrade-'));
    const pgDb = engine === 'postgres' ? await createPgDatabase() : undefined;
    const handle = openDatabase({ databaseUrl: pgDb?.url, dataDir });
    try {
      const migrations = await migrationFiles();
      const { error } = await new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => migrations },
      }).migrateTo('009-image-focus');
      if (error) throw error;
      const day = dayIn('Asia/Riyadh');
      const row = { day, language: 'ar', device: 'mobile', views: 3, calls: 1, whatsapp: 0, emails: 0 };
      await handle.db
        .insertInto('lead_counts')
        .values([
          { ...row, page: '/', source: 'direct', visitors: 2 },
          { ...row, page: '/', source: 'Google', visitors: 1 },
          { ...row, page: '/contact', source: 'Google', visitors: 1 },
        ] as never)
        .execute();
      await migrateToLatest(handle.db);
      const results = await leadResults(handle.db, day, day, 1, 'ar');
      assert.equal(results.totals.visitors, 4);
      assert.equal(results.totals.calls, 3);
      assert.deepEqual(
        results.pages.map((p) => [p.key, p.visitors, p.calls]),
        [
          ['/', 3, 2],
          ['/contact', 1, 1],
        ],
        'those who entered on a page saw it',
      );
      assert.deepEqual(
        results.sources.map((p) => [p.key, p.visitors]),
        [
          ['Google', 2],
          ['direct', 2],
        ],
      );
    } finally {
      await handle.destroy();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

/** A backup carries lead_counts; the import builds the daily totals the Results read from them. */
for (const engine of engines()) {
  describe(`backups of the leads counts [${engine}]`, () => {
    const work = mkdtempSync(join(tmpdir(), 'site-leads-backup-'));
    const file = join(work, 'backup.jsonl.gz');
    const last = dayIn('Asia/Riyadh');
    let source: Place;
    let expected: Awaited<ReturnType<typeof leadResults>>;

    before(async () => {
      source = await newPlace(engine);
      const site = await serve(source, { ADMIN_EMAIL, ADMIN_PASSWORD });
      try {
        await fillLeadRows(site.app.ctx.db, { last, days: 30, pages: sitePages(3), sources: 4 });
        expected = await leadResults(site.app.ctx.db, addDays(last, -29), last, 30, 'ar');
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

    async function importedResults(backup: string) {
      const target = await newPlace(engine);
      try {
        const ran = await runScript('import', [backup], target);
        assert.equal(ran.code, 0, ran.stderr);
        const handle = openPlace(target);
        try {
          return await leadResults(handle.db, addDays(last, -29), last, 30, 'ar');
        } finally {
          await handle.destroy();
        }
      } finally {
        await target.cleanup();
      }
    }

    it('carries the counts, not their totals, and the Results on the target are the same', async () => {
      const lines = linesOf(file);
      assert.ok(lines.some((l) => l.startsWith('{"t":"lead_counts"')));
      assert.ok(!lines.some((l) => l.startsWith('{"t":"lead_totals"')), 'derived from lead_counts, so not carried');
      assert.deepEqual(await importedResults(file), expected);
    });

    it('imports a file from before page visitors were counted: a page’s visitors are then those who entered on it', async () => {
      const older = join(work, 'v4.jsonl.gz');
      writeLines(older, asOlderFormat(linesOf(file), 4));
      const results = await importedResults(older);
      assert.deepEqual(results.totals, { ...expected.totals, contacted: 0, contactsPer100: 0 });
      for (const page of results.pages) {
        const before = expected.pages.find((p) => p.key === page.key)!;
        assert.ok(
          page.visitors > 0 && page.visitors < before.visitors,
          `${page.key}: ${page.visitors} of ${before.visitors} visitors entered on it`,
        );
      }
    });
  });
}
