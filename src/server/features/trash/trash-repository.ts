import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { imageUrl } from '../../lib/image-url.ts';
import type { CityKind, ContentTrashKind, TrashItem } from '../../../shared/history.ts';

/**
 * The trash: deleted items, keyed by their own id, with the rows they were as JSON. The images
 * those rows name are kept (kept_images, the history's table) until the item is restored or
 * deleted forever: trash-service.ts keeps and releases them around the rows written here.
 */

interface TrashSnapshot {
  /** The item's row as it was stored (column names). */
  row: Record<string, unknown>;
  /** A card's detail items, deleted with it. */
  details?: Record<string, unknown>[];
  /** A detail item's card title, for the Trash screen. */
  cardTitle?: string;
  /** A slide's: the ids of the slides in order when it was deleted, those in the trash included (slides-repository.ts). */
  order?: string[];
  /** A city's: the ids of the projects that named it when it was deleted (city-history.ts). */
  projectIds?: string[];
}

export interface TrashEntry {
  id: string;
  kind: ContentTrashKind | CityKind;
  title: string;
  image: string;
  snapshot: TrashSnapshot;
  deletedBy: string;
  deletedAt: string;
}

/** The images a snapshot's rows name (the item's and its detail items'). */
export const imagesIn = (s: TrashSnapshot): string[] =>
  [s.row, ...(s.details ?? [])].map((r) => r.image).filter((i): i is string => typeof i === 'string' && i !== '');

/** Writes a deleted item's row, replacing one of the same id; the caller's transaction keeps its images. */
export async function insertTrashRow(db: Db, entry: Omit<TrashEntry, 'deletedAt'>): Promise<void> {
  await db.deleteFrom('trash').where('id', '=', entry.id).execute();
  await db
    .insertInto('trash')
    .values({
      id: entry.id,
      kind: entry.kind,
      title: entry.title,
      image: entry.image,
      snapshot: JSON.stringify(entry.snapshot),
      deleted_by: entry.deletedBy,
      deleted_at: nowIso(),
    })
    .execute();
}

type TrashRow = {
  id: string;
  kind: string;
  title: string;
  image: string;
  snapshot: string;
  deleted_by: string;
  deleted_at: string;
};

const toEntry = (r: TrashRow): TrashEntry => ({
  id: r.id,
  kind: r.kind as TrashEntry['kind'],
  title: r.title,
  image: r.image,
  snapshot: JSON.parse(r.snapshot) as TrashSnapshot,
  deletedBy: r.deleted_by,
  deletedAt: r.deleted_at,
});

export async function findInTrash(db: Db, id: string): Promise<TrashEntry | undefined> {
  const row = await db.selectFrom('trash').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toEntry(row) : undefined;
}

/**
 * Whether each of the cards `ids` in the trash is a product or a portfolio entry, read from its
 * snapshot; a card not in the trash is left out (history/card-types.ts asks the cards first).
 */
export async function trashedCardTypes(db: Db, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  const rows = await db.selectFrom('trash').selectAll().where('kind', '=', 'card').where('id', 'in', ids).execute();
  for (const r of rows) {
    const type = toEntry(r).snapshot.row.type;
    if (type === 'product' || type === 'portfolio') out.set(r.id, type);
  }
  return out;
}

/** The trashed items of `kinds` as the Trash screen lists them, most recently deleted first. */
export async function listTrash(db: Db, keptDays: number, kinds: readonly string[]): Promise<TrashItem[]> {
  const rows = await db
    .selectFrom('trash')
    .selectAll()
    .where('kind', 'in', [...kinds])
    .orderBy('deleted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => {
    const e = toEntry(r);
    const subtitle =
      e.kind === 'card'
        ? String(e.snapshot.row.type ?? '')
        : e.kind === 'detail'
          ? (e.snapshot.cardTitle ?? '')
          : e.kind === 'city'
            ? String(e.snapshot.row.slug ?? '')
            : '';
    return {
      id: e.id,
      kind: e.kind,
      title: e.title,
      subtitle,
      image: e.image,
      imageUrl: e.image ? imageUrl(e.image) : '',
      items: e.snapshot.details?.length ?? 0,
      deletedBy: e.deletedBy,
      deletedAt: e.deletedAt,
      expiresAt: new Date(Date.parse(e.deletedAt) + keptDays * 86_400_000).toISOString(),
    };
  });
}

/** Deletes a trashed item's row; false when there was none. */
export async function deleteTrashRow(db: Db, id: string): Promise<boolean> {
  const r = await db.deleteFrom('trash').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The ids of what was put in the trash before `before`. */
export async function trashedBefore(db: Db, before: Date): Promise<string[]> {
  const rows = await db.selectFrom('trash').select('id').where('deleted_at', '<', before.toISOString()).execute();
  return rows.map((r) => r.id);
}
