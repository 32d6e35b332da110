import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../lib/domain-errors.ts';
import { newId } from '../lib/ids.ts';

/**
 * Passkeys (WebAuthn), through @simplewebauthn/server. The relying party is the host of PUBLIC_URL
 * and the only origin taken is PUBLIC_URL's. User verification (a PIN, a fingerprint, a face) is
 * required both when a passkey is added and when it signs in, so a passkey alone counts as both
 * factors; the signature counter is checked by the library and kept. Challenges are rows (several
 * servers), live CHALLENGE_TTL_MS, and are deleted as they are used: each is good once.
 */
export interface RelyingParty { id: string; name: string; origin: string }

export const relyingPartyOf = (publicUrl: string, name: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, name, origin: url.origin };
};

const CHALLENGE_TTL_MS = 5 * 60_000;
/** Outstanding challenges kept at most: the sign-in options call is public, so the table is bounded. */
const MAX_CHALLENGES = 500;
/** Passkeys an account may hold. */
const MAX_PASSKEYS = 20;

const MESSAGES = {
  stale: 'This passkey request has expired or was already used. Please try again.',
  unknown: 'This passkey is not registered here. Use another passkey, or sign in with your email and password.',
  failed: 'The passkey could not be verified. Please try again.',
} as const;

export interface PasskeyInfo { id: string; name: string; createdAt: string; lastUsedAt: string | null; backedUp: boolean }

async function storeChallenge(db: Db, challenge: string, purpose: 'register' | 'sign-in', userId: string | null): Promise<void> {
  const now = nowIso();
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
  await db.insertInto('webauthn_challenges')
    .values({ challenge, purpose, user_id: userId, expires_at: new Date(Date.now() + CHALLENGE_TTL_MS).toISOString() }).execute();
  // Past the bound, the oldest outstanding challenges go first (a flood of option requests cannot grow the table).
  await db.deleteFrom('webauthn_challenges')
    .where('challenge', 'not in', db.selectFrom('webauthn_challenges').select('challenge').orderBy('expires_at', 'desc').limit(MAX_CHALLENGES))
    .execute();
}

/** Deletes the challenge if it is live and of this kind (and, when bound to an account, of `userId`); true when it was. */
async function consumeChallenge(db: Db, challenge: string, purpose: 'register' | 'sign-in', userId?: string): Promise<{ userId: string | null } | undefined> {
  const row = await db.deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge).where('purpose', '=', purpose).where('expires_at', '>', nowIso())
    .returning('user_id').executeTakeFirst();
  if (!row) return undefined;
  if (row.user_id !== null && userId !== undefined && row.user_id !== userId) return undefined;
  return { userId: row.user_id };
}

const userHandle = (userId: string) => new TextEncoder().encode(userId);

