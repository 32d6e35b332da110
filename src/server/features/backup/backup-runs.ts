import type { Db } from '../../db/database.ts';
import type { BackupRunsTable } from '../../db/schema.ts';

/** Runs kept: two months of nightly backups, with room for runs by hand. */
const KEPT_RUNS = 100;

export type BackupRun = BackupRunsTable;

/** Records a run and forgets the oldest beyond KEPT_RUNS: the table stays small whatever the schedule. */
export async function recordRun(db: Db, run: BackupRun): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('backup_runs').values(run).execute();
    const keep = await trx
      .selectFrom('backup_runs')
      .select('id')
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(KEPT_RUNS)
      .execute();
    await trx
      .deleteFrom('backup_runs')
      .where(
        'id',
        'not in',
        keep.map((r) => r.id),
      )
      .execute();
  });
}

/** The newest runs first. */
export async function latestRuns(db: Db, limit: number): Promise<BackupRun[]> {
  const rows = await db
    .selectFrom('backup_runs')
    .selectAll()
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  // COUNT and BIGINT come back as numbers on both engines (database.ts); SQLite may give bigint-sized values as numbers too.
  return rows.map((r) => ({ ...r, bytes: Number(r.bytes), rows: Number(r.rows) }));
}
