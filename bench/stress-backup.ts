/**
 * `npm run stress -- backup`: the export and the import of a large site (issue 30, point 2). Fills
 * a database with STRESS_BACKUP_LEAD_ROWS rows of leads (2,000,000 by default: 751 days of a busy
 * site) and STRESS_BACKUP_VERSIONS history versions (10,000), exports it with `scripts/export.ts`
 * and imports the file into an empty database with `scripts/import.ts` (what `npm run export` and
 * `npm run import` run, each a process of its own), and prints for each the rows, the bytes, the
 * time and the process's peak resident memory. SQLite, then PostgreSQL at STRESS_DATABASE_URL.
 * Runs from the sources (no build); asserts nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { importBounds } from '../src/server/features/backup/bounds.ts';
import { countLines, growSite } from '../tests/helpers/backup-scale.ts';
import { PEAK_RSS_HOOK } from './app-process.ts';
import { createDatabase, fmt, onCleanup } from './stress-common.ts';

const LEAD_ROWS = Number(process.env.STRESS_BACKUP_LEAD_ROWS ?? 2_000_000);
const VERSIONS = Number(process.env.STRESS_BACKUP_VERSIONS ?? 10_000);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs scripts/NAME.ts with `args` on the site of `env`: its output, wall time and peak resident memory. */
function script(
  name: 'export' | 'import',
  args: string[],
  env: Record<string, string>,
  work: string,
): Promise<{ out: string; ms: number; peakMb: number }> {
  const rssFile = join(work, `rss-${name}-${Date.now()}`);
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env, MAX_RSS_FILE: rssFile };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', PEAK_RSS_HOOK, `scripts/${name}.ts`, ...args], {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => {
      out += String(c);
    });
    child.stderr.on('data', (c) => {
      out += String(c);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`${name} exited with ${code}: ${out}`));
      else
        resolve({
          out: out.trim(),
          ms: performance.now() - started,
          peakMb: Number(readFileSync(rssFile, 'utf8')) / 1024,
        });
    });
  });
}

async function runEngine(
  label: string,
  source: Record<string, string>,
  target: Record<string, string>,
  work: string,
): Promise<void> {
  const fillStarted = performance.now();
  const handle = openDatabase({ databaseUrl: source.DATABASE_URL, dataDir: source.DATA_DIR!, longRunning: true });
  let grown;
  try {
    await migrateToLatest(handle.db);
    grown = await growSite(handle.db, { leadRows: LEAD_ROWS, versions: VERSIONS });
  } finally {
    await handle.destroy();
  }
  console.log(
    `${label}: ${fmt(grown.leadRows)} rows of leads and ${fmt(grown.versions)} history versions written in ${fmt((performance.now() - fillStarted) / 1000)} s`,
  );
  const file = join(work, `${label}.jsonl.gz`);
  const exported = await script('export', [file], source, work);
  const lines = await countLines(file);
  console.log(
    `${label}: export: ${fmt(lines)} lines, ${fmt(statSync(file).size / 1e6, 1)} MB gzipped, in ${fmt(exported.ms / 1000, 1)} s; peak RSS ${fmt(exported.peakMb)} MB`,
  );
  const imported = await script('import', [file], target, work);
  console.log(
    `${label}: import: ${imported.out.replace(/^Imported /, '')} (wall ${fmt(imported.ms / 1000, 1)} s); peak RSS ${fmt(imported.peakMb)} MB`,
  );
}

export async function runBackup(): Promise<void> {
  const bounds = importBounds();
  console.log(
    `\nBackup: a site of ${fmt(LEAD_ROWS)} lead rows and ${fmt(VERSIONS)} history versions out and back in ` +
      `(the import reads at most ${fmt(bounds.rows.lead_counts!)} lead rows, ${fmt(bounds.rows.history!)} versions, lines of ${fmt(bounds.lineBytes)} bytes)`,
  );
  const work = mkdtempSync(join(tmpdir(), 'site-stress-backup-'));
  onCleanup(() => rmSync(work, { recursive: true, force: true }));
  const dir = (i: number) => mkdtempSync(join(work, `${i}-`));
  await runEngine('SQLite', { DATA_DIR: dir(0) }, { DATA_DIR: dir(1) }, work);
  const base = process.env.STRESS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  await runEngine(
    'PostgreSQL',
    { DATA_DIR: dir(2), DATABASE_URL: await createDatabase(base) },
    { DATA_DIR: dir(3), DATABASE_URL: await createDatabase(base) },
    work,
  );
}
