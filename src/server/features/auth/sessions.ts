import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import { newId } from '../../lib/ids.ts';
import { digest, newToken } from './tokens.ts';

export const SESSION_COOKIE = 'sid';
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The most of a User-Agent a session keeps (real ones are a few hundred characters). */
const USER_AGENT_MAX = 512;
/** How stale a session's last_seen_at may get: it is written at most this often, not on every admin call. */
export const SEEN_EVERY_MS = 5 * 60_000;

export interface SessionUser {
  id: string;
  email: string;
  /** The session's public id (what the Security screen names it by). */
  sessionId: string;
  /** When the session began: factors added after it do not count in its re-check (auth/recheck.ts). */
  sessionCreatedAt: string;
}

/** A signed-in session as the owner's Security screen lists it. */
export interface SessionInfo {
  id: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
}

/** Signed-in browsers kept per account; a new sign-in beyond this ends the oldest. */
export const MAX_SESSIONS = 10;

/**
 * A new session. Expired sessions (of anyone) are deleted on the way, and the account keeps its
 * MAX_SESSIONS newest, so sign-ins cannot grow the table without end.
 */
export async function createSession(
  db: Db,
  userId: string,
  userAgent = '',
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const now = nowIso();
  // Inside a caller's transaction (a password reset) the work joins it.
  const inTransaction = (work: (trx: Db) => Promise<void>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  await inTransaction(async (trx) => {
    await trx.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    await trx
      .insertInto('sessions')
      .values({
        id: digest(token),
        public_id: newId(),
        user_id: userId,
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt.toISOString(),
        user_agent: userAgent.slice(0, USER_AGENT_MAX),
      })
      .execute();
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where(
        'id',
        'not in',
        trx
          .selectFrom('sessions')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('expires_at', 'desc')
          .limit(MAX_SESSIONS),
      )
      .execute();
  });
  return { token, expiresAt };
}

/** The account and session of a token, when the session is current; `stale` says whether its last_seen_at is due to be written. */
export async function findSessionUser(db: Db, token: string): Promise<(SessionUser & { stale: boolean }) | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id as id',
      'users.email as email',
      'sessions.public_id as sessionId',
      'sessions.created_at as sessionCreatedAt',
      'sessions.expires_at as expiresAt',
      'sessions.last_seen_at as lastSeenAt',
    ])
    .where('sessions.id', '=', digest(token))
    .executeTakeFirst();
  if (!row || row.expiresAt <= nowIso()) return undefined;
  return {
    id: row.id,
    email: row.email,
    sessionId: row.sessionId,
    sessionCreatedAt: row.sessionCreatedAt,
    stale: row.lastSeenAt < seenBefore(),
  };
}

const seenBefore = () => new Date(Date.now() - SEEN_EVERY_MS).toISOString();

/**
 * Marks the session as used now, unless that was written less than SEEN_EVERY_MS ago: the condition
 * is in the UPDATE itself, so servers handling the same browser at once write it once.
 */
export async function touchSession(db: Db, token: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: nowIso() })
    .where('id', '=', digest(token))
    .where('last_seen_at', '<', seenBefore())
    .execute();
}

/** The account's current sessions, the most recently used first. */
export async function listSessions(db: Db, userId: string): Promise<SessionInfo[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['public_id', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso())
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.public_id,
    userAgent: r.user_agent,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
  }));
}

/** Ends one session of the account by its public id; NotFoundError when the account has no such session. */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<void> {
  const gone = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('public_id', '=', sessionId)
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0) throw new NotFoundError('auth.session_ended');
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', digest(token)).execute();
}

/** Ends every session of the account, or every other one (`exceptToken`); answers how many ended. */
export async function deleteUserSessions(db: Db, userId: string, exceptToken?: string): Promise<number> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptToken) q = q.where('id', '!=', digest(exceptToken));
  const gone = await q.executeTakeFirst();
  return Number(gone.numDeletedRows);
}
