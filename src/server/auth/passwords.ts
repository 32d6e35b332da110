import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { FairHashQueue, type HashTicket } from './hash-queue.ts';

export { PasswordQueueFull, type HashTicket } from './hash-queue.ts';

// OWASP: scrypt with N=2^17, r=8, p=1 (128 MiB). Parameters are stored with each hash so they can be raised later.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LEN = 32;

/** Each hash takes 128 MiB and a thread for a few hundred milliseconds: one at a time, fairly (hash-queue.ts). */
const hashing = new FairHashQueue();
/** Work from the server itself (the first admin, a reset's new password once its token checked out). */
const OWN: HashTicket = { address: 'server', priority: true };

function derive(password: string, salt: Buffer, opts: ScryptOptions, ticket: HashTicket): Promise<Buffer> {
  return hashing.run(() => new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { ...opts, maxmem: 256 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  }), ticket);
}

/** Format: scrypt$N$r$p$salt$hash (base64url). */
export async function hashPassword(password: string, ticket: HashTicket = OWN): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS, ticket);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string, ticket: HashTicket = OWN): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) }, ticket);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A strong random password for the first admin when none is configured. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
