import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { InvalidInputError, NotAuthenticatedError, TooManyTriesError } from '../../lib/domain-errors.ts';
import { newId } from '../../lib/ids.ts';
import { countHit, refundHit } from './rate-limit-store.ts';
import { peekDecoy, sendDecoy } from './reset-decoys.ts';
import { requesterOf } from './reset-requester.ts';
import { signWithSiteKey } from './device-cookie.ts';
import { createSession, deleteUserSessions } from './sessions.ts';
import { digest, newToken } from './tokens.ts';
import { findUserByEmail, findUserById, setPasswordHash } from './users.ts';

export const OTP_TTL_MS = 10 * 60_000;
const RESEND_COOLDOWN_MS = 60_000;
const MAX_OTP_ATTEMPTS = 5;
const RESET_TOKEN_TTL_MS = 15 * 60_000;
/**
 * Wrong codes a day per email from browsers other than the one the code was sent for. A stranger
 * who tries them all every day hits a 6-digit code with a chance of 25 × 365 / 10⁶ ≈ 0.9 % a year.
 */
export const MAX_STRANGER_GUESSES_PER_DAY = 25;
const DAY_MS = 24 * 60 * 60_000;

const DECOY_LIMITS = { cooldownMs: RESEND_COOLDOWN_MS, otpTtlMs: OTP_TTL_MS, maxAttempts: MAX_OTP_ATTEMPTS };

const MESSAGES = {
  noCode: 'reset.no_code',
  expired: 'reset.expired',
  dead: 'reset.dead',
  used: 'reset.used',
  badToken: 'reset.bad_token',
  /** A wrong code from a browser other than the one that asked for it: the code's own tries are not spent. */
  wrongElsewhere: 'reset.wrong_elsewhere',
} as const;

/** The refusal of a wrong code that has `attempts` spent. */
const wrongCode = (attempts: number): InvalidInputError => {
  const left = MAX_OTP_ATTEMPTS - attempts;
  if (left <= 0) return new InvalidInputError('otp', 'reset.last_try');
  return new InvalidInputError('otp', 'reset.wrong_code', { left });
};

/** `issuedAt` names the code (or the stand-in) just issued, for the browser's requester cookie. */
export type SendOutcome =
  | { kind: 'send'; email: string; otp: string; issuedAt: string }
  | { kind: 'nothing'; issuedAt: string }
  | { kind: 'cooldown'; waitSeconds: number };

/**
 * The code of a reset: derived from its id with the site's key, so the code can be sent again while
 * it is live without being stored anywhere in clear (only its digest is).
 */
async function codeOf(db: Db, resetId: string): Promise<string> {
  const mac = Buffer.from(await signWithSiteKey(db, `reset-code\n${resetId}`), 'base64url');
  return (mac.readUIntBE(0, 6) % 1_000_000).toString().padStart(6, '0');
}

/**
 * Starts a reset, or sends the pending code again: while the account's code is live (10 minutes,
 * not used, not spent by a browser signed in before), a new request sends that same code, so a
 * stranger asking cannot replace the code the owner is about to type. Unknown emails get the same
 * cooldown as the admin, and nothing to send.
 */
