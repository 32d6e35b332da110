import type { Db } from '../../db/database.ts';
import { InvalidInputError, NotAuthenticatedError } from '../../lib/domain-errors.ts';
import { dummyHash, verifyPassword, type HashLog, type HashTicket } from './passwords.ts';
import { factorsOf, hasSecondFactor, issueTicket, methodsOf, type Method } from './second-step.ts';
import { createSession, deleteUserSessions } from './sessions.ts';
import { findUserByEmail, findUserById, setPasswordHash } from './users.ts';

// Verifying against a real hash (dummyHash) when the email is unknown keeps response times alike,
// so timing does not reveal whether an address belongs to the admin.

export type LoginOutcome =
  | { kind: 'signed-in'; token: string; expiresAt: Date; email: string }
  /** The password was right, but the account has a second factor: only a ticket for the second step. */
  | { kind: 'second-step'; ticket: string; methods: Method[]; email: string };

/**
 * `ticket` places the password check in the fair hash queue (auth/hash-queue.ts); `log` hears of an
 * unusable stored hash; `userAgent` is kept with the session for the owner's Security screen.
 * Answers the new session and the account's email as stored, or, when the account has a second
 * factor, no session but a ticket for the second step (auth/second-step.ts).
 */
export async function login(
  db: Db,
  email: string,
  password: string,
  opts: { ticket: HashTicket; log?: HashLog; userAgent?: string },
): Promise<LoginOutcome> {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(password, user?.passwordHash ?? dummyHash(), opts.ticket, opts.log);
  if (!user || !ok) throw new NotAuthenticatedError('auth.bad_credentials');
  const factors = await factorsOf(db, user.id);
  if (hasSecondFactor(factors)) {
    const ticket = await issueTicket(db, user.id, 'sign-in', { userAgent: opts.userAgent ?? '' });
    return { kind: 'second-step', ticket, methods: methodsOf(factors), email: user.email };
  }
  return { kind: 'signed-in', ...(await createSession(db, user.id, opts.userAgent)), email: user.email };
}

/** Checks the signed-in owner's password again (before a factor is removed); false when it is wrong. */
export async function passwordMatches(
  db: Db,
  userId: string,
  password: string,
  opts: { ticket: HashTicket; log?: HashLog },
): Promise<boolean> {
  const user = await findUserById(db, userId);
  const ok = await verifyPassword(password, user?.passwordHash ?? dummyHash(), opts.ticket, opts.log);
  return Boolean(user) && ok;
}

/**
 * Checks the signed-in owner's current password (a wrong one is an InvalidInputError on
 * `currentPassword`; `currentChecked` when the caller has just checked it), then sets the new hash.
 * Answers the hash it replaced (for the undo link of the change).
 */
export async function changePassword(
  db: Db,
  userId: string,
  current: string,
  newHash: () => Promise<string>,
  opts: { ticket: HashTicket; log?: HashLog; keepToken: string; currentChecked?: boolean },
): Promise<string> {
  const user = await findUserById(db, userId);
  const ok =
    opts.currentChecked === true ||
    (await verifyPassword(current, user?.passwordHash ?? dummyHash(), opts.ticket, opts.log));
  if (!user || !ok) throw new InvalidInputError('currentPassword', 'auth.wrong_current_password');
  const hash = await newHash();
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user, hash);
    // Codes asked for with the old password die with it, and so does every other signed-in browser.
    await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
    await deleteUserSessions(trx, user.id, opts.keepToken);
  });
  return user.passwordHash;
}
