import { readFileSync, realpathSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/database.ts';
import { latestRuns } from '../backup/backup-runs.ts';
import { lastMailTest } from '../mail/mail-test.ts';
import type { SystemFacts, SystemWarning } from '../../../shared/schemas.ts';

/**
 * What the owner checks on the admin home's System panel (and a monitor on /healthz): the version
 * that runs, the last nightly backup and its restore drill (backup_runs, written by whichever
 * server runs the timer), whether email works (the Security screen's test email), the data
 * folder's free disk space, and a warning for each of these that is stale or failing.
 */

/** A backup older than this is stale: the nightly one was missed (a day and a half leaves room for a late night). */
const BACKUP_STALE_HOURS = 36;
/** Less free space than this (or than a tenth of the disk) is low: a night's backup and the SQLite file need room. */
const DISK_LOW_BYTES = 1024 ** 3;

/** The site's version: its package.json, found above this module (src/server/features/system/ or, built, dist/server/). */
const PACKAGE_VERSION = (() => {
  for (let dir = dirname(fileURLToPath(import.meta.url)), i = 0; i < 6; dir = dirname(dir), i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'bird-barrier-site') return String(pkg.version ?? '');
    } catch {
      // not here: one folder up
    }
  }
  return '';
})();

/** The release folder's name when the server runs from deploy/'s releases/ID (the `current` link resolved), else null. */
function releaseOf(cwd: string): string | null {
  try {
    const real = realpathSync(cwd);
    return basename(dirname(real)) === 'releases' ? basename(real) : null;
  } catch {
    return null;
  }
}

/** The last backup run, the last good one, and what is wrong with them. */
export async function backupState(db: Db, now = new Date()) {
  const [[run], lastOk] = await Promise.all([
    latestRuns(db, 1),
    db
      .selectFrom('backup_runs')
      .select(['started_at'])
      .where('status', '=', 'ok')
      .orderBy('started_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const warnings: SystemWarning[] = [];
  if (!run) warnings.push('backup-missing');
  else {
    if (run.status === 'failed') warnings.push('backup-failed');
    if (run.restore_check === 'failed') warnings.push('restore-check-failed');
    if (!lastOk || now.getTime() - Date.parse(lastOk.started_at) > BACKUP_STALE_HOURS * 3600_000)
      warnings.push('backup-stale');
  }
  return { run, lastOk, warnings };
}

export async function systemFacts(
  db: Db,
  opts: { dataDir: string; mailConfigured: boolean; now?: Date },
): Promise<SystemFacts> {
  const [{ run, lastOk, warnings }, mailTest, disk] = await Promise.all([
    backupState(db, opts.now),
    lastMailTest(db),
    statfs(opts.dataDir)
      .then((s) => ({ freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize }))
      .catch(() => null),
  ]);
  if (!opts.mailConfigured) warnings.push('mail-not-set-up');
  else if (mailTest?.ok !== true) warnings.push('mail-failing');
  if (disk && (disk.freeBytes < DISK_LOW_BYTES || disk.freeBytes < disk.totalBytes / 10)) warnings.push('disk-low');
  return {
    version: PACKAGE_VERSION,
    release: releaseOf(process.cwd()),
    backup: run
      ? {
          at: run.started_at,
          file: run.file,
          bytes: run.bytes,
          rows: run.rows,
          status: run.status,
          restoreCheck: run.restore_check,
          problem: run.problem,
          lastOkAt: lastOk?.started_at ?? null,
        }
      : null,
    mail: { configured: opts.mailConfigured, testedAt: mailTest?.at ?? null, testOk: mailTest?.ok ?? null },
    disk,
    warnings,
  };
}
