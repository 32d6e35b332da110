import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { assertVersion } from '../../lib/concurrency.ts';
import { ConflictError, NotFoundError } from '../../lib/domain-errors.ts';
import type { HistoryEntry, TrashItem } from '../../../shared/history.ts';
import { REQUEST_LIMITS, type RequestStatus } from '../../../shared/quote-request.ts';
import { isRequestVersion } from '../backup/values.ts';
import type { TrashSource } from '../trash/sources.ts';
import type { HistorySource } from '../history/sources.ts';

/**
 * Trash and history for quote requests (issue 35, point 5; migration 016). They stay with the
 * requests, not in the content's trash and history tables: a request's personal data is then only
 * where the requests are (a backup carries it only when asked; the retention job's delete takes a
 * request's changes with it), and the Trash and History screens list both: `requestTrash` and
 * `requestHistory` are their sources (trash/sources.ts, history/sources.ts).
 */

/** A request's status and notes as a change keeps them. */
interface RequestVersion {
  status: RequestStatus;
  notes: string;
  updatedAt: string;
}

/** The fields of a request a change may change. */
const FIELDS = ['status', 'notes'] as const;
const changedFields = (before: RequestVersion, after: RequestVersion): string[] =>
  FIELDS.filter((f) => before[f] !== after[f]);

/** What the Trash and History screens call a request: its reference and the name it was sent with. */
const titleOf = (r: { reference: string; name: string }) => `${r.reference} · ${r.name}`;

