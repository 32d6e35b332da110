import type { Kysely } from 'kysely';

/**
 * The nightly backup's record (issue 36): one row a run, written by `npm run backup` on whichever
 * server runs the timer, read by every server (the owner's System panel, `/api/system`, `/healthz`).
 * The backup itself prunes it to its newest rows; it is never in a backup (a restored site starts its own record).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('backup_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    // The file's name in the backups folder ('' when the export itself failed).
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('rows', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    // passed, failed or not-run (the export failed first).
    .addColumn('restore_check', 'text', (c) => c.notNull())
    // ok or failed: a run is ok when the file was written, checked and (where asked) copied.
    .addColumn('status', 'text', (c) => c.notNull())
    // What went wrong, in the operator's words ('' when ok).
    .addColumn('problem', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('backup_runs_started_idx').on('backup_runs').column('started_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backup_runs').ifExists().execute();
}
