import type { Db } from '../db/database.ts';

const NEVER = new Date(0).toISOString();

/**
 * Claims the periodic job `name` for `owner` when it last started `everyMs` or more ago, and answers
 * whether this caller won. One conditional UPDATE: on PostgreSQL the row lock makes a second server
 * re-read the row the first one just set (and find it too recent), on SQLite writes are one at a
 * time, so however many servers try at once, one runs the job per period. The row also keeps when
 * and where the job last started, and how often it ran.
 */
export async function claimJob(
  db: Db,
  name: string,
  everyMs: number,
  owner: string,
  now = Date.now(),
): Promise<boolean> {
  await db
    .insertInto('jobs')
    .values({ name, started_at: NEVER, owner: '', runs: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const claimed = await db
    .updateTable('jobs')
    .set((eb) => ({ started_at: new Date(now).toISOString(), owner, runs: eb('runs', '+', 1) }))
    .where('name', '=', name)
    .where('started_at', '<=', new Date(now - everyMs).toISOString())
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}
