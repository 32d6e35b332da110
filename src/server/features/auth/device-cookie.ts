import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/**
 * OWASP's "device cookie" against lock-out: a browser that has signed in to an account gets a
 * signed cookie naming that account. Per-account limits (which strangers trip by guessing from
 * many addresses) do not hold such a browser back; limits per address and per account-and-address
 * still do. The signing key is one random value in the database, so every server agrees on it.
 */
export const DEVICE_COOKIE = 'device';
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
const KEY_SETTING = 'device-cookie-key';

let cachedKey: { db: Db; key: Buffer } | undefined;

/** The signing key, made once per database (the first server to need it writes it; the rest read it). */
async function signingKey(db: Db): Promise<Buffer> {
  if (cachedKey?.db === db) return cachedKey.key;
  await db
    .insertInto('settings')
    .values({ key: KEY_SETTING, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY_SETTING).executeTakeFirstOrThrow();
  const key = Buffer.from(row.value, 'base64url');
  cachedKey = { db, key };
  return key;
}

const account = (email: string) => email.trim().toLowerCase();
const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** `payload` signed with the site's key (HMAC-SHA-256, base64url), for values a browser keeps and sends back. */
export async function signWithSiteKey(db: Db, payload: string): Promise<string> {
  return sign(await signingKey(db), payload);
}

/** A new device cookie value for this account: `account.issuedAt.nonce.signature`. */
export async function issueDeviceCookie(db: Db, email: string): Promise<string> {
  const payload = `${Buffer.from(account(email)).toString('base64url')}.${Date.now()}.${randomBytes(9).toString('base64url')}`;
  return `${payload}.${sign(await signingKey(db), payload)}`;
}

/** True when `cookie` is a valid, unexpired device cookie issued for `email`. */
export async function isKnownDevice(db: Db, cookie: string | undefined, email: unknown): Promise<boolean> {
  if (!cookie || typeof email !== 'string' || cookie.length > 300) return false;
  const parts = cookie.split('.');
  if (parts.length !== 4) return false;
  const [who, issued, nonce, signature] = parts as [string, string, string, string];
  if (Buffer.from(who, 'base64url').toString() !== account(email)) return false;
  const age = Date.now() - Number(issued);
  if (!Number.isFinite(age) || age < 0 || age > DEVICE_TTL_MS) return false;
  const expected = Buffer.from(sign(await signingKey(db), `${who}.${issued}.${nonce}`));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