export async function startPasswordReset(
  db: Db,
  email: string,
  opts: { cooldown: boolean } = { cooldown: true },
): Promise<SendOutcome> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    const now = Date.now();
    const { waitMs, issuedAt } = await sendDecoy(db, email, DECOY_LIMITS, now);
    return waitMs > 0 ? { kind: 'cooldown', waitSeconds: Math.ceil(waitMs / 1000) } : { kind: 'nothing', issuedAt };
  }
  return db.transaction().execute(async (trx) => {
    // Touching the user row serialises concurrent requests for the account (a row lock on PostgreSQL,
    // the write lock on SQLite), so two requests can never both pass the cooldown.
    await trx
      .updateTable('users')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', user.id)
      .execute();
    const last = await trx
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('last_sent_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const now = Date.now();
    const at = new Date(now).toISOString();
    const sinceLast = last ? now - Date.parse(last.last_sent_at) : Infinity;
    if (opts.cooldown && sinceLast < RESEND_COOLDOWN_MS)
      return { kind: 'cooldown', waitSeconds: Math.ceil((RESEND_COOLDOWN_MS - sinceLast) / 1000) };

    if (last && last.used_at === null && last.expires_at > at && last.attempts < MAX_OTP_ATTEMPTS) {
      const otp = await codeOf(trx, last.id);
      // A code issued before codes were derived cannot be sent again: it is replaced below.
      if (digest(otp) === last.otp_hash) {
        await trx.updateTable('password_resets').set({ last_sent_at: at }).where('id', '=', last.id).execute();
        return { kind: 'send', email: user.email, otp, issuedAt: last.created_at };
      }
    }
    const id = newId();
    const otp = await codeOf(trx, id);
    await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
    await trx
      .insertInto('password_resets')
      .values({
        id,
        user_id: user.id,
        otp_hash: digest(otp),
        attempts: 0,
        expires_at: new Date(now + OTP_TTL_MS).toISOString(),
        last_sent_at: at,
        reset_token_hash: null,
        reset_token_expires_at: null,
        used_at: null,
        created_at: at,
        factor_checked_at: null,
      })
      .execute();
    return { kind: 'send', email: user.email, otp, issuedAt: at };
  });
}

const sameDigest = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Where a code check comes from: the requester cookie it carries, and whether the browser signed in to the account before. */
export interface CheckOrigin {
  requesterCookie?: string | undefined;
  knownDevice?: boolean;
}

const strangerKey = (email: string) => `reset-guesses:${email.trim().toLowerCase()}`;

/**
 * Counts a check by a browser the code was sent for against that browser's own tries at the code
 * (its nonce); answers the tries so far, or throws once they are spent.
 */
async function countRequesterTry(db: Db, email: string, issuedAt: string, nonce: string): Promise<number> {
  const hits = await countHit(db, `reset-tries:${email.trim().toLowerCase()}:${issuedAt}:${nonce}`, OTP_TTL_MS);
  if (hits.current > MAX_OTP_ATTEMPTS) throw new InvalidInputError('otp', MESSAGES.dead);
  return hits.current;
}

/** Counts a check from a browser the code was not sent for against the email's daily bound. */
async function countStrangerGuess(db: Db, email: string): Promise<void> {
  const hits = await countHit(db, strangerKey(email), DAY_MS);
  if (hits.current <= MAX_STRANGER_GUESSES_PER_DAY) return;
  const hours = Math.max(1, Math.ceil(hits.ttl / 3_600_000));
  throw new TooManyTriesError(Math.ceil(hits.ttl / 1000), 'reset.too_many_today', { hours });
}

/**
 * Checks a code; on success the code is spent and a one-time reset token (good for 15 minutes) is
 * returned. A check from the browser the code was sent for (or one that signed in before) spends one
 * of the code's five tries; any other check spends one of the email's daily wrong codes instead, so
 * strangers guessing cannot kill the owner's code. Unknown emails meet exactly the same.
 */
