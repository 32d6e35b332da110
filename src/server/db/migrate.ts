import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
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
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error | undefined)?.message ?? error)}`);
  }
}
