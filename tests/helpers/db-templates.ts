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
): Promise<{ env: Record<string, string>; drop: () => Promise<string[]> }> {
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
  if (!url) return { env, drop: async () => [] };
  // Every database of the run starts with its prefix (tests/helpers/server.ts), so that those a
  // file left behind are found and dropped at the end, and another run's are left alone.
  const prefix = `t${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const name = `${prefix}_template`;
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
  env.TEST_PG_PREFIX = prefix;
  return {
    env,
    /**
     * Drops the template, and every database of the run a file left behind, answering the names
     * of those (each names its file). FORCE: a leftover may still have a connection of a process
     * that died.
     */
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND datname <> $2 ORDER BY datname`,
          [`${prefix}_`, name],
        );
        for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
        return rows.map((r) => r.datname);
      } finally {
        await client.end();
      }
    },
  };
}
