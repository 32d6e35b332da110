import type { Db } from '../db/database.ts';
import { digest } from './tokens.ts';

/**
 * Stand-in reset state for emails that belong to no account, in the database (the email as a
 * digest). Without it, asking twice for an unknown address would never hit the cooldown and guessing
 * a code would never count tries, and both would tell a stranger which address is the admin's. In
 * the database, not in memory, so whichever server answers, an unknown email meets what the admin's
 * email meets: the same cooldown, the same count of tries. Each step is one statement, so two servers
 * answering at once cannot both pass the cooldown or count the same try.
 */
export interface DecoyLimits { cooldownMs: number; otpTtlMs: number; maxAttempts: number }

const iso = (ms: number) => new Date(ms).toISOString();
const key = (email: string) => digest(email.trim().toLowerCase());

/** Milliseconds still to wait before another code may be "sent", or 0 after recording a send. */
export async function sendDecoy(db: Db, email: string, limits: DecoyLimits, now = Date.now()): Promise<number> {
  const emailHash = key(email);
  const sent = await db.insertInto('reset_decoys')
    .values({ email_hash: emailHash, sent_at: iso(now), expires_at: iso(now + limits.otpTtlMs), attempts: 0 })
    .onConflict((oc) => oc.column('email_hash')
      .doUpdateSet((eb) => ({ sent_at: eb.ref('excluded.sent_at'), expires_at: eb.ref('excluded.expires_at'), attempts: 0 }))
      .where('reset_decoys.sent_at', '<=', iso(now - limits.cooldownMs)))
    .returning('sent_at')
    .executeTakeFirst();
  if (sent) return 0;
  const last = await db.selectFrom('reset_decoys').select('sent_at').where('email_hash', '=', emailHash).executeTakeFirst();
  const waited = last ? now - Date.parse(last.sent_at) : limits.cooldownMs;
  // Another server's send may have landed between the two statements: still a wait, at least a moment.
  return Math.max(1, limits.cooldownMs - waited);
}

export type DecoyGuess = { state: 'none' | 'expired' | 'dead' } | { state: 'wrong'; attempts: number };

/** What a wrong guess would meet for a real account in the same situation (the try is counted). */
export async function guessDecoy(db: Db, email: string, limits: DecoyLimits, now = Date.now()): Promise<DecoyGuess> {
  const emailHash = key(email);
  const counted = await db.updateTable('reset_decoys').set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('email_hash', '=', emailHash).where('expires_at', '>', iso(now)).where('attempts', '<', limits.maxAttempts)
    .returning('attempts').executeTakeFirst();
  if (counted) return { state: 'wrong', attempts: Number(counted.attempts) };
  const row = await db.selectFrom('reset_decoys').select('expires_at').where('email_hash', '=', emailHash).executeTakeFirst();
  if (!row) return { state: 'none' };
  return { state: row.expires_at <= iso(now) ? 'expired' : 'dead' };
}

/** The stand-in of `email`, if any, without counting anything. */
export async function peekDecoy(db: Db, email: string): Promise<{ sentAt: string; expiresAt: string; attempts: number } | undefined> {
  const row = await db.selectFrom('reset_decoys').select(['sent_at', 'expires_at', 'attempts']).where('email_hash', '=', key(email)).executeTakeFirst();
  return row ? { sentAt: row.sent_at, expiresAt: row.expires_at, attempts: Number(row.attempts) } : undefined;
}

/** Drops stand-ins whose code expired before `before` (the clean-up job, alike for real resets). */
export async function pruneDecoys(db: Db, before: Date): Promise<number> {
  const r = await db.deleteFrom('reset_decoys').where('expires_at', '<=', before.toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
}
