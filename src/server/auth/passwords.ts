import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';

// OWASP: scrypt with N=2^17, r=8, p=1 (128 MiB). Parameters are stored with each hash so they can be raised later.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LEN = 32;

/**
 * Each hash takes 128 MiB and a thread-pool thread for a few hundred milliseconds, so a burst of
 * sign-ins must not run them all at once: one at a time, the rest queued, and past a short queue
 * refused (the caller answers 429) so that memory and the thread pool stay bounded.
 */
const hashing = pLimit(1);
export const MAX_QUEUED_HASHES = 16;

/** Thrown when too many password checks are already waiting. */
export class PasswordQueueFull extends Error {
  constructor() { super('Too many sign-in attempts at once. Please wait a moment and try again.'); }
}

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  if (hashing.pendingCount >= MAX_QUEUED_HASHES) return Promise.reject(new PasswordQueueFull());
  return hashing(() => new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { ...opts, maxmem: 256 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  }));
}

/** Format: scrypt$N$r$p$salt$hash (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A strong random password for the first admin when none is configured. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