export async function verifyResetCode(
  db: Db,
  email: string,
  otp: string,
  from: CheckOrigin = {},
): Promise<{ token: string; userId: string; resetId: string }> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    const decoy = await peekDecoy(db, email, OTP_TTL_MS);
    if (!decoy) throw new InvalidInputError('otp', MESSAGES.noCode);
    if (decoy.expiresAt <= nowIso()) throw new InvalidInputError('otp', MESSAGES.expired);
    const nonce = await requesterOf(db, from.requesterCookie, email, decoy.issuedAt);
    if (nonce) throw wrongCode(await countRequesterTry(db, email, decoy.issuedAt, nonce));
    if (decoy.attempts >= MAX_OTP_ATTEMPTS) throw new InvalidInputError('otp', MESSAGES.dead);
    await countStrangerGuess(db, email);
    throw new InvalidInputError('otp', MESSAGES.wrongElsewhere);
  }
  const row = await db
    .selectFrom('password_resets')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new InvalidInputError('otp', MESSAGES.noCode);
  if (row.used_at) throw new InvalidInputError('otp', MESSAGES.used);
  if (row.expires_at <= nowIso()) throw new InvalidInputError('otp', MESSAGES.expired);

  const right = sameDigest(digest(otp), row.otp_hash);
  const nonce = from.knownDevice ? undefined : await requesterOf(db, from.requesterCookie, email, row.created_at);
  if (nonce) {
    const tries = await countRequesterTry(db, email, row.created_at, nonce);
    if (!right) throw wrongCode(tries);
  } else if (from.knownDevice) {
    // Each try is counted before the code is compared, so parallel guesses cannot exceed the limit.
    const counted = await db
      .updateTable('password_resets')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', MAX_OTP_ATTEMPTS)
      .where('used_at', 'is', null)
      .returning('attempts')
      .executeTakeFirst();
    if (!counted) throw new InvalidInputError('otp', MESSAGES.dead);
    if (!right) throw wrongCode(counted.attempts);
  } else {
    if (row.attempts >= MAX_OTP_ATTEMPTS) throw new InvalidInputError('otp', MESSAGES.dead);
    // Counted before the comparison too; a right code takes its count back.
    await countStrangerGuess(db, email);
    if (!right) throw new InvalidInputError('otp', MESSAGES.wrongElsewhere);
    await refundHit(db, strangerKey(email));
  }

  const token = newToken();
  const spent = await db
    .updateTable('password_resets')
    .set({
      used_at: nowIso(),
      reset_token_hash: digest(token),
      reset_token_expires_at: new Date(Date.now() + RESET_TOKEN_TTL_MS).toISOString(),
    })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw new InvalidInputError('otp', MESSAGES.used);
  return { token, userId: user.id, resetId: row.id };
}

/** Records that the owner passed a second factor for this reset (its code is verified already). */
export async function markResetFactorChecked(db: Db, resetId: string): Promise<void> {
  const done = await db
    .updateTable('password_resets')
    .set({ factor_checked_at: nowIso() })
    .where('id', '=', resetId)
    .where('reset_token_hash', 'is not', null)
    .where('reset_token_expires_at', '>', nowIso())
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new NotAuthenticatedError(MESSAGES.badToken);
}

/** The account a reset token belongs to and whether a second factor was passed for it, when the token is current; nothing is changed. */
export async function findResetTokenUser(
  db: Db,
  token: string,
): Promise<{ userId: string; factorChecked: boolean } | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .select(['user_id', 'reset_token_expires_at', 'factor_checked_at'])
    .where('reset_token_hash', '=', digest(token))
    .executeTakeFirst();
  return row?.reset_token_expires_at && row.reset_token_expires_at > nowIso()
    ? { userId: row.user_id, factorChecked: row.factor_checked_at !== null }
    : undefined;
}

/**
 * Sets the new password with the reset token, which is burnt on the way. Every session of the account
 * ends and every pending reset is dropped; a new session for this browser is returned.
 */
export async function completePasswordReset(
  db: Db,
  token: string,
  passwordHash: string,
): Promise<{ token: string; expiresAt: Date }> {
  return db.transaction().execute(async (trx) => {
    const burnt = await trx
      .deleteFrom('password_resets')
      .where('reset_token_hash', '=', digest(token))
      .where('reset_token_expires_at', '>', nowIso())
      .returning('user_id')
      .executeTakeFirst();
    const user = burnt ? await findUserById(trx, burnt.user_id) : undefined;
    if (!user) throw new NotAuthenticatedError(MESSAGES.badToken);
    await setPasswordHash(trx, user, passwordHash);
    await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
    await deleteUserSessions(trx, user.id);
    return createSession(trx, user.id);
  });
}
