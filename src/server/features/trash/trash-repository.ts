import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { imageUrl } from '../../lib/image-url.ts';
import type { CityKind, ContentTrashKind, TrashItem } from '../../../shared/history.ts';
import { forgetImages, keepImages } from '../history/history-repository.ts';

/**
 * The trash: deleted items, keyed by their own id, with the rows they were as JSON. The images
 * those rows name are kept (kept_images) until the item is restored or deleted forever.
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

const imagesIn = (s: TrashSnapshot): string[] =>
  [s.row, ...(s.details ?? [])].map((r) => r.image).filter((i): i is string => typeof i === 'string' && i !== '');

/** Puts a deleted item in the trash, in the transaction that deletes it. */
export async function putInTrash(db: Db, entry: Omit<TrashEntry, 'deletedAt'>): Promise<void> {
  await db.deleteFrom('trash').where('id', '=', entry.id).execute();
  await forgetImages(db, `trash:${entry.id}`);
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
  await keepImages(db, `trash:${entry.id}`, imagesIn(entry.snapshot));
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
 * Whether each card is a product or a portfolio entry, read from the card, else from the trash
 * (a card deleted since); a card in neither is left out. For the History screen to name the kind.
 */
export async function cardTypes(db: Db, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  for (const r of await db.selectFrom('cards').select(['id', 'type']).where('id', 'in', unique).execute())
    out.set(r.id, r.type);
  const missing = unique.filter((id) => !out.has(id));
  if (missing.length > 0) {
    const rows = await db
      .selectFrom('trash')
      .selectAll()
      .where('kind', '=', 'card')
      .where('id', 'in', missing)
      .execute();
    for (const r of rows) {
      const type = toEntry(r).snapshot.row.type;
      if (type === 'product' || type === 'portfolio') out.set(r.id, type);
    }
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

/** Takes an item out of the trash (restored or deleted forever); answers the images it kept. */
export async function removeFromTrash(db: Db, id: string): Promise<string[] | undefined> {
  const r = await db.deleteFrom('trash').where('id', '=', id).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) return undefined;
  return forgetImages(db, `trash:${id}`);
}

/** Deletes what was put in the trash before `before`; answers the images it kept, for the caller to release. */
export async function pruneTrash(db: Db, before: Date): Promise<string[]> {
  const rows = await db.selectFrom('trash').select('id').where('deleted_at', '<', before.toISOString()).execute();
  const freed: string[] = [];
  for (const { id } of rows) freed.push(...((await removeFromTrash(db, id)) ?? []));
  return freed;
}
