import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { newId } from '../../lib/ids.ts';
import type { Db, Engine } from '../../db/database.ts';
import { recordRun, type BackupRun } from './backup-runs.ts';
import type { SiteLimits } from './bounds.ts';
import { exportSite } from './export.ts';
import { checksumLine, fileSha256, restoreCheck } from './restore-check.ts';

/**
 * The nightly backup (`npm run backup`, run by deploy/bird-barrier-backup.timer): the whole site
 * exported into DATA_DIR/backups with a checksum file beside it, restored in a drill
 * (restore-check.ts), copied to the second place the operator named, and the folder rotated.
 * Every run, good or failed, is recorded in the database (backup_runs), where every server reads
 * it for the owner's System panel and /healthz; a failed run also exits non-zero, so systemd marks
 * the unit failed and the journal says why.
 */
export interface BackupOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  keepDays: number;
  keepSundays: number;
  timeZone: string;
  copyDir: string | undefined;
  copyCommand: string | undefined;
  /** The site's LEADS_KEEP_DAYS and HISTORY_VERSIONS: the drill reads the file within what they allow, as an import does. */
  limits: SiteLimits;
  /** The clock (tests). */
  now?: () => Date;
}

const DAY = 24 * 60 * 60 * 1000;
/** Backups the site writes, by this command or `bird-barrier export`: site-<time>.jsonl.gz. */
const BACKUP_NAME = /^site-[0-9TZ:-]+\.jsonl\.gz$/;
const execFileP = promisify(execFile);

export async function runBackup(db: Db, engine: Engine, opts: BackupOptions): Promise<BackupRun> {
  const now = opts.now ?? (() => new Date());
  const started = now();
  const dir = join(opts.dataDir, 'backups');
  const file = join(dir, `site-${started.toISOString().replace(/[:]|\.\d+/g, '')}.jsonl.gz`);
  const run: BackupRun = {
    id: newId(),
    started_at: started.toISOString(),
    finished_at: '',
    file: '',
    bytes: 0,
    rows: 0,
    sha256: '',
    restore_check: 'not-run',
    status: 'failed',
    problem: '',
  };
  const problems: string[] = [];
  try {
    await mkdir(dir, { recursive: true, mode: 0o750 });
    const exported = await exportSite(db, engine, { file });
    run.file = basename(file);
    run.bytes = exported.bytes;
    run.rows = exported.rows;
    run.sha256 = await fileSha256(file);
    await writeFile(`${file}.sha256`, checksumLine(run.sha256, file), { mode: 0o640 });
    try {
      await restoreCheck(file, { databaseUrl: opts.databaseUrl, workDir: opts.dataDir, limits: opts.limits });
      run.restore_check = 'passed';
    } catch (err) {
      run.restore_check = 'failed';
      problems.push((err as Error).message);
    }
    problems.push(...(await copyElsewhere(file, opts)));
    problems.push(...(await rotate(dir, now(), opts, basename(file))));
  } catch (err) {
    problems.push(`The export failed: ${(err as Error).message}`);
  }
  run.finished_at = now().toISOString();
  run.problem = problems.join(' ').slice(0, 2000);
  run.status = problems.length === 0 ? 'ok' : 'failed';
  await recordRun(db, run);
  return run;
}

/** Copies the file and its checksum to BACKUP_COPY_DIR and hands them to BACKUP_COPY_COMMAND; the problems met. */
async function copyElsewhere(file: string, opts: BackupOptions): Promise<string[]> {
  const problems: string[] = [];
  if (opts.copyDir) {
    try {
      for (const source of [file, `${file}.sha256`]) {
        // Under a temporary name first: a copy cut off half-way never looks like a backup there either.
        const partial = join(opts.copyDir, `.${basename(source)}.partial`);
        await copyFile(source, partial);
        await rename(partial, join(opts.copyDir, basename(source)));
      }
    } catch (err) {
      problems.push(`The copy to BACKUP_COPY_DIR failed: ${(err as Error).message}.`);
    }
  }
  if (opts.copyCommand) {
    try {
      // The operator's own command, as they wrote it in the environment file: $1 the backup, $2 its checksum file.
      await execFileP('/bin/sh', ['-c', opts.copyCommand, 'backup-copy', file, `${file}.sha256`], {
        timeout: 60 * 60 * 1000,
        maxBuffer: 1024 * 1024,
      });
    } catch (err) {
      const e = err as { code?: unknown; stderr?: string; message: string };
      const said = (e.stderr ?? '').trim().split('\n').slice(-3).join(' ').slice(0, 500);
      problems.push(`BACKUP_COPY_COMMAND failed (exit ${String(e.code ?? '?')})${said ? `: ${said}` : ''}.`);
    }
  }
  return problems;
}

/** The calendar day (YYYY-MM-DD) and weekday of a moment, in the business's time zone. */
function dayOf(at: Date, timeZone: string): { day: string; sunday: boolean } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, sunday: get('weekday') === 'Sun' };
}

/**
 * Keeps every backup younger than keepDays and the newest backup of each of the last keepSundays
 * Sundays (in the business's time zone); deletes the rest with their checksum files, and copies
 * left by an export that was stopped. Only the site's own names are touched; `keep` never goes.
 */
export async function rotate(
  dir: string,
  now: Date,
  opts: Pick<BackupOptions, 'keepDays' | 'keepSundays' | 'timeZone'>,
  keep: string,
): Promise<string[]> {
  const entries = await readdir(dir);
  const backups: { name: string; at: number }[] = [];
  for (const name of entries) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) continue;
    if (name.startsWith('.') && name.includes('.partial') && now.getTime() - info.mtimeMs > DAY)
      await rm(path, { force: true });
    else if (BACKUP_NAME.test(name)) backups.push({ name, at: info.mtimeMs });
  }
  const kept = new Set([keep]);
  for (const b of backups) if (now.getTime() - b.at < opts.keepDays * DAY) kept.add(b.name);
  // The last keepSundays Sundays, today included when it is one: their days, newest first.
  const sundays: string[] = [];
  for (let back = 0; sundays.length < opts.keepSundays && back < 7 * opts.keepSundays + 7; back++) {
    const d = dayOf(new Date(now.getTime() - back * DAY), opts.timeZone);
    if (d.sunday && !sundays.includes(d.day)) sundays.push(d.day);
  }
  for (const sunday of sundays) {
    const newest = backups
      .filter((b) => dayOf(new Date(b.at), opts.timeZone).day === sunday)
      .sort((a, b) => b.at - a.at)[0];
    if (newest) kept.add(newest.name);
  }
  const problems: string[] = [];
  for (const b of backups) {
    if (kept.has(b.name)) continue;
    try {
      await rm(join(dir, b.name));
      await rm(join(dir, `${b.name}.sha256`), { force: true });
    } catch (err) {
      problems.push(`An old backup could not be deleted: ${(err as Error).message}.`);
    }
  }
  return problems;
}
