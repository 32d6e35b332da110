import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Migrator, type Migration } from 'kysely/migration';
import { openDatabase } from '../../src/server/db/database.ts';
import { knownMigrations, migrateToLatest } from '../../src/server/db/migrate.ts';
import { listServedCities } from '../../src/server/features/cities/cities-repository.ts';
import { createPgDatabase, engines } from '../helpers/server.ts';

/** The migrations before 012, loaded by their file names (the list migrate.ts imports). */
async function before012(): Promise<Record<string, Migration>> {
  const names = knownMigrations().filter((n) => n < '012');
  return Object.fromEntries(
    await Promise.all(
      names.map(async (n) => [n, (await import(`../../src/server/db/migrations/${n}.ts`)) as Migration] as const),
    ),
  );
}

for (const engine of engines()) {
  describe(`migration 012 turns the contact details' city names into city entries [${engine}]`, () => {
    it('makes one entry per name, paired by position, with the usual slugs, none published until it has text', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'cities-migration-'));
      const pg = engine === 'postgres' ? await createPgDatabase() : undefined;
      const handle = openDatabase({ databaseUrl: pg?.url, dataDir });
      try {
        const early = new Migrator({ db: handle.db, provider: { getMigrations: before012 } });
        const { error } = await early.migrateToLatest();
        assert.equal(error, undefined);
        const contact = { citiesAr: ['الدمام', 'الرياض', 'الخبر', 'جدة'], citiesEn: ['Dammam', 'Riyadh', 'Al Khobar'] };
        await handle.db
          .insertInto('settings')
          .values({ key: 'contact', value: JSON.stringify(contact) })
          .execute();

        await migrateToLatest(handle.db);
        const served = await listServedCities(handle.db);
        assert.deepEqual(
          served.map((c) => [c.slug, c.nameAr, c.nameEn]),
          [
            ['dammam', 'الدمام', 'Dammam'],
            ['riyadh', 'الرياض', 'Riyadh'],
            ['al-khobar', 'الخبر', 'Al Khobar'],
            ['jeddah', 'جدة', ''],
          ],
        );
        assert.ok(
          served.every((c) => !c.published),
          'no introduction, no project: not published',
        );
      } finally {
        await handle.destroy();
        await pg?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
