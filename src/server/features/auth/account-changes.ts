import type { Db } from '../../db/database.ts';
import { nextUpdatedAt, nowIso } from '../../db/database.ts';
import { NotAllowedError, NotAuthenticatedError, NotFoundError } from '../../lib/domain-errors.ts';
import { newId } from '../../lib/ids.ts';
import type { PasskeyRow } from './passkeys.ts';
import { deleteUserSessions } from './sessions.ts';
import { digest, newToken } from './tokens.ts';

/**
 * Changes to how the owner signs in, each emailed to the owner with a link that undoes it. The link
 * works for UNDO_DAYS, once, until a session that began before the change confirms it: opening it
 * ends every session of the account and undoes this change and every later one not confirmed
 * (newest first), so whoever made them with a stolen session is out and the account is as before.
 */
export type ChangeKind =
  | 'passkey-added'
  | 'passkey-removed'
  | 'totp-added'
  | 'totp-removed'
  | 'recovery-codes-replaced'
  | 'sessions-ended'
  | 'password-changed'
  | 'email-changed';

type RecoveryRow = { id: string; code_hash: string; used_at: string | null; created_at: string };
type TotpRow = { secret: string; confirmed_at: string | null; last_step: number | string | null; created_at: string };

/** What undoing a change puts back. */
export type Undo =
  | { kind: 'passkey-added'; passkeyId: string; recoveryBefore?: RecoveryRow[] }
  | { kind: 'passkey-removed'; passkey: PasskeyRow; recoveryBefore?: RecoveryRow[] }
  | { kind: 'totp-added'; recoveryBefore?: RecoveryRow[] }
  | { kind: 'totp-removed'; totp: TotpRow; recoveryBefore?: RecoveryRow[] }
  | { kind: 'recovery-codes-replaced'; recoveryBefore: RecoveryRow[] }
  | { kind: 'sessions-ended' }
  | { kind: 'password-changed'; passwordHash: string }
  | { kind: 'email-changed'; email: string };

/** What the owner is shown of a change. */
export interface ChangeDetail {
  name?: string;
  email?: string;
}

export const UNDO_DAYS = 7;
const UNDO_TTL_MS = UNDO_DAYS * 24 * 60 * 60_000;
/** Changes kept per account: each needs the re-check, so only the owner (or whoever has the password) makes them. */
const MAX_KEPT = 50;

export interface PendingChange {
  id: string;
  kind: ChangeKind;
  detail: ChangeDetail;
  createdAt: string;
  expiresAt: string;
  canConfirm: boolean;
}

/** Records a change made by the session `sessionId`; answers the token of its undo link. */
export async function recordChange(
  db: Db,
  userId: string,
  sessionId: string,
  undo: Undo,
  detail: ChangeDetail = {},
): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db.deleteFrom('account_changes').where('expires_at', '<=', new Date(now).toISOString()).execute();
  await db
    .insertInto('account_changes')
    .values({
      id: newId(),
      user_id: userId,
      kind: undo.kind,
      detail: JSON.stringify(detail),
      undo: JSON.stringify(undo),
      undo_token_hash: digest(token),
      session_id: sessionId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + UNDO_TTL_MS).toISOString(),
      confirmed_at: null,
      undone_at: null,
    })
    .execute();
  await db
    .deleteFrom('account_changes')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      db
        .selectFrom('account_changes')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(MAX_KEPT),
    )
    .execute();
  return token;
}

/** Changes whose undo link still works, newest first; `canConfirm` when the session that asks began before the change. */
export async function pendingChanges(db: Db, userId: string, sessionCreatedAt: string): Promise<PendingChange[]> {
  const rows = await db
    .selectFrom('account_changes')
    .select(['id', 'kind', 'detail', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .where('undone_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as ChangeKind,
    detail: JSON.parse(r.detail) as ChangeDetail,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    canConfirm: sessionCreatedAt < r.created_at,
  }));
}

