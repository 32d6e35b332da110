import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { signWithSiteKey } from './device-cookie.ts';

/**
 * Which browsers asked for the reset code now live. Forget-password and resend-otp answer with a
 * cookie that signs the account, the moment the code was issued and a nonce of that browser; a
 * check sent with it comes from a browser the code was sent for, and spends that browser's own five
 * tries (counted per nonce), so one requester cannot kill the code another is about to type. Wrong
 * codes from anywhere else go to a daily bound of their own. How many browsers can be requesters
 * is bounded by the emails an account may be sent (5 an hour). An unknown email's stand-in gets the
 * same cookie, so nothing tells the two apart.
 */
export const RESET_COOKIE = 'reset';
export const RESET_COOKIE_TTL_MS = 15 * 60_000;

const payload = (email: string, issuedAt: string, nonce: string) =>
  `reset\n${email.trim().toLowerCase()}\n${issuedAt}\n${nonce}`;

/** The nonce of a live requester cookie for the same code, kept when the browser asks again. */
async function nonceOf(
  db: Db,
  cookie: string | undefined,
  email: string,
  issuedAt: string,
): Promise<string | undefined> {
  if (!cookie || cookie.length > 120) return undefined;
  const [nonce = '', signature = ''] = cookie.split('.');
  const expected = Buffer.from(await signWithSiteKey(db, payload(email, issuedAt, nonce)));
  const given = Buffer.from(signature);
  return nonce !== '' && given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}

/** The cookie's value for the code issued to `email` at `issuedAt` (an ISO timestamp); the browser's earlier nonce is kept. */
export async function requesterProof(db: Db, email: string, issuedAt: string, earlier?: string): Promise<string> {
  const nonce = (await nonceOf(db, earlier, email, issuedAt)) ?? randomBytes(12).toString('base64url');
  return `${nonce}.${await signWithSiteKey(db, payload(email, issuedAt, nonce))}`;
}

/** The requester's nonce when `cookie` was issued with the code that `email` got at `issuedAt`; undefined otherwise. */
export const requesterOf = nonceOf;