/** Puts a request in the Trash (kept, with its photos, until restored or deleted forever). False when there is none to delete. */
export async function trashRequest(db: Db, id: string, actor: string): Promise<boolean> {
  const r = await db
    .updateTable('requests')
    .set({ deleted_at: nowIso(), deleted_by: actor })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Whether a request is in the Trash. */
async function isTrashedRequest(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('requests')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes a request out of the Trash, as it was. */
async function restoreTrashedRequest(db: Db, id: string): Promise<void> {
  const r = await db
    .updateTable('requests')
    .set({ deleted_at: null, deleted_by: '' })
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new NotFoundError('trash.not_in_trash');
}

/** Deletes a trashed request for good, with its photos and its changes (the foreign keys). */
async function purgeTrashedRequest(db: Db, id: string): Promise<void> {
  const r = await db.deleteFrom('requests').where('id', '=', id).where('deleted_at', 'is not', null).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw new NotFoundError('trash.not_in_trash');
}

/** Deletes the requests put in the Trash before `before` (the hourly job, after TRASH_DAYS). */
export async function pruneTrashedRequests(db: Db, before: Date): Promise<number> {
  const r = await db.deleteFrom('requests').where('deleted_at', '<', before.toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Forgets the owner's changes made before `before` (HISTORY_DAYS, as the content's history). */
export async function pruneRequestChanges(db: Db, before: Date): Promise<number> {
  const r = await db.deleteFrom('request_changes').where('changed_at', '<', before.toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The trashed requests as the Trash screen lists them. */
async function listTrashedRequests(db: Db, keptDays: number): Promise<TrashItem[]> {
  const rows = await db
    .selectFrom('requests')
    .select(['id', 'reference', 'name', 'city', 'photo_count', 'deleted_at', 'deleted_by'])
    .where('deleted_at', 'is not', null)
    .orderBy('deleted_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: 'request',
    title: titleOf(r),
    subtitle: r.city,
    image: '',
    imageUrl: Number(r.photo_count) > 0 ? `/api/requests/${encodeURIComponent(r.id)}/photos/1` : '',
    items: 0,
    deletedBy: r.deleted_by,
    deletedAt: r.deleted_at!,
    expiresAt: new Date(Date.parse(r.deleted_at!) + keptDays * 86_400_000).toISOString(),
  }));
}

/**
 * Sets a request's status or notes and keeps the change (the version it replaced), in one
 * transaction; the oldest changes beyond REQUEST_LIMITS.changesKept go. Answers false when there is
 * no such request (or it is in the Trash); a change that changes nothing is not kept.
 */
export async function changeRequest(
  db: Db,
  id: string,
  change: { status?: RequestStatus; notes?: string },
  actor: string,
  expected?: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('requests')
      .select(['status', 'notes', 'updated_at', 'reference', 'name'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return false;
    assertVersion(expected, row.updated_at);
    const before: RequestVersion = {
      status: row.status as RequestStatus,
      notes: row.notes,
      updatedAt: row.updated_at,
    };
    const now = nowIso();
    // Two changes in one millisecond would keep one updatedAt: a later one is always later.
    const updatedAt = now > row.updated_at ? now : new Date(Date.parse(row.updated_at) + 1).toISOString();
    const after: RequestVersion = {
      status: change.status ?? before.status,
      notes: change.notes ?? before.notes,
      updatedAt,
    };
    if (changedFields(before, after).length === 0) return true;
    await trx
      .updateTable('requests')
      .set({ status: after.status, notes: after.notes, updated_at: updatedAt })
      .where('id', '=', id)
      .execute();
    await trx
      .insertInto('request_changes')
      .values({
        id: newId(),
        request_id: id,
        changed_at: updatedAt,
        changed_by: actor,
        before: JSON.stringify(before),
        after: JSON.stringify(after),
      })
      .execute();
    const kept = await trx
      .selectFrom('request_changes')
      .select('id')
      .where('request_id', '=', id)
      .orderBy('changed_at', 'desc')
      .orderBy('id', 'desc')
      .offset(REQUEST_LIMITS.changesKept)
      .limit(1_000)
      .execute();
    if (kept.length > 0)
      await trx
        .deleteFrom('request_changes')
        .where(
          'id',
          'in',
          kept.map((k) => k.id),
        )
        .execute();
    return true;
  });
}

/** The owner's changes to requests as the History screen lists them, newest first. */
async function listRequestChanges(db: Db, filter: { item?: string; limit: number }): Promise<HistoryEntry[]> {
  let query = db
    .selectFrom('request_changes')
    .innerJoin('requests', 'requests.id', 'request_changes.request_id')
    .select([
      'request_changes.id as id',
      'request_changes.request_id as request_id',
      'request_changes.changed_at as changed_at',
      'request_changes.changed_by as changed_by',
      'request_changes.before as before',
      'request_changes.after as after',
      'requests.reference as reference',
      'requests.name as name',
    ])
    .orderBy('request_changes.changed_at', 'desc')
    .orderBy('request_changes.id', 'desc')
    .limit(filter.limit);
  if (filter.item) query = query.where('request_changes.request_id', '=', filter.item);
  const rows = await query.execute();
  return rows.map((r) => {
    const before = JSON.parse(r.before) as RequestVersion;
    const after = JSON.parse(r.after) as RequestVersion;
    return {
      id: r.id,
      kind: 'request',
      itemId: r.request_id,
      title: titleOf(r),
      fields: changedFields(before, after),
      before: { ...before },
      after: { ...after },
      changedBy: r.changed_by,
      changedAt: r.changed_at,
    };
  });
}

/** Whether a history id is a change of a request. */
async function isRequestChange(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('request_changes').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/**
 * Brings a request's status and notes back to what a change replaced; `expected` is the request's
 * updatedAt as the owner read it (409 when it changed since). The restore is itself a change.
 */
async function restoreRequestChange(
  db: Db,
  changeId: string,
  expected: string | undefined,
  actor: string,
): Promise<void> {
  const row = await db
    .selectFrom('request_changes')
    .select(['request_id', 'before'])
    .where('id', '=', changeId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('history.not_kept');
  if (!isRequestVersion(row.before)) throw new ConflictError('history.damaged');
  const before = JSON.parse(row.before) as RequestVersion;
  const done = await changeRequest(db, row.request_id, { status: before.status, notes: before.notes }, actor, expected);
  if (!done) throw new ConflictError('request.in_trash');
}

/** The requests' updatedAt, for the History screen's "current" column. */
async function requestVersions(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('requests')
    .select(['id', 'updated_at'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.updated_at]));
}

/** The Trash screen's source for requests. */
export const requestTrash: TrashSource = {
  list: listTrashedRequests,
  owns: isTrashedRequest,
  restore: async (deps, id) => {
    await restoreTrashedRequest(deps.db, id);
    return undefined;
  },
  purge: (deps, id) => purgeTrashedRequest(deps.db, id),
};

/** The History screen's source for requests: the owner's changes of their status and notes. */
export const requestHistory: HistorySource = {
  kinds: ['request'],
  list: (db, { item, limit }) => listRequestChanges(db, { item, limit }),
  owns: isRequestChange,
  current: async (db, entries) => {
    const now = await requestVersions(
      db,
      entries.map((e) => e.itemId),
    );
    return new Map([...now].map(([id, at]) => [`request:${id}`, at]));
  },
  restore: async (deps, id, expected, actor) => {
    await restoreRequestChange(deps.db, id, expected, actor);
    return undefined;
  },
};
