import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { InvalidInputError, NotAuthenticatedError, TooManyTriesError } from '../../lib/domain-errors.ts';
import { countPasskeys } from './passkeys.ts';
import { looksLikeRecoveryCode, recoveryCodesLeft, removeRecoveryCodes, spendRecoveryCode } from './recovery-codes.ts';
import { countHit, refundHit } from './rate-limit-store.ts';
import { hasTotp, removeTotp, spendTotpCode } from './totp.ts';
import { digest, newToken } from './tokens.ts';

/**
 * The second step of a sign-in or a reset. Once the account has a factor (a passkey or an
 * authenticator app), the right password, or the emailed reset code, yields only a ticket: a
 * random token, kept as a digest for TICKET_TTL_MS, that a passkey, an app code or a recovery code
 * turns into a session (or, for a reset, into the right to set a password). A ticket takes
 * MAX_TICKET_TRIES wrong codes; the account takes MAX_WRONG_CODES_PER_DAY from browsers that have
 * not signed in to it before, so whoever holds the password guesses app codes at a chance of about
 * 3 × 10 / 10⁶ a day (1 % a year). Recovery codes are not held back by that bound (guessing one is
 * hopeless: about 49 bits, 5 tries a ticket, each ticket a password check).
 */
export type Method = 'passkey' | 'totp' | 'recovery';
export interface Factors {
  passkeys: number;
  totp: boolean;
  recoveryCodesLeft: number;
}

const TICKET_TTL_MS = 5 * 60_000;
const MAX_TICKET_TRIES = 5;
const MAX_WRONG_CODES_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60_000;

export const STEP_MESSAGES = {
  needed: 'Enter the code from your authenticator app or a recovery code, or use your passkey, to finish signing in.',
  resetNeeded: 'Confirm with your passkey, your authenticator app or a recovery code before choosing a new password.',
} as const;

export async function factorsOf(db: Db, userId: string): Promise<Factors> {
  const [passkeys, totp, left] = await Promise.all([
    countPasskeys(db, userId),
    hasTotp(db, userId),
    recoveryCodesLeft(db, userId),
  ]);
  return { passkeys, totp, recoveryCodesLeft: left };
}

export const hasSecondFactor = (f: Factors): boolean => f.passkeys > 0 || f.totp;

/** The ways the account can pass the second step. */
export const methodsOf = (f: Factors): Method[] => [
  ...(f.passkeys > 0 ? ['passkey' as const] : []),
  ...(f.totp ? ['totp' as const] : []),
  ...(f.recoveryCodesLeft > 0 ? ['recovery' as const] : []),
];

/** A new ticket for the account. Expired tickets (of anyone) are deleted on the way. */
export async function issueTicket(
  db: Db,
  userId: string,
  purpose: 'sign-in' | 'reset',
  opts: { resetId?: string; userAgent?: string } = {},
): Promise<string> {
  const ticket = newToken();
  const now = nowIso();
  await db.deleteFrom('sign_in_steps').where('expires_at', '<=', now).execute();
  await db
    .insertInto('sign_in_steps')
    .values({
      id: digest(ticket),
      user_id: userId,
      purpose,
      reset_id: opts.resetId ?? null,
      user_agent: (opts.userAgent ?? '').slice(0, 512),
      attempts: 0,
      expires_at: new Date(Date.now() + TICKET_TTL_MS).toISOString(),
      created_at: now,
    })
    .execute();
  return ticket;
}

export interface Ticket {
  userId: string;
  purpose: 'sign-in' | 'reset';
  resetId: string | null;
  userAgent: string;
}

/** The live ticket, unchanged; NotAuthenticatedError when there is none. */
export async function findTicket(db: Db, ticket: string): Promise<Ticket> {
  const row = await db
    .selectFrom('sign_in_steps')
    .selectAll()
    .where('id', '=', digest(ticket))
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  if (!row || row.attempts >= MAX_TICKET_TRIES) throw new NotAuthenticatedError('step.expired');
  return { userId: row.user_id, purpose: row.purpose, resetId: row.reset_id, userAgent: row.user_agent };
}

/** Ends the ticket (it is spent: a second step is passed once). */
export async function spendTicket(db: Db, ticket: string): Promise<Ticket> {
  const row = await db
    .deleteFrom('sign_in_steps')
    .where('id', '=', digest(ticket))
    .where('expires_at', '>', nowIso())
    .where('attempts', '<', MAX_TICKET_TRIES)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new NotAuthenticatedError('step.expired');
  return { userId: row.user_id, purpose: row.purpose, resetId: row.reset_id, userAgent: row.user_agent };
}

/**
 * Checks an app code or a recovery code for the account (the code is used up when right). A wrong
 * one counts against the ticket (when there is one) and, unless `knownDevice`, against the
 * account's daily bound; both are counted before the check, so parallel guesses cannot pass them.
 */
export async function checkSecondFactorCode(
  db: Db,
  userId: string,
  code: string,
  opts: { ticket?: string; knownDevice?: boolean } = {},
): Promise<'totp' | 'recovery'> {
  if (opts.ticket) {
    const counted = await db
      .updateTable('sign_in_steps')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', digest(opts.ticket))
      .where('attempts', '<', MAX_TICKET_TRIES)
      .where('expires_at', '>', nowIso())
      .returning('attempts')
      .executeTakeFirst();
    if (!counted) throw new NotAuthenticatedError('step.expired');
  }
  const dailyKey = `second-step-wrong:${userId}`;
  const trimmed = code.trim();
  // The daily bound is for app codes (a million of them); a recovery code (about 49 bits) is never held back by it, so ten
  // wrong app codes cannot lock the owner out of the codes kept for that day. Its guesses still spend the ticket's tries.
  const recovery = looksLikeRecoveryCode(trimmed);
  if (!opts.knownDevice && !recovery) {
    const hits = await countHit(db, dailyKey, DAY_MS);
    if (hits.current > MAX_WRONG_CODES_PER_DAY) {
      const hours = Math.max(1, Math.ceil(hits.ttl / 3_600_000));
      throw new TooManyTriesError(Math.ceil(hits.ttl / 1000), 'step.too_many_today', { hours });
    }
  }
  if (recovery) {
    if (await spendRecoveryCode(db, userId, trimmed)) return 'recovery';
    throw new InvalidInputError('code', 'step.recovery_wrong');
  }
  if (!/^\d{6}$/.test(trimmed)) throw new InvalidInputError('code', 'step.code_shape');
  const result = await spendTotpCode(db, userId, trimmed);
  if (result === 'ok') return refunded(db, dailyKey, opts.knownDevice, 'totp');
  throw new InvalidInputError('code', result === 'used' ? 'step.used_code' : 'step.wrong_code');
}

async function refunded<T>(db: Db, key: string, knownDevice: boolean | undefined, value: T): Promise<T> {
  if (!knownDevice) await refundHit(db, key);
  return value;
}

/**
 * Removes every factor of the account and ends all its sessions and half-done sign-ins: the last
 * resort of an owner who lost them all (`npm run admin -- reset-factors`). Answers what was removed.
 */
export async function resetFactors(
  db: Db,
  userId: string,
): Promise<{ passkeys: number; totp: boolean; sessions: number }> {
  return db.transaction().execute(async (trx) => {
    const passkeys = await trx.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
    const totp = await removeTotp(trx, userId);
    await removeRecoveryCodes(trx, userId);
    await trx.deleteFrom('sign_in_steps').where('user_id', '=', userId).execute();
    const sessions = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
    return { passkeys: Number(passkeys.numDeletedRows), totp, sessions: Number(sessions.numDeletedRows) };
  });
}
