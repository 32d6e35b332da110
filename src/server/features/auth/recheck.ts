import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { InvalidInputError } from '../../lib/domain-errors.ts';
import { signWithSiteKey } from './device-cookie.ts';
import { countPasskeys } from './passkeys.ts';
import { looksLikeRecoveryCode, recoveryCodesLeft, spendRecoveryCode } from './recovery-codes.ts';
import { hasTotp, spendTotpCode } from './totp.ts';

/**
 * The re-check ("sudo mode", as GitHub calls it): before a change to how the owner signs in, the
 * signed-in browser proves again that the owner is at it, with the password and, when the account
 * has one, a factor that existed before its session began (a factor added during the session is
 * not a proof of that session: a stolen cookie could have added it). A passed re-check is a signed
 * cookie naming the session and the moment it runs out, RECHECK_TTL_MS later: a copy of the session
 * cookie alone carries none, and several servers agree on it without a table.
 */
export const RECHECK_COOKIE = 'recheck';
const RECHECK_TTL_MS = 5 * 60_000;

export type RecheckMethod = 'passkey' | 'totp' | 'recovery';

export const RECHECK_MESSAGES = {
  needed: 'recheck.needed',
  neededWithFactor: 'recheck.needed_with_factor',
  factor: 'recheck.factor',
  wrongCode: 'recheck.wrong_code',
} as const;

const payload = (sessionId: string, until: number) => `recheck\n${sessionId}\n${until}`;

/** The cookie's value for a re-check `sessionId` passed now. */
export async function recheckCookie(
  db: Db,
  sessionId: string,
  now = Date.now(),
): Promise<{ value: string; until: Date }> {
  const until = now + RECHECK_TTL_MS;
  return { value: `${until}.${await signWithSiteKey(db, payload(sessionId, until))}`, until: new Date(until) };
}

/** When the re-check of `sessionId` that `cookie` carries runs out, or undefined when it carries none that is live. */
export async function recheckUntil(db: Db, cookie: string | undefined, sessionId: string): Promise<Date | undefined> {
  if (!cookie || cookie.length > 100) return undefined;
  const [untilText = '', signature = ''] = cookie.split('.');
  const until = Number(untilText);
  if (!Number.isSafeInteger(until) || until <= Date.now() || until > Date.now() + RECHECK_TTL_MS) return undefined;
  const expected = Buffer.from(await signWithSiteKey(db, payload(sessionId, until)));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? new Date(until) : undefined;
}

/** The factors a re-check of a session begun at `sessionCreatedAt` may use: those that existed before it. */
export async function recheckMethods(db: Db, userId: string, sessionCreatedAt: string): Promise<RecheckMethod[]> {
  const before = { createdBefore: sessionCreatedAt };
  const [passkeys, totp, recovery] = await Promise.all([
    countPasskeys(db, userId, before),
    hasTotp(db, userId, { confirmedBefore: sessionCreatedAt }),
    recoveryCodesLeft(db, userId, before),
  ]);
  return [
    ...(passkeys > 0 ? ['passkey' as const] : []),
    ...(totp ? ['totp' as const] : []),
    ...(recovery > 0 ? ['recovery' as const] : []),
  ];
}

/**
 * Checks an app code or a recovery code for a re-check: only of a factor that existed before the
 * session began; the code is used up when right. A wrong one is an InvalidInputError on `code`.
 */
export async function checkRecheckCode(db: Db, userId: string, code: string, sessionCreatedAt: string): Promise<void> {
  const trimmed = code.trim();
  const ok = looksLikeRecoveryCode(trimmed)
    ? await spendRecoveryCode(db, userId, trimmed, { createdBefore: sessionCreatedAt })
    : /^\d{6}$/.test(trimmed) &&
      (await spendTotpCode(db, userId, trimmed, { confirmedBefore: sessionCreatedAt })) === 'ok';
  if (!ok) throw new InvalidInputError('code', RECHECK_MESSAGES.wrongCode);
}
