import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../db/database.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../lib/domain-errors.ts';
import { newId } from '../../lib/ids.ts';
import { timingSafeEqual } from 'node:crypto';
import { signWithSiteKey } from './device-cookie.ts';
import { digest } from './tokens.ts';

/**
 * Passkeys (WebAuthn), through @simplewebauthn/server. The relying party is the host of PUBLIC_URL
 * and the only origin taken is PUBLIC_URL's. User verification (a PIN, a fingerprint, a face) is
 * required both when a passkey is added and when it signs in, so a passkey alone counts as both
 * factors; the signature counter is checked by the library and kept. Challenges live in a signed
 * cookie of the browser that asked, CHALLENGE_TTL_MS, and are recorded once used: each is good once.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export const relyingPartyOf = (publicUrl: string, name: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, name, origin: url.origin };
};

const CHALLENGE_TTL_MS = 5 * 60_000;
/** Passkeys an account may hold. */
const MAX_PASSKEYS = 20;

const MESSAGES = {
  stale: 'passkey.stale',
  unknown: 'passkey.unknown',
  failed: 'passkey.failed',
} as const;

export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
}

/**
 * What a ceremony is for: adding a passkey, signing in (alone or as a second step), or the re-check
 * of a signed-in session. Each has its own cookie, so one ceremony cannot stand in for another.
 */
export type CeremonyPurpose = 'register' | 'sign-in' | 'recheck';

/**
 * Challenges are stateless: the options call answers the challenge and sets a cookie that signs it
 * with its purpose, its account (when bound to one) and its expiry, so only the browser that asked
 * can answer it, and strangers asking for options write nothing anywhere. A challenge is recorded
 * only once an answer to it has verified (webauthn_challenges: used challenges, until they expire),
 * which makes each good once; a stranger cannot write that table without a registered passkey.
 */
export const CHALLENGE_COOKIE: Record<CeremonyPurpose, string> = {
  register: 'webauthn-register',
  'sign-in': 'webauthn-sign-in',
  recheck: 'webauthn-recheck',
};
export const CHALLENGE_TTL_SECONDS = CHALLENGE_TTL_MS / 1000;

const challengePayload = (c: { challenge: string; purpose: CeremonyPurpose; userId: string; expires: number }) =>
  `webauthn\n${c.purpose}\n${c.challenge}\n${c.userId}\n${c.expires}`;

async function challengeCookie(
  db: Db,
  challenge: string,
  purpose: CeremonyPurpose,
  userId: string | null,
): Promise<string> {
  const c = { challenge, purpose, userId: userId ?? '-', expires: Date.now() + CHALLENGE_TTL_MS };
  return `${c.challenge}.${c.userId}.${c.expires}.${await signWithSiteKey(db, challengePayload(c))}`;
}

interface OpenChallenge {
  challenge: string;
  userId: string | null;
  expires: number;
}

/** The challenge a cookie of `purpose` holds, when the site signed it and it is still live; undefined otherwise. */
async function readChallengeCookie(
  db: Db,
  cookie: string | undefined,
  purpose: CeremonyPurpose,
): Promise<OpenChallenge | undefined> {
  if (!cookie || cookie.length > 300) return undefined;
  const parts = cookie.split('.');
  if (parts.length !== 4) return undefined;
  const [challenge, userId, expiresText, signature] = parts as [string, string, string, string];
  const expires = Number(expiresText);
  if (!Number.isSafeInteger(expires) || expires <= Date.now()) return undefined;
  const expected = Buffer.from(await signWithSiteKey(db, challengePayload({ challenge, purpose, userId, expires })));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { challenge, userId: userId === '-' ? null : userId, expires };
}

/** Records a verified answer's challenge as used; false when it was used already (a replay). */
async function recordUse(db: Db, open: OpenChallenge, purpose: CeremonyPurpose): Promise<boolean> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', nowIso()).execute();
  const stored = await db
    .insertInto('webauthn_challenges')
    .values({
      challenge: digest(`${purpose}\n${open.challenge}`),
      purpose,
      user_id: open.userId,
      expires_at: new Date(open.expires).toISOString(),
    })
    .onConflict((oc) => oc.column('challenge').doNothing())
    .returning('challenge')
    .executeTakeFirst();
  return stored !== undefined;
}

const userHandle = (userId: string) => new TextEncoder().encode(userId);

