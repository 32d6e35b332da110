import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { processIo, type CommandIo } from '../../lib/command-io.ts';
import { exportSite } from './export.ts';
import { BackupError } from './format.ts';
import { importSite } from './import.ts';
import { runBackup } from './nightly.ts';
import { restoreCheck } from './restore-check.ts';

/**
 * `npm run export -- FILE`, `npm run import -- FILE [--replace]`, `npm run backup` and
 * `npm run restore-check -- FILE`. They read DATA_DIR and DATABASE_URL (and .env) as the server
 * does. Exit codes: 0 done, 1 refused or failed, 2 bad usage.
 */
type Kind = 'export' | 'import' | 'backup' | 'restore-check';
const USAGE: Record<Kind, string> = {
  export:
    'Usage: npm run export -- FILE [--with-requests]\n  Writes the whole site (content, admin account, images) to FILE (gzipped JSON Lines).\n' +
    "  --with-requests  also the visitors' quote requests and their photos (personal data: left out unless asked)",
  import:
    'Usage: npm run import -- FILE [--replace]\n  Loads a backup into the database named by DATABASE_URL (or the SQLite file in DATA_DIR).\n' +
    '  --replace  delete the site the database holds and load the backup in its place',
  backup:
    'Usage: npm run backup\n  Writes the whole site to DATA_DIR/backups with a checksum file, restores it in a drill, copies it\n' +
    '  (BACKUP_COPY_DIR, BACKUP_COPY_COMMAND) and deletes backups past BACKUP_KEEP_DAYS and BACKUP_KEEP_SUNDAYS.',
  'restore-check':
    'Usage: npm run restore-check -- FILE\n  Checks FILE against FILE.sha256, restores it into a database made for the drill and compares\n' +
    "  the rows of every table with the file. The site's own database is not written.",
};

class UsageError extends Error {}

interface Args {
  file: string;
  replace: boolean;
  withRequests: boolean;
}

function parseArgs(kind: Kind, argv: string[], cwd: string): Args {
  const files = argv.filter((a) => !a.startsWith('--'));
  const flags = argv.filter((a) => a.startsWith('--'));
  const allowed = kind === 'import' ? ['--replace'] : kind === 'export' ? ['--with-requests'] : [];
  const unknown = flags.find((f) => !allowed.includes(f));
  if (unknown) throw new UsageError(`Unknown option ${unknown}.`);
  if (kind === 'backup') {
    if (files.length > 0) throw new UsageError('The backup names its own file (in DATA_DIR/backups).');
    return { file: '', replace: false, withRequests: false };
  }
  if (files.length !== 1) throw new UsageError(files.length === 0 ? 'Name the backup file.' : 'Name one backup file.');
  return {
    file: resolve(cwd, files[0]!),
    replace: flags.includes('--replace'),
    withRequests: flags.includes('--with-requests'),
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Errors an operator causes or can fix (a database that is down, a wrong password): a message, not a stack. */
function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? '';
  return (
    ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'ECONNRESET', 'EACCES', 'ENOSPC', 'EROFS'].includes(code) ||
    /^(28|3D|08)/.test(code)
  );
}

export async function runBackupCli(kind: Kind, argv: string[], io: CommandIo = processIo()): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(`${USAGE[kind]}\n`);
    return 0;
  }
  let args: Args;
  try {
    args = parseArgs(kind, argv, io.cwd);
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE[kind]}\n`);
    return 2;
  }
  const started = performance.now();
  try {
    const config = loadConfig(io.env);
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    // The bounds of what a file may hold follow from this site's settings (bounds.ts).
    const limits = {
      leadsKeepDays: config.leads.keepDays,
      historyVersions: config.retention.historyVersions,
      requestsKeepMonths: config.requests.keepMonths,
    };
    if (kind === 'restore-check') {
      // The drill has a database of its own: the site's is not opened (nor made, in an empty DATA_DIR).
      const r = await restoreCheck(args.file, { databaseUrl: config.databaseUrl, workDir: config.dataDir, limits });
      const checksum = r.checksumChecked
        ? 'matches its checksum file'
        : 'has no checksum file (FILE.sha256) to check its bytes against';
      const compared = r.digestsCompared
        ? 'rows and contents'
        : 'rows (the file is of another engine or an older format: contents not compared)';
      io.out(
        `Restore check passed: ${args.file} ${checksum}; restored ${r.tables} tables and ${r.rows} rows, the same ${compared} as the file, in ${seconds()} s.\n`,
      );
      return 0;
    }
    if (
      (kind === 'export' || kind === 'backup') &&
      !config.databaseUrl &&
      !existsSync(join(config.dataDir, 'site.db'))
    ) {
      throw new BackupError(
        `There is no site database in ${config.dataDir}: set DATA_DIR (or DATABASE_URL) to the site's.`,
      );
    }
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, longRunning: true });
    // A database that cannot be reached is named before anything is read or written.
    await sql`select 1`.execute(database.db).catch(async (err: Error) => {
      await database.destroy();
      throw new BackupError(`Cannot reach the database: ${err.message}`);
    });
    const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
    try {
      if (kind === 'backup') {
        const run = await runBackup(database.db, database.engine, {
          dataDir: config.dataDir,
          databaseUrl: config.databaseUrl,
          timeZone: config.leads.timeZone,
          limits,
          ...config.backups,
        });
        const what = run.file
          ? `${join(config.dataDir, 'backups', run.file)} (${mb(run.bytes)}, ${run.rows} rows), restore check ${run.restore_check}`
          : 'no file';
        if (run.status === 'failed') {
          io.err(`The backup failed: ${what}. ${run.problem}\n`);
          return 1;
        }
        io.out(`Backed up ${where} to ${what}, in ${seconds()} s.\n`);
      } else if (kind === 'export') {
        const s = await exportSite(database.db, database.engine, {
          file: args.file,
          withRequests: args.withRequests,
        });
        io.out(
          `Exported ${s.tables} tables and ${s.rows} rows from ${where} to ${args.file}: ${mb(s.bytes)} in ${seconds()} s.\n`,
        );
      } else {
        const s = await importSite(database.db, database.engine, { file: args.file, replace: args.replace, limits });
        // Servers running on this database show the imported content within a second: no restart.
        io.out(`Imported ${s.tables} tables and ${s.rows} rows (${mb(s.bytes)}) into ${where} in ${seconds()} s.\n`);
      }
    } finally {
      await database.destroy();
    }
    return 0;
  } catch (err) {
    if (err instanceof BackupError || err instanceof ConfigError) {
      io.err(`${err.message}\n`);
    } else if (isConnectionError(err)) {
      io.err(`The ${kind} failed: ${(err as Error).message}\n`);
    } else {
      io.err(`The ${kind} failed unexpectedly:\n${(err as Error).stack ?? String(err)}\n`);
    }
    return 1;
  }
}
