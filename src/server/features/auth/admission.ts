import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { InvalidInputError } from '../../lib/domain-errors.ts';
import { signWithSiteKey } from './device-cookie.ts';
import { countHit } from './rate-limit-store.ts';

/**
 * Letting a new browser in by email. When strangers' wrong passwords hold back every browser that
 * has not signed in to the account before (the per-account limit), such a browser asks for a code
 * by email; typed in that same browser (or opened from the emailed link in it), the code gives it
 * the device cookie, so the per-account limits no longer hold it back and its password checks go
 * first. It is not a sign-in: the password (and the second factor) are still asked.
 *
 * Nothing is stored: the browser's `admit` cookie signs the account, a nonce and the moment it was
 * issued, and the code is derived from them with the site's key (8 characters, about 40 bits), so
 * only the browser that asked can use the code and only the account's mailbox holds it. A new request
 * from that browser within RESEND_WITHIN_MS sends the same code again. Each nonce takes MAX_TRIES
 * wrong codes; the emails are limited per account by the route.
 */
export const ADMIT_COOKIE = 'admit';
export const ADMIT_TTL_MS = 15 * 60_000;
const RESEND_WITHIN_MS = 10 * 60_000;
const MAX_TRIES = 5;
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const ADMIT_MESSAGES = {
  none: 'admit.no_code',
  wrong: 'admit.wrong_code',
  spent: 'admit.too_many_wrong',
} as const;

const account = (email: string) => email.trim().toLowerCase();
const payload = (email: string, nonce: string, issued: number) => `admit\n${account(email)}\n${nonce}\n${issued}`;

interface Admission {
  nonce: string;
  issued: number;
}

async function read(
  db: Db,
  cookie: string | undefined,
  email: string,
  now = Date.now(),
): Promise<Admission | undefined> {
  if (!cookie || cookie.length > 120) return undefined;
  const [nonce = '', issuedText = '', signature = ''] = cookie.split('.');
  const issued = Number(issuedText);
  if (nonce === '' || !Number.isSafeInteger(issued) || now - issued > ADMIT_TTL_MS || issued > now) return undefined;
  const expected = Buffer.from(await signWithSiteKey(db, payload(email, nonce, issued)));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { nonce, issued } : undefined;
}

async function codeOf(db: Db, email: string, nonce: string): Promise<string> {
  const mac = Buffer.from(await signWithSiteKey(db, `admit-code\n${account(email)}\n${nonce}`), 'base64url');
  let code = '';
  for (let i = 0; i < 8; i++) code += ALPHABET[mac[i]! % ALPHABET.length];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

const normalise = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/** A code for this browser (the same one again while its cookie is under RESEND_WITHIN_MS old), and the cookie to set. */
export async function startAdmission(
  db: Db,
  email: string,
  cookie: string | undefined,
  now = Date.now(),
): Promise<{ cookie: string; code: string }> {
  const earlier = await read(db, cookie, email, now);
  const { nonce, issued } =
    earlier && now - earlier.issued < RESEND_WITHIN_MS
      ? earlier
      : { nonce: randomBytes(12).toString('base64url'), issued: now };
  return {
    cookie: `${nonce}.${issued}.${await signWithSiteKey(db, payload(email, nonce, issued))}`,
    code: await codeOf(db, email, nonce),
  };
}

/** Checks a code typed in the browser that asked; an InvalidInputError on `code` unless it is right. */
export async function checkAdmission(db: Db, email: string, code: string, cookie: string | undefined): Promise<void> {
  const admission = await read(db, cookie, email);
  if (!admission) throw new InvalidInputError('code', ADMIT_MESSAGES.none);
  const tries = await countHit(db, `admit-tries:${admission.nonce}`, ADMIT_TTL_MS);
  if (tries.current > MAX_TRIES) throw new InvalidInputError('code', ADMIT_MESSAGES.spent);
  const expected = Buffer.from(normalise(await codeOf(db, email, admission.nonce)));
  const given = Buffer.from(normalise(code));
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new InvalidInputError('code', ADMIT_MESSAGES.wrong);
}