/** Options for adding a passkey to the signed-in account (the browser's `navigator.credentials.create`). */
export async function registrationOptions(db: Db, rp: RelyingParty, user: { id: string; email: string }): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', user.id).execute();
  if (existing.length >= MAX_PASSKEYS) throw new ConflictError(`An account holds at most ${MAX_PASSKEYS} passkeys. Remove one first.`);
  const options = await generateRegistrationOptions({
    rpName: rp.name, rpID: rp.id, userName: user.email, userID: userHandle(user.id), userDisplayName: user.email,
    attestationType: 'none', timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: parseTransports(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(db, options.challenge, 'register', user.id);
  return options;
}

function parseTransports(text: string): string[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** Verifies the browser's answer to `registrationOptions` and keeps the passkey under `name`. */
export async function addPasskey(db: Db, rp: RelyingParty, userId: string, name: string, response: RegistrationResponseJSON): Promise<PasskeyInfo> {
  let stale = false;
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true,
      expectedChallenge: async (challenge) => {
        const ok = (await consumeChallenge(db, challenge, 'register', userId)) !== undefined;
        stale = !ok;
        return ok;
      },
    });
  } catch {
    throw new InvalidInputError('response', stale ? MESSAGES.stale : MESSAGES.failed);
  }
  if (!verification.verified) throw new InvalidInputError('response', MESSAGES.failed);
  const { credential, credentialBackedUp } = verification.registrationInfo;
  const row = {
    id: newId(), user_id: userId, credential_id: credential.id, public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter, transports: JSON.stringify(credential.transports ?? []), backed_up: credentialBackedUp ? 1 : 0,
    name, created_at: nowIso(), last_used_at: null,
  };
  const taken = await db.selectFrom('passkeys').select('id').where('credential_id', '=', credential.id).executeTakeFirst();
  if (taken) throw new ConflictError('This passkey is already added.');
  await db.insertInto('passkeys').values(row).execute();
  return { id: row.id, name, createdAt: row.created_at, lastUsedAt: null, backedUp: credentialBackedUp };
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyInfo[]> {
  const rows = await db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at, lastUsedAt: r.last_used_at, backedUp: r.backed_up === 1 }));
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('passkeys').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<void> {
  const done = await db.updateTable('passkeys').set({ name }).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw new NotFoundError('This passkey was not found. It may have been removed.');
}

/** Removes one passkey of the account; answers its name. */
export async function removePasskey(db: Db, userId: string, id: string): Promise<string> {
  const gone = await db.deleteFrom('passkeys').where('user_id', '=', userId).where('id', '=', id).returning('name').executeTakeFirst();
  if (!gone) throw new NotFoundError('This passkey was not found. It may have been removed.');
  return gone.name;
}

/**
 * Options for signing in with a passkey. Without an account (the sign-in page's button) the browser
 * offers every passkey it holds for this site (a discoverable credential: no email, no password);
 * as the second step of a sign-in, only the account's.
 */
export async function signInOptions(db: Db, rp: RelyingParty, userId?: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow = userId
    ? (await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).execute())
      .map((p) => ({ id: p.credential_id, transports: parseTransports(p.transports) }))
    : undefined;
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CHALLENGE_TTL_MS, ...(allow ? { allowCredentials: allow } : {}) });
  await storeChallenge(db, options.challenge, 'sign-in', userId ?? null);
  return options;
}

/**
 * Verifies a passkey's sign-in answer and answers the account it belongs to. `userId`, for a second
 * step, is the account the passkey must belong to. A replayed answer fails on its spent challenge,
 * a cloned authenticator on its counter.
 */
export async function verifyPasskeySignIn(db: Db, rp: RelyingParty, response: AuthenticationResponseJSON, userId?: string): Promise<string> {
  const row = await db.selectFrom('passkeys').selectAll().where('credential_id', '=', response.id).executeTakeFirst();
  if (!row || (userId !== undefined && row.user_id !== userId)) throw new InvalidInputError('response', MESSAGES.unknown);
  let stale = false;
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true,
      credential: { id: row.credential_id, publicKey: Buffer.from(row.public_key, 'base64url'), counter: Number(row.counter), transports: parseTransports(row.transports) },
      expectedChallenge: async (challenge) => {
        const ok = (await consumeChallenge(db, challenge, 'sign-in', row.user_id)) !== undefined;
        stale = !ok;
        return ok;
      },
    });
  } catch {
    throw new InvalidInputError('response', stale ? MESSAGES.stale : MESSAGES.failed);
  }
  if (!verification.verified) throw new InvalidInputError('response', MESSAGES.failed);
  const { newCounter } = verification.authenticationInfo;
  // Two answers racing with the same counter cannot both pass: the counter must still be the one checked.
  const kept = await db.updateTable('passkeys').set({ counter: newCounter, last_used_at: nowIso() })
    .where('id', '=', row.id).where('counter', '=', row.counter).executeTakeFirst();
  if (Number(kept.numUpdatedRows) !== 1) throw new InvalidInputError('response', MESSAGES.failed);
  return row.user_id;
}
