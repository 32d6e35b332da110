import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { digest, newToken } from './tokens.ts';

export const SESSION_COOKIE = 'sid';
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionUser { id: string; email: string }

/** Signed-in browsers kept per account; a new sign-in beyond this ends the oldest. */
export const MAX_SESSIONS = 10;

/**
 * A new session. Expired sessions (of anyone) are deleted on the way, and the account keeps its
 * MAX_SESSIONS newest, so sign-ins cannot grow the table without end.
 */
export async function createSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  // Inside a caller's transaction (a password reset) the work joins it.
  const inTransaction = (work: (trx: Db) => Promise<void>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  await inTransaction(async (trx) => {
    await trx.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
    await trx.insertInto('sessions').values({ id: digest(token), user_id: userId, created_at: nowIso(), expires_at: expiresAt.toISOString() }).execute();
    await trx.deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id', 'not in', trx.selectFrom('sessions').select('id').where('user_id', '=', userId)
        .orderBy('created_at', 'desc').orderBy('expires_at', 'desc').limit(MAX_SESSIONS))
      .execute();
  });
  return { token, expiresAt };
}

export async function findSessionUser(db: Db, token: string): Promise<SessionUser | undefined> {
  const row = await db.selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id as id', 'users.email as email', 'sessions.expires_at as expiresAt'])
    .where('sessions.id', '=', digest(token))
    .executeTakeFirst();
  if (!row || row.expiresAt <= nowIso()) return undefined;
  return { id: row.id, email: row.email };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', digest(token)).execute();
}

export async function deleteUserSessions(db: Db, userId: string, exceptToken?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptToken) q = q.where('id', '!=', digest(exceptToken));
  await q.execute();
}
