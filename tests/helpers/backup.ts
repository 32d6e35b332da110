import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../src/server/app.ts';
import { runMigrateCli } from '../../src/server/db/migrate-cli.ts';
import { runAdminCli } from '../../src/server/features/auth/admin-cli.ts';
import { runBackupCli } from '../../src/server/features/backup/cli.ts';
import { ADDED_SINCE } from '../../src/server/features/backup/format.ts';
import { EXPORTED_TABLES, REQUEST_TABLES, SKIPPED_TABLES } from '../../src/server/features/backup/tables.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import type { CommandIo } from '../../src/server/lib/command-io.ts';
import { HttpClient } from './http.ts';
import { createPgDatabase, type Engine } from './server.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A data folder and (for PostgreSQL) a database of its own: what a site, or an import's target, runs on. */
export interface Place {
  engine: Engine;
  dataDir: string;
  /** DATA_DIR and DATABASE_URL as the server and the scripts read them. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

export async function newPlace(engine: Engine): Promise<Place> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-backup-'));
  const pgDb = engine === 'postgres' ? await createPgDatabase() : undefined;
  return {
    engine,
    dataDir,
    env: { DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) },
    async cleanup() {
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The site's commands as package.json declares them: `node scripts/<name>.ts`. */
const COMMANDS = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;

/** The function each command's script (scripts/<name>.ts) runs, as the script calls it. */
const RUNNERS = {
  export: (argv, io) => runBackupCli('export', argv, io),
  import: (argv, io) => runBackupCli('import', argv, io),
  backup: (argv, io) => runBackupCli('backup', argv, io),
  'restore-check': (argv, io) => runBackupCli('restore-check', argv, io),
  migrate: runMigrateCli,
  admin: runAdminCli,
} satisfies Record<string, (argv: string[], io: CommandIo) => Promise<number>>;

/**
 * Runs `npm run export -- …`, `npm run import -- …` or another of the site's commands with `place`'s
 * settings. By default (`via: 'process'`) the function the command's script runs is called in this
 * process, with the place's settings and its output kept: starting Node for each of the suite's two
 * hundred runs cost about half a second of CPU each (loading the sources) and changed nothing the
 * command does. `via: 'node'` runs the script in a child process as package.json declares it (`node
 * scripts/export.ts`, by this Node), which a few tests of each command do, so that a command that
 * would not exit (a database left open) or a script that calls the wrong function is seen; `via:
 * 'npm'` goes through npm itself, as the command's usage test and another copy of the project (`cwd`,
 * a production install) do.
 */
export async function runScript(
  kind: keyof typeof RUNNERS,
  args: string[],
  place: Place,
  cwd = ROOT,
  via: 'process' | 'node' | 'npm' = cwd === ROOT ? 'process' : 'npm',
): Promise<Ran> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...place.env,
    PATH: `${join(ROOT, 'node_modules', '.bin')}${delimiter}${process.env.PATH}`,
  };
  if (!place.env.DATABASE_URL) delete env.DATABASE_URL;
  if (via === 'process') {
    if (cwd !== ROOT) throw new Error('another copy of the project runs its commands through npm');
    let stdout = '';
    let stderr = '';
    const code = await RUNNERS[kind](args, {
      env,
      cwd,
      out: (text) => {
        stdout += text;
      },
      err: (text) => {
        stderr += text;
      },
    });
    return { code, stdout, stderr };
  }
  const direct = /^node (scripts\/[\w-]+\.ts)$/.exec(COMMANDS[kind] ?? '');
  if (via === 'node' && !direct)
    throw new Error(`package.json's "${kind}" is not \`node scripts/….ts\`: run it through npm`);
  const [command, commandArgs]: [string, string[]] =
    via === 'node' && direct
      ? [process.execPath, [direct[1]!, ...args]]
      : ['npm', ['run', '--silent', kind, '--', ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += String(c);
    });
    child.stderr.on('data', (c) => {
      stderr += String(c);
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The site of `place`, served on a random port (no demo content unless asked; no admin made from the environment). */
export async function serve(place: Place, env: Record<string, string> = {}) {
  const app = await buildApp(
    loadConfig({
      ...place.env,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      PORT: '0',
      PUBLIC_URL: 'http://site.test',
      ...env,
    }),
    { logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, url, client: () => new HttpClient(url) };
}

/** A database handle on `place` for checks, to be destroyed by the caller. */
export const openPlace = (place: Place) =>
  openDatabase({ databaseUrl: place.env.DATABASE_URL, dataDir: place.dataDir });

/** Row counts of every table a backup knows about (exported or not). */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [...EXPORTED_TABLES, ...REQUEST_TABLES, ...Object.keys(SKIPPED_TABLES)]) {
    const row = await db
      .selectFrom(table as 'users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/**
 * Every stored image file (a row of image_files) as name → "image width base64-of-the-bytes":
 * two equal maps mean the same images, byte for byte, whatever the engine.
 */
export async function imageFileRows(db: Db): Promise<Record<string, string>> {
  const rows = await db.selectFrom('image_files').selectAll().orderBy('name').execute();
  return Object.fromEntries(
    rows.map((r) => [r.name, `${r.image} ${r.width} ${Buffer.from(r.bytes).toString('base64')}`]),
  );
}

/** The image_files rows a backup file holds, in the form imageFileRows answers. */
export function imageFileRowsOf(lines: string[]): Record<string, string> {
  const rows = lines
    .filter((l) => l.startsWith('{"t":"image_files"'))
    .map((l) => JSON.parse(l).r as { name: string; image: string; width: number; bytes: { $bytes: string } });
  return Object.fromEntries(
    rows.sort((a, b) => (a.name < b.name ? -1 : 1)).map((r) => [r.name, `${r.image} ${r.width} ${r.bytes.$bytes}`]),
  );
}

/** Every row of every exported table, as sorted JSON: equal dumps mean equal content. */
export async function contentDump(db: Db): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const table of EXPORTED_TABLES) {
    const rows = await db
      .selectFrom(table as 'users')
      .selectAll()
      .execute();
    dump[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return dump;
}

/**
 * The lines of a current backup as an older format `version` wrote them: without the migrations,
 * tables and columns added since (ADDED_SINCE), the trailer counting only what is left.
 */
export function asOlderFormat(lines: string[], version: number): string[] {
  const added = ADDED_SINCE[version]!;
  const header = JSON.parse(lines[0]!) as {
    version: number;
    migrations: string[];
    tables: { name: string; columns: string[] }[];
  };
  header.version = version;
  header.migrations = header.migrations.filter((m) => !added.migrations.includes(m));
  header.tables = header.tables
    .filter((t) => !added.tables.includes(t.name))
    .map((t) => ({ ...t, columns: t.columns.filter((c) => !(c in (added.columns[t.name] ?? {}))) }));
  const rows = lines
    .slice(1, -1)
    .map((l) => JSON.parse(l) as { t: string; r: Record<string, unknown> })
    .filter((row) => !added.tables.includes(row.t))
    .map((row) => {
      for (const column of Object.keys(added.columns[row.t] ?? {})) delete row.r[column];
      return JSON.stringify(row);
    });
  const trailer = JSON.parse(lines.at(-1)!) as { end: { rows: Record<string, number> } };
  for (const table of added.tables) delete trailer.end.rows[table];
  return [JSON.stringify(header), ...rows, JSON.stringify(trailer)];
}
