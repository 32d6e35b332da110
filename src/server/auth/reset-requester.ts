import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { signWithSiteKey } from './device-cookie.ts';

/**
 * Which browser asked for the reset code now live. Forget-password and resend-otp answer with a
 * cookie that signs the account and the moment the code was issued; a check sent with it comes from
 * the browser the code was sent for. Only such checks (and those from a browser that has signed in
 * to the account before) spend the code's five tries: wrong codes from anywhere else go to a daily
 * bound of their own, so a stranger cannot kill the code the owner is about to type. An unknown
 * email's stand-in gets the same cookie, so nothing tells the two apart.
 */
export const RESET_COOKIE = 'reset';
export const RESET_COOKIE_TTL_MS = 15 * 60_000;

const payload = (email: string, issuedAt: string) => `reset\n${email.trim().toLowerCase()}\n${issuedAt}`;

/** The cookie's value for the code issued to `email` at `issuedAt` (an ISO timestamp). */
export async function requesterProof(db: Db, email: string, issuedAt: string): Promise<string> {
  return signWithSiteKey(db, payload(email, issuedAt));
}

/** True when `cookie` was issued with the code that `email` got at `issuedAt`. */
export async function isRequester(db: Db, cookie: string | undefined, email: string, issuedAt: string): Promise<boolean> {
  if (!cookie || cookie.length > 100) return false;
  const expected = Buffer.from(await requesterProof(db, email, issuedAt));
  const given = Buffer.from(cookie);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