/** Options for adding a passkey to the signed-in account (the browser's `navigator.credentials.create`), and the challenge's cookie. */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  user: { id: string; email: string },
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; cookie: string }> {
  const existing = await db
    .selectFrom('passkeys')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', user.id)
    .execute();
  if (existing.length >= MAX_PASSKEYS) throw new ConflictError('passkey.too_many', { max: MAX_PASSKEYS });
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: userHandle(user.id),
    userDisplayName: user.email,
    attestationType: 'none',
    timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: parseTransports(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return { options, cookie: await challengeCookie(db, options.challenge, 'register', user.id) };
}

function parseTransports(text: string): string[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** The library's check of an answer's challenge: the one the browser's cookie signed, for the passkey's own account when bound to one. */
function challengeCheck(open: OpenChallenge | undefined, userId: string) {
  return (challenge: string) =>
    open !== undefined && open.challenge === challenge && (open.userId === null || open.userId === userId);
}

/** Verifies the browser's answer to `registrationOptions` (its challenge in `cookie`) and keeps the passkey under `name`. */
export async function addPasskey(
  db: Db,
  rp: RelyingParty,
  userId: string,
  name: string,
  response: RegistrationResponseJSON,
  cookie: string | undefined,
): Promise<PasskeyInfo> {
  const open = await readChallengeCookie(db, cookie, 'register');
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      expectedChallenge: challengeCheck(open, userId),
    });
  } catch {
    throw new InvalidInputError('response', open ? MESSAGES.failed : MESSAGES.stale);
  }
  if (!verification.verified) throw new InvalidInputError('response', MESSAGES.failed);
  if (!(await recordUse(db, open!, 'register'))) throw new InvalidInputError('response', MESSAGES.stale);
  const { credential, credentialBackedUp } = verification.registrationInfo;
  const row = {
    id: newId(),
    user_id: userId,
    credential_id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    backed_up: credentialBackedUp ? 1 : 0,
    name,
    created_at: nowIso(),
    last_used_at: null,
  };
  const taken = await db
    .selectFrom('passkeys')
    .select('id')
    .where('credential_id', '=', credential.id)
    .executeTakeFirst();
  if (taken) throw new ConflictError('passkey.taken');
  await db.insertInto('passkeys').values(row).execute();
  return { id: row.id, name, createdAt: row.created_at, lastUsedAt: null, backedUp: credentialBackedUp };
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyInfo[]> {
  const rows = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    backedUp: r.backed_up === 1,
  }));
}

/** The account's passkeys, or (`createdBefore`) those added before that moment. */
export async function countPasskeys(db: Db, userId: string, opts: { createdBefore?: string } = {}): Promise<number> {
  let q = db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId);
  if (opts.createdBefore !== undefined) q = q.where('created_at', '<', opts.createdBefore);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<void> {
  const done = await db
    .updateTable('passkeys')
    .set({ name })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw new NotFoundError('passkey.not_found');
}

/** A passkey's row as stored, for putting it back when its removal is undone. */
export type PasskeyRow = Selectable<Database['passkeys']>;

/** Removes one passkey of the account; answers its row as it was. */
export async function removePasskey(db: Db, userId: string, id: string): Promise<PasskeyRow> {
  const gone = await db
    .deleteFrom('passkeys')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!gone) throw new NotFoundError('passkey.not_found');
  return gone;
}

/**
 * Options for a passkey ceremony, and the challenge's cookie. Without an account (the sign-in page's
 * button) the browser offers every passkey it holds for this site (a discoverable credential: no
 * email, no password); as the second step of a sign-in, only the account's; for a re-check, only
 * those of `credentialIds`.
 */
export async function signInOptions(
  db: Db,
  rp: RelyingParty,
  userId?: string,
  opts: { purpose?: 'sign-in' | 'recheck'; createdBefore?: string } = {},
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; cookie: string }> {
  let allow;
  if (userId) {
    let q = db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId);
    if (opts.createdBefore !== undefined) q = q.where('created_at', '<', opts.createdBefore);
    allow = (await q.execute()).map((p) => ({ id: p.credential_id, transports: parseTransports(p.transports) }));
  }
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
    ...(allow ? { allowCredentials: allow } : {}),
  });
  return { options, cookie: await challengeCookie(db, options.challenge, opts.purpose ?? 'sign-in', userId ?? null) };
}

/**
 * Verifies a passkey's answer (its challenge in `cookie`) and answers the account it belongs to.
 * `userId`, for a second step or a re-check, is the account the passkey must belong to;
 * `createdBefore`, for a re-check, the moment it must have been added before. The answer's
 * `userHandle`, when sent, must be the handle of the passkey's own account. A replayed answer fails
 * on its used challenge, a cloned authenticator on its counter.
 */
export async function verifyPasskeySignIn(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  cookie: string | undefined,
  opts: { userId?: string; purpose?: 'sign-in' | 'recheck'; createdBefore?: string } = {},
): Promise<string> {
  const purpose = opts.purpose ?? 'sign-in';
  const row = await db.selectFrom('passkeys').selectAll().where('credential_id', '=', response.id).executeTakeFirst();
  if (!row || (opts.userId !== undefined && row.user_id !== opts.userId))
    throw new InvalidInputError('response', MESSAGES.unknown);
  if (opts.createdBefore !== undefined && !(row.created_at < opts.createdBefore))
    throw new InvalidInputError('response', MESSAGES.unknown);
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(userHandle(row.user_id)).toString('base64url'))
    throw new InvalidInputError('response', MESSAGES.unknown);
  const open = await readChallengeCookie(db, cookie, purpose);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: row.credential_id,
        publicKey: Buffer.from(row.public_key, 'base64url'),
        counter: Number(row.counter),
        transports: parseTransports(row.transports),
      },
      expectedChallenge: challengeCheck(open, row.user_id),
    });
  } catch {
    throw new InvalidInputError('response', open ? MESSAGES.failed : MESSAGES.stale);
  }
  if (!verification.verified) throw new InvalidInputError('response', MESSAGES.failed);
  if (!(await recordUse(db, open!, purpose))) throw new InvalidInputError('response', MESSAGES.stale);
  const { newCounter } = verification.authenticationInfo;
  // Two answers racing with the same counter cannot both pass: the counter must still be the one checked.
  const kept = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: nowIso() })
    .where('id', '=', row.id)
    .where('counter', '=', row.counter)
    .executeTakeFirst();
  if (Number(kept.numUpdatedRows) !== 1) throw new InvalidInputError('response', MESSAGES.failed);
  return row.user_id;
}
