import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { nextUpdatedAt } from '../../db/database.ts';
import { ConflictError, InvalidInputError } from '../../lib/domain-errors.ts';
import { signWithSiteKey } from './device-cookie.ts';
import { countHit } from './rate-limit-store.ts';

/**
 * Changing the account's email: a 6-digit code goes to the new address, and the change is made once
 * the same browser and session types it back. Nothing is stored: a signed cookie holds the session,
 * the new address, a nonce and the moment it was asked; the code is derived from them with the
 * site's key. Each request takes MAX_TRIES wrong codes.
 */
export const EMAIL_CHANGE_COOKIE = 'email-change';
export const EMAIL_CHANGE_TTL_MS = 15 * 60_000;
const MAX_TRIES = 5;

const payload = (sessionId: string, email: string, nonce: string, issued: number) =>
  `email-change\n${sessionId}\n${email}\n${nonce}\n${issued}`;

async function codeOf(db: Db, nonce: string, email: string): Promise<string> {
  const mac = Buffer.from(await signWithSiteKey(db, `email-change-code\n${nonce}\n${email}`), 'base64url');
  return (mac.readUIntBE(0, 6) % 1_000_000).toString().padStart(6, '0');
}

/** A code for the new address, and the cookie that holds the request. */
export async function startEmailChange(
  db: Db,
  sessionId: string,
  newEmail: string,
): Promise<{ cookie: string; code: string; email: string }> {
  const email = newEmail.trim().toLowerCase();
  const taken = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (taken) throw new ConflictError('email.same');
  const nonce = randomBytes(12).toString('base64url');
  const issued = Date.now();
  const signature = await signWithSiteKey(db, payload(sessionId, email, nonce, issued));
  return {
    cookie: `${Buffer.from(email).toString('base64url')}.${nonce}.${issued}.${signature}`,
    code: await codeOf(db, nonce, email),
    email,
  };
}

/** Checks the code typed back in the session that asked; answers the new address. */
export async function checkEmailChange(
  db: Db,
  sessionId: string,
  cookie: string | undefined,
  code: string,
): Promise<string> {
  const none = new InvalidInputError('code', 'email.no_code');
  if (!cookie || cookie.length > 600) throw none;
  const [who = '', nonce = '', issuedText = '', signature = ''] = cookie.split('.');
  const email = Buffer.from(who, 'base64url').toString();
  const issued = Number(issuedText);
  if (!Number.isSafeInteger(issued) || Date.now() - issued > EMAIL_CHANGE_TTL_MS) throw none;
  const expected = Buffer.from(await signWithSiteKey(db, payload(sessionId, email, nonce, issued)));
  if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), expected)) throw none;
  const tries = await countHit(db, `email-change-tries:${nonce}`, EMAIL_CHANGE_TTL_MS);
  if (tries.current > MAX_TRIES) throw new InvalidInputError('code', 'email.too_many_wrong');
  const right = Buffer.from(await codeOf(db, nonce, email));
  const given = Buffer.from(code.trim());
  if (given.length !== right.length || !timingSafeEqual(given, right))
    throw new InvalidInputError('code', 'email.wrong_code');
  return email;
}

/** Sets the account's email; answers the one it replaced. */
export async function setEmail(db: Db, userId: string, email: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['email', 'updated_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('users')
      .set({ email, updated_at: nextUpdatedAt(user.updated_at) })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
    return user.email;
  });
}
