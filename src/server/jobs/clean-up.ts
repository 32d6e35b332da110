import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pruneRateLimits } from '../features/auth/rate-limit-store.ts';
import { pruneDecoys } from '../features/auth/reset-decoys.ts';
import type { Db } from '../db/database.ts';

/**
 * An expired reset code is kept a day, so asking with it answers "expired" rather than "no code";
 * a stranger's stand-in is kept exactly as long, so the two answers stay alike.
 */
const EXPIRED_CODE_KEPT_MS = 24 * 60 * 60 * 1000;
/** Emails written to the outbox (no SMTP_URL) are kept this long. */
const OUTBOX_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export interface CleanUpCounts {
  sessions: number;
  resets: number;
  decoys: number;
  rateLimits: number;
}

/** Deletes what has run out in the database: sessions, reset codes and tokens, stand-ins, limit counters. */
export async function cleanUpDatabase(db: Db, now = Date.now()): Promise<CleanUpCounts> {
  const at = new Date(now).toISOString();
  const codesBefore = new Date(now - EXPIRED_CODE_KEPT_MS);
  const sessions = await db.deleteFrom('sessions').where('expires_at', '<=', at).executeTakeFirst();
  // A verified code (used) still carries a live reset token for up to 15 minutes: kept until that ends.
  const resets = await db
    .deleteFrom('password_resets')
    .where('expires_at', '<=', codesBefore.toISOString())
    .where((eb) => eb.or([eb('reset_token_expires_at', 'is', null), eb('reset_token_expires_at', '<=', at)]))
    .executeTakeFirst();
  return {
    sessions: Number(sessions.numDeletedRows),
    resets: Number(resets.numDeletedRows),
    decoys: await pruneDecoys(db, codesBefore),
    rateLimits: await pruneRateLimits(db, now),
  };
}

/** Deletes outbox emails older than OUTBOX_KEPT_MS from this server's DATA_DIR/outbox; answers how many. */
export async function pruneOutbox(dataDir: string, now = Date.now()): Promise<number> {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0; // no outbox yet (or SMTP is used)
  }
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && info.mtimeMs < now - OUTBOX_KEPT_MS) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