/** Confirms a change from a session begun before it: its undo link stops working. */
export async function confirmChange(db: Db, userId: string, id: string, sessionCreatedAt: string): Promise<void> {
  const row = await db
    .selectFrom('account_changes')
    .select(['created_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .where('undone_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  if (!row) throw new NotFoundError('change.not_waiting');
  if (!(sessionCreatedAt < row.created_at)) throw new NotAllowedError('change.newer_session');
  await db
    .updateTable('account_changes')
    .set({ confirmed_at: nowIso() })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .execute();
}

/**
 * Opens an undo link: ends every session of the account, and undoes its change and every later
 * one not confirmed, newest first. Answers the account and the kinds undone, newest first.
 */
export async function undoChange(
  db: Db,
  token: string,
): Promise<{ userId: string; email: string; undone: ChangeKind[] }> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const first = await trx
      .selectFrom('account_changes')
      .select(['user_id', 'created_at'])
      .where('undo_token_hash', '=', digest(token))
      .where('confirmed_at', 'is', null)
      .where('undone_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!first) throw new NotAuthenticatedError('change.link_gone');
    // Touching the user row serialises two links opened at once (a row lock on PostgreSQL, the write lock on SQLite).
    await trx
      .updateTable('users')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', first.user_id)
      .execute();
    const rows = await trx
      .selectFrom('account_changes')
      .select(['id', 'undo'])
      .where('user_id', '=', first.user_id)
      .where('created_at', '>=', first.created_at)
      .where('confirmed_at', 'is', null)
      .where('undone_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const undone: ChangeKind[] = [];
    for (const row of rows) {
      const undo = JSON.parse(row.undo) as Undo;
      await revert(trx, first.user_id, undo);
      undone.push(undo.kind);
    }
    await trx
      .updateTable('account_changes')
      .set({ undone_at: now })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    await deleteUserSessions(trx, first.user_id);
    await trx.deleteFrom('sign_in_steps').where('user_id', '=', first.user_id).execute();
    const user = await trx
      .selectFrom('users')
      .select('email')
      .where('id', '=', first.user_id)
      .executeTakeFirstOrThrow();
    return { userId: first.user_id, email: user.email, undone };
  });
}

async function putBackRecoveryCodes(trx: Db, userId: string, rows: RecoveryRow[] | undefined): Promise<void> {
  if (!rows) return;
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (rows.length > 0)
    await trx
      .insertInto('recovery_codes')
      .values(rows.map((r) => ({ ...r, user_id: userId })))
      .execute();
}

async function revert(trx: Db, userId: string, undo: Undo): Promise<void> {
  switch (undo.kind) {
    case 'passkey-added':
      await trx.deleteFrom('passkeys').where('user_id', '=', userId).where('id', '=', undo.passkeyId).execute();
      return putBackRecoveryCodes(trx, userId, undo.recoveryBefore);
    case 'passkey-removed': {
      const taken = await trx
        .selectFrom('passkeys')
        .select('id')
        .where('credential_id', '=', undo.passkey.credential_id)
        .executeTakeFirst();
      if (!taken)
        await trx
          .insertInto('passkeys')
          .values({ ...undo.passkey, user_id: userId })
          .execute();
      return putBackRecoveryCodes(trx, userId, undo.recoveryBefore);
    }
    case 'totp-added':
      await trx.deleteFrom('totp_factors').where('user_id', '=', userId).execute();
      return putBackRecoveryCodes(trx, userId, undo.recoveryBefore);
    case 'totp-removed':
      await trx.deleteFrom('totp_factors').where('user_id', '=', userId).execute();
      await trx
        .insertInto('totp_factors')
        .values({
          ...undo.totp,
          last_step: undo.totp.last_step === null ? null : Number(undo.totp.last_step),
          user_id: userId,
        })
        .execute();
      return putBackRecoveryCodes(trx, userId, undo.recoveryBefore);
    case 'recovery-codes-replaced':
      return putBackRecoveryCodes(trx, userId, undo.recoveryBefore);
    case 'sessions-ended':
      return;
    case 'password-changed': {
      const user = await trx
        .selectFrom('users')
        .select('updated_at')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ password_hash: undo.passwordHash, updated_at: nextUpdatedAt(user.updated_at) })
        .where('id', '=', userId)
        .execute();
      await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
      return;
    }
    case 'email-changed': {
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', undo.email)
        .where('id', '!=', userId)
        .executeTakeFirst();
      if (taken) return;
      const user = await trx
        .selectFrom('users')
        .select('updated_at')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ email: undo.email, updated_at: nextUpdatedAt(user.updated_at) })
        .where('id', '=', userId)
        .execute();
      return;
    }
  }
}
