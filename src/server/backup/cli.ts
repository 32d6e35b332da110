import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { ConfigError, loadConfig, loadDotEnv } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { exportSite } from './export.ts';
import { BackupError } from './format.ts';
import { importSite } from './import.ts';

/**
 * `npm run export -- FILE` and `npm run import -- FILE [--replace]`. They read DATA_DIR and
 * DATABASE_URL (and .env) as the server does. Exit codes: 0 done, 1 refused or failed, 2 bad usage.
 */
const USAGE = {
  export: 'Usage: npm run export -- FILE\n  Writes the whole site (content, admin account, images) to FILE (gzipped JSON Lines).',
  import: 'Usage: npm run import -- FILE [--replace]\n  Loads a backup into the database named by DATABASE_URL (or the SQLite file in DATA_DIR).\n' +
    '  --replace  delete the site the database holds and load the backup in its place',
};

class UsageError extends Error {}

function parseArgs(kind: 'export' | 'import', argv: string[]): { file: string; replace: boolean } {
  const files = argv.filter((a) => !a.startsWith('--'));
  const flags = argv.filter((a) => a.startsWith('--'));
  const allowed = kind === 'import' ? ['--replace'] : [];
  const unknown = flags.find((f) => !allowed.includes(f));
  if (unknown) throw new UsageError(`Unknown option ${unknown}.`);
  if (files.length !== 1) throw new UsageError(files.length === 0 ? 'Name the backup file.' : 'Name one backup file.');
  // npm runs scripts in the project folder; a relative FILE means the folder the operator typed it in.
  return { file: resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!), replace: flags.includes('--replace') };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Errors an operator causes or can fix (a database that is down, a wrong password): a message, not a stack. */
function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? '';
  return ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'ECONNRESET', 'EACCES', 'ENOSPC', 'EROFS'].includes(code) || /^(28|3D|08)/.test(code);
}

export async function runBackupCli(kind: 'export' | 'import', argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE[kind]}\n`);
    return 0;
  }
  let args: { file: string; replace: boolean };
  try {
    args = parseArgs(kind, argv);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE[kind]}\n`);
    return 2;
  }
  const started = performance.now();
  try {
    loadDotEnv();
    const config = loadConfig();
    if (kind === 'export' && !config.databaseUrl && !existsSync(join(config.dataDir, 'site.db'))) {
      throw new BackupError(`There is no site database in ${config.dataDir}: set DATA_DIR (or DATABASE_URL) to the site's.`);
    }
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, longRunning: true });
    // A database that cannot be reached is named before anything is read or written.
    await sql`select 1`.execute(database.db).catch(async (err: Error) => {
      await database.destroy();
      throw new BackupError(`Cannot reach the database: ${err.message}`);
    });
    const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
    try {
      const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
      if (kind === 'export') {
        const s = await exportSite(database.db, database.engine, { file: args.file });
        process.stdout.write(`Exported ${s.tables} tables and ${s.rows} rows from ${where} to ${args.file}: ${mb(s.bytes)} in ${seconds()} s.\n`);
      } else {
        const s = await importSite(database.db, database.engine, { file: args.file, replace: args.replace });
        // Servers running on this database show the imported content within a second: no restart.
        process.stdout.write(`Imported ${s.tables} tables and ${s.rows} rows (${mb(s.bytes)}) into ${where} in ${seconds()} s.\n`);
      }
    } finally {
      await database.destroy();
    }
    return 0;
  } catch (err) {
    if (err instanceof BackupError || err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
    } else if (isConnectionError(err)) {
      process.stderr.write(`The ${kind} failed: ${(err as Error).message}\n`);
    } else {
      process.stderr.write(`The ${kind} failed unexpectedly:\n${(err as Error).stack ?? String(err)}\n`);
    }
    return 1;
  }
}
