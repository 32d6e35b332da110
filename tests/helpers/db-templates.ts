import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';

/**
 * Databases migrated once per `npm test` run, that test servers start from instead of running every
 * migration again (a second or two per server on PostgreSQL, a quarter on SQLite): scripts/test.ts
 * makes them before the first file and passes them on in TEST_SQLITE_TEMPLATE (a site.db to copy)
 * and TEST_PG_TEMPLATE (a database to CREATE DATABASE … TEMPLATE from). A file run by hand has
 * neither and migrates as the server always does; the migrations themselves run here, on both engines,
 * so a broken one still fails the run.
 */
export async function makeDatabaseTemplates(
  dir: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const env: Record<string, string> = {};
  const sqliteDir = join(dir, 'sqlite-template');
  mkdirSync(sqliteDir, { recursive: true });
  const sqlite = openDatabase({ dataDir: sqliteDir });
  try {
    await migrateToLatest(sqlite.db);
  } finally {
    await sqlite.destroy();
  }
  env.TEST_SQLITE_TEMPLATE = join(sqliteDir, 'site.db');

  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { env, drop: async () => {} };
  const name = `t_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: target.toString(), dataDir: dir });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.destroy();
  }
  env.TEST_PG_TEMPLATE = name;
  return { env, drop: () => admin(`DROP DATABASE IF EXISTS ${name}`) };
}
