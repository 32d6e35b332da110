import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ClientGone, FairHashQueue, PasswordQueueFull, type HashTicket } from './hash-queue.ts';

export { ClientGone, PasswordQueueFull, type HashTicket } from './hash-queue.ts';

interface HashParams {
  N: number;
  r: number;
  p: number;
}

// OWASP: scrypt with N=2^17, r=8, p=1 (128 MiB). Parameters are stored with each hash so they can be raised later.
const PRODUCTION: HashParams = Object.freeze({ N: 2 ** 17, r: 8, p: 1 });
/** The cheapest hash parseStoredHash accepts (2 MiB, about 200 times less work): for tests only. */
const CHEAP: HashParams = Object.freeze({ N: 2 ** 14, r: 1, p: 1 });
let PARAMS = PRODUCTION;
const KEY_LEN = 32;

/**
 * For the test helpers only (no setting or variable reaches it): the API, page and browser suites
 * hash the admin's password at every server start and sign-in, and at the production cost that was
 * most of their time. Hashes already stored keep their own parameters, so both kinds verify. A
 * suite that measures the cost of hashing itself (the fair queue under a flood) asks for
 * 'production' again; tests/build checks that the production bundle stores production hashes.
 */
export function setHashCostForTests(cost: 'cheap' | 'production'): void {
  PARAMS = cost === 'cheap' ? CHEAP : PRODUCTION;
}

/**
 * A well-formed hash no password matches, at today's cost: checked when the email is unknown, so
 * that the answer takes as long as for the admin's own address.
 */
export function dummyHash(): string {
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, 'A'.repeat(22), 'A'.repeat(43)].join('$');
}

/** Each hash takes 128 MiB and a thread for a few hundred milliseconds: one at a time, fairly (hash-queue.ts). */
const hashing = new FairHashQueue();
/** Work from the server itself (the first admin, a reset's new password once its token checked out). */
const OWN: HashTicket = { address: 'server', priority: true };

/**
 * What a stored hash may ask of this server. N from 2^14 to 2^20 (a power of two), r from 1 to 32,
 * p from 1 to 16, within the memory scrypt is allowed here (MAX_MEM) and at most four times today's
 * work (N·r·p): a hash outside these (a damaged row, or a backup written to hurt) is never run.
 */
const HASH_BOUNDS = {
  minLogN: 14,
  maxLogN: 20,
  maxR: 32,
  maxP: 16,
  maxWork: 4 * PRODUCTION.N * PRODUCTION.r * PRODUCTION.p,
} as const;
const MAX_MEM = 256 * 1024 * 1024;
const B64URL = /^[A-Za-z0-9_-]+$/;

export interface StoredHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/** A stored hash `scrypt$N$r$p$salt$hash` taken apart, or the reason it cannot be used. */
export function parseStoredHash(stored: string): StoredHash | { refused: string } {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return { refused: 'not of the form scrypt$N$r$p$salt$hash' };
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const int = (text: string) => (/^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : NaN);
  const params = { N: int(n), r: int(r), p: int(p) };
  const logN = Math.log2(params.N);
  if (!Number.isInteger(logN) || logN < HASH_BOUNDS.minLogN || logN > HASH_BOUNDS.maxLogN) {
    return { refused: `N is ${n}, not a power of two from 2^${HASH_BOUNDS.minLogN} to 2^${HASH_BOUNDS.maxLogN}` };
  }
  if (!(params.r >= 1 && params.r <= HASH_BOUNDS.maxR))
    return { refused: `r is ${r}, not from 1 to ${HASH_BOUNDS.maxR}` };
  if (!(params.p >= 1 && params.p <= HASH_BOUNDS.maxP))
    return { refused: `p is ${p}, not from 1 to ${HASH_BOUNDS.maxP}` };
  // OpenSSL's own limits: the memory scrypt needs (128·r·(N+p+2) bytes), and N below 2^(16·r).
  if (128 * params.r * (params.N + params.p + 2) > MAX_MEM || logN >= 16 * params.r)
    return { refused: `N=${n} with r=${r} is beyond what scrypt may take here (256 MiB, and N below 2^(16·r))` };
  if (params.N * params.r * params.p > HASH_BOUNDS.maxWork)
    return { refused: 'N·r·p is more than four times the work of a hash this site makes' };
  if (!B64URL.test(salt) || salt.length < 16 || salt.length > 128)
    return { refused: 'the salt is not 12 to 96 bytes of base64url' };
  const keyBytes = Buffer.from(key, 'base64url');
  if (!B64URL.test(key) || keyBytes.length !== KEY_LEN)
    return { refused: `the hash is not ${KEY_LEN} bytes of base64url` };
  return { ...params, salt: Buffer.from(salt, 'base64url'), key: keyBytes };
}

function derive(password: string, salt: Buffer, opts: ScryptOptions, ticket: HashTicket): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LEN, { ...opts, maxmem: MAX_MEM }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
    ticket,
  );
}

/** Format: scrypt$N$r$p$salt$hash (base64url). */
export async function hashPassword(password: string, ticket: HashTicket = OWN): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS, ticket);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Where verifyPassword reports a stored hash it cannot use (the request's logger on a sign-in). */
export interface HashLog {
  warn(obj: object, msg: string): void;
}

/**
 * True when `password` matches the stored hash. A stored hash this server must not run (see
 * parseStoredHash), or that scrypt refuses, matches nothing: it is logged, never thrown, so a
 * damaged account answers "incorrect password" and not 500. Only a full queue is thrown.
 */
export async function verifyPassword(
  password: string,
  stored: string,
  ticket: HashTicket = OWN,
  log?: HashLog,
): Promise<boolean> {
  const hash = parseStoredHash(stored);
  if ('refused' in hash) {
    log?.warn({ reason: hash.refused }, 'a stored password hash cannot be used: no password matches it');
    return false;
  }
  let key: Buffer;
  try {
    key = await derive(password, hash.salt, { N: hash.N, r: hash.r, p: hash.p }, ticket);
  } catch (err) {
    if (err instanceof PasswordQueueFull || err instanceof ClientGone) throw err;
    log?.warn({ err }, 'a stored password hash could not be checked: no password matches it');
    return false;
  }
  return timingSafeEqual(key, hash.key);
}

/** A strong random password for the first admin when none is configured. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
