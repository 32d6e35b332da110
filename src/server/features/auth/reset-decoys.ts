import type { Db } from '../../db/database.ts';
import { digest } from './tokens.ts';

/**
 * Stand-in reset state for emails that belong to no account, in the database (the email as a
 * digest). Without it, asking twice for an unknown address would never hit the cooldown and guessing
 * a code would never count tries, and both would tell a stranger which address is the admin's. In
 * the database, not in memory, so whichever server answers, an unknown email meets what the admin's
 * email meets: the same cooldown, the same count of tries. Each step is one statement, so two servers
 * answering at once cannot both pass the cooldown or count the same try.
 */
export interface DecoyLimits {
  cooldownMs: number;
  otpTtlMs: number;
  maxAttempts: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const key = (email: string) => digest(email.trim().toLowerCase());

/**
 * Records a "send" and answers 0 and the moment the stand-in code was issued, or the milliseconds
 * still to wait. As for a real account, a live stand-in (not expired, not spent) is "sent again"
 * and keeps its moment; otherwise a new one replaces it.
 */
export async function sendDecoy(
  db: Db,
  email: string,
  limits: DecoyLimits,
  now = Date.now(),
): Promise<{ waitMs: number; issuedAt: string }> {
  const emailHash = key(email);
  const fresh = { sent_at: iso(now), expires_at: iso(now + limits.otpTtlMs), attempts: 0 };
  const sent = await db
    .insertInto('reset_decoys')
    .values({ email_hash: emailHash, ...fresh })
    .onConflict((oc) =>
      oc
        .column('email_hash')
        .doUpdateSet((eb) => ({
          sent_at: eb.ref('excluded.sent_at'),
          expires_at: eb
            .case()
            .when(
              eb.and([
                eb('reset_decoys.expires_at', '>', iso(now)),
                eb('reset_decoys.attempts', '<', limits.maxAttempts),
              ]),
            )
            .then(eb.ref('reset_decoys.expires_at'))
            .else(eb.ref('excluded.expires_at'))
            .end(),
          attempts: eb
            .case()
            .when('reset_decoys.expires_at', '>', iso(now))
            .then(eb.ref('reset_decoys.attempts'))
            .else(0)
            .end(),
        }))
        .where('reset_decoys.sent_at', '<=', iso(now - limits.cooldownMs)),
    )
    .returning('expires_at')
    .executeTakeFirst();
  if (sent) return { waitMs: 0, issuedAt: iso(Date.parse(sent.expires_at) - limits.otpTtlMs) };
  const last = await db
    .selectFrom('reset_decoys')
    .select('sent_at')
    .where('email_hash', '=', emailHash)
    .executeTakeFirst();
  const waited = last ? now - Date.parse(last.sent_at) : limits.cooldownMs;
  // Another server's send may have landed between the two statements: still a wait, at least a moment.
  return { waitMs: Math.max(1, limits.cooldownMs - waited), issuedAt: '' };
}

/** The stand-in of `email`, if any, without counting anything; `issuedAt` names its code as the requester cookie does. */
export async function peekDecoy(
  db: Db,
  email: string,
  ttlMs: number,
): Promise<{ issuedAt: string; expiresAt: string; attempts: number } | undefined> {
  const row = await db
    .selectFrom('reset_decoys')
    .select(['sent_at', 'expires_at', 'attempts'])
    .where('email_hash', '=', key(email))
    .executeTakeFirst();
  return row
    ? { issuedAt: iso(Date.parse(row.expires_at) - ttlMs), expiresAt: row.expires_at, attempts: Number(row.attempts) }
    : undefined;
}

/** Drops stand-ins whose code expired before `before` (the clean-up job, alike for real resets). */
export async function pruneDecoys(db: Db, before: Date): Promise<number> {
  const r = await db.deleteFrom('reset_decoys').where('expires_at', '<=', before.toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
}
