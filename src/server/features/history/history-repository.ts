import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { CityKind, ContentHistoryKind, HistoryEntry, Version } from '../../../shared/history.ts';

/**
 * The history of content: one row per change, with the version it replaced and the one it made
 * (camelCase JSON, the API's field names; null = the item was absent). The images a version names
 * are kept (kept_images) as long as the row is.
 */

export interface Change {
  kind: ContentHistoryKind | CityKind;
  itemId: string;
  title: string;
  before: Version | null;
  after: Version | null;
  actor: string;
}

/** The fields whose values differ between two versions (updatedAt, the version itself, aside). */
export function changedFields(before: Version | null, after: Version | null): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  keys.delete('updatedAt');
  return [...keys].filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]));
}

/** Images a version names. */
export const imagesOf = (v: Version | null): string[] =>
  typeof v?.image === 'string' && v.image !== '' ? [v.image] : [];

/** Keeps the stored images `names` until the owner row goes (forgetImages); history-service.ts picks the stored ones. */
export async function keepImageRows(db: Db, owner: string, names: string[]): Promise<void> {
  for (const name of names) {
    await db
      .insertInto('kept_images')
      .values({ owner, image: name })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Stops keeping an owner's images; answers them, for the caller to release after its commit. */
export async function forgetImages(db: Db, owner: string): Promise<string[]> {
  const rows = await db.deleteFrom('kept_images').where('owner', '=', owner).returning('image').execute();
  return rows.map((r) => r.image);
}

/** HISTORY_VERSIONS of the running site (set when the app is built; the environment's default until then). */
let versionsKept = 50;

/** Sets how many versions of one item the history keeps at most (HISTORY_VERSIONS). */
export function keepVersions(count: number): void {
  versionsKept = count;
}

/**
 * Deletes the versions of one item beyond the `keep` newest, in the caller's transaction: the bound
 * holds for every kind of item (a card, a slide, the contact details saved 500 times in an hour)
 * from the write on, not only after the hourly job. Their images are released by the sweep.
 */
export async function trimVersions(db: Db, kind: Change['kind'], itemId: string): Promise<void> {
  const keep = versionsKept;
  const beyond = await newestFirst(db, kind, itemId).limit(1000).offset(keep).execute();
  for (const { id } of beyond) {
    await forgetImages(db, `history:${id}`);
    await db.deleteFrom('history').where('id', '=', id).execute();
  }
}

/** Writes one change's row (its changed `fields` worked out by the caller); answers its id. */
export async function insertHistoryRow(db: Db, change: Change, fields: string[]): Promise<string> {
  const id = newId();
  await db
    .insertInto('history')
    .values({
      id,
      kind: change.kind,
      item_id: change.itemId,
      title: change.title,
      fields: JSON.stringify(fields),
      before: change.before ? JSON.stringify(change.before) : null,
      after: change.after ? JSON.stringify(change.after) : null,
      changed_by: change.actor,
      created_at: nowIso(),
    })
    .execute();
  return id;
}

type HistoryRow = {
  id: string;
  kind: string;
  item_id: string;
  title: string;
  fields: string;
  before: string | null;
  after: string | null;
  changed_by: string;
  created_at: string;
};

function toHistoryEntry(row: HistoryRow): HistoryEntry {
  return {
    id: row.id,
    kind: row.kind as Change['kind'],
    itemId: row.item_id,
    title: row.title,
    fields: JSON.parse(row.fields) as string[],
    before: row.before === null ? null : (JSON.parse(row.before) as Version),
    after: row.after === null ? null : (JSON.parse(row.after) as Version),
    changedBy: row.changed_by,
    changedAt: row.created_at,
  };
}

export async function findHistory(db: Db, id: string): Promise<HistoryEntry | undefined> {
  const row = await db.selectFrom('history').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toHistoryEntry(row) : undefined;
}

/** Changes of `kinds` newest first, of one item when `item` is given; at most `limit`. */
export async function listHistory(
  db: Db,
  filter: { kinds: readonly string[]; item?: string | undefined; limit: number },
): Promise<HistoryEntry[]> {
  let q = db
    .selectFrom('history')
    .selectAll()
    .where('kind', 'in', [...filter.kinds]);
  if (filter.item) q = q.where('item_id', '=', filter.item);
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map(toHistoryEntry);
}

/**
 * Deletes the versions nothing keeps any more: older than `before` and not among the `keep` newest
 * of their item. Answers the images they kept, for the caller to release.
 */
export async function pruneHistory(db: Db, before: Date, keep: number): Promise<string[]> {
  const old = await db
    .selectFrom('history as h')
    .select('h.id')
    .where('h.created_at', '<', before.toISOString())
    .where((eb) =>
      eb(
        eb
          .selectFrom('history as n')
          .select((n) => n.fn.countAll<number>().as('c'))
          .whereRef('n.kind', '=', 'h.kind')
          .whereRef('n.item_id', '=', 'h.item_id')
          .where((n) =>
            n.or([
              n('n.created_at', '>', n.ref('h.created_at')),
              n.and([n('n.created_at', '=', n.ref('h.created_at')), n('n.id', '>', n.ref('h.id'))]),
            ]),
          ),
        '>=',
        keep,
      ),
    )
    .execute();
  const freed: string[] = [];
  for (const { id } of old) {
    freed.push(...(await forgetImages(db, `history:${id}`)));
    await db.deleteFrom('history').where('id', '=', id).execute();
  }
  return freed;
}

/**
 * Deletes every version of the items `itemIds` of `kinds` (an item deleted forever goes with its
 * history); answers the images they kept, for the caller to release after its commit.
 */
export async function deleteHistoryOf(db: Db, kinds: readonly string[], itemIds: string[]): Promise<string[]> {
  if (itemIds.length === 0) return [];
  const gone = await db
    .deleteFrom('history')
    .where('item_id', 'in', itemIds)
    .where('kind', 'in', [...kinds])
    .returning('id')
    .execute();
  const freed: string[] = [];
  for (const h of gone) freed.push(...(await forgetImages(db, `history:${h.id}`)));
  return freed;
}

/** The id of the item's newest history entry (what a restore that saved through the feature's own save answers). */
export async function latestChangeOf(db: Db, kind: string, itemId: string): Promise<string | undefined> {
  return (await newestFirst(db, kind, itemId).executeTakeFirst())?.id;
}

/** The ids of one item's history entries, newest first. */
const newestFirst = (db: Db, kind: string, itemId: string) =>
  db
    .selectFrom('history')
    .select('id')
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
