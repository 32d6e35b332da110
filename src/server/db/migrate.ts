import { sql } from 'kysely';
import {
  Migrator,
  NO_MIGRATIONS,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely/migration';
import type { Db } from './database.ts';
import * as m001 from './migrations/001-initial.ts';
import * as m002 from './migrations/002-bilingual.ts';
import * as m003 from './migrations/003-shared-state.ts';
import * as m004 from './migrations/004-images-in-database.ts';
import * as m005 from './migrations/005-session-details.ts';
import * as m006 from './migrations/006-second-factors.ts';
import * as m007 from './migrations/007-leads.ts';
import * as m008 from './migrations/008-trash-history.ts';
import * as m009 from './migrations/009-image-focus.ts';
import * as m010 from './migrations/010-account-guard.ts';
import * as m011 from './migrations/011-lead-bounds.ts';
import * as m012 from './migrations/012-cities-slugs-faq.ts';
import * as m013 from './migrations/013-quote-requests.ts';
import * as m014 from './migrations/014-backup-runs.ts';
import * as m015 from './migrations/015-lead-requests.ts';
import * as m016 from './migrations/016-request-trash.ts';
import * as m017 from './migrations/017-card-slugs.ts';
import * as m018 from './migrations/018-faq.ts';

/** Migrations are imported statically so a bundled or type-stripped build finds them without a file scan. */
const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-bilingual': m002,
  '003-shared-state': m003,
  '004-images-in-database': m004,
  '005-session-details': m005,
  '006-second-factors': m006,
  '007-leads': m007,
  '008-trash-history': m008,
  '009-image-focus': m009,
  '010-account-guard': m010,
  '011-lead-bounds': m011,
  '012-cities-slugs-faq': m012,
  '013-quote-requests': m013,
  '014-backup-runs': m014,
  '015-lead-requests': m015,
  '016-request-trash': m016,
  '017-card-slugs': m017,
  '018-faq': m018,
};

/** The names of the migrations this version of the code knows, in the order they run. */
export function knownMigrations(): string[] {
  return Object.keys(migrations).sort();
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error | undefined)?.message ?? error)}`,
    );
  }
}

/**
 * The names of the migrations the database has run, oldest first, whether this version knows them
 * or not (a newer version may have run more); none for an empty database.
 */
export async function appliedMigrations(db: Db): Promise<string[]> {
  try {
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    return rows.rows.map((r) => String(r.name));
  } catch (err) {
    // No such table: nothing has run yet. Any other failure (the database is down) is the caller's.
    if (
      /kysely_migration/.test((err as Error).message) &&
      /(no such table|does not exist)/i.test((err as Error).message)
    )
      return [];
    throw err;
  }
}

/**
 * Migrates up or down until `target` is the last migration run ('none': before the first). Going
 * down runs each newer migration's `down`, newest first, which is how an upgrade that fails is
 * rolled back while the previous version's data stays. Returns the names run or reverted.
 */
export async function migrateTo(
  db: Db,
  target: string,
): Promise<{ direction: 'up' | 'down' | 'none'; names: string[] }> {
  const migrator = new Migrator({ db, provider });
  const result: MigrationResultSet = await migrator.migrateTo(target === 'none' ? NO_MIGRATIONS : target);
  const failed = result.results?.find((r) => r.status === 'Error');
  if (result.error || failed) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${String((result.error as Error | undefined)?.message ?? result.error)}`,
    );
  }
  const names = (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  const direction = result.results?.[0]?.direction;
  return { direction: names.length === 0 ? 'none' : direction === 'Down' ? 'down' : 'up', names };
}
