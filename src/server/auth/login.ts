import type { Db } from '../db/database.ts';
import { NotAuthenticatedError } from '../lib/domain-errors.ts';
import { verifyPassword, type HashLog, type HashTicket } from './passwords.ts';
import { createSession } from './sessions.ts';
import { findUserByEmail } from './users.ts';

// Verifying against a real hash when the email is unknown keeps response times alike, so timing
// does not reveal whether an address belongs to the admin.
const DUMMY_HASH = 'scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** `ticket` places the password check in the fair hash queue (auth/hash-queue.ts); `log` hears of an unusable stored hash. */
export async function login(db: Db, email: string, password: string, ticket: HashTicket, log?: HashLog): Promise<{ token: string; expiresAt: Date }> {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH, ticket, log);
  if (!user || !ok) throw new NotAuthenticatedError('Incorrect email or password.');
  return createSession(db, user.id);
}
