import type { Selectable } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import type { SlidesTable } from '../../db/schema.ts';
import { imageUrl } from '../../lib/image-url.ts';
import type { Slide } from '../../../shared/schemas.ts';

export type SlideDirection = 'up' | 'down';
export type SlideRow = Selectable<SlidesTable>;
export type MoveResult = 'moved' | 'at-start' | 'at-end';

export function toSlide(row: SlideRow): Slide {
  return {
    _id: row.id,
    title: row.title,
    details: row.details,
    titleEn: row.title_en,
    detailsEn: row.details_en,
    imageUrl: imageUrl(row.image),
    image: row.image,
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every slide in display order (position 0 first). */
export async function listSlides(db: Db): Promise<Slide[]> {
  const rows = await db.selectFrom('slides').selectAll().orderBy('position').execute();
  return rows.map(toSlide);
}

/**
 * Takes the 'slides' lock row first, so order-changing writes queue behind each other:
 * a row lock on PostgreSQL, the database write lock on SQLite.
 */
export async function lockSlideOrder(trx: Tx): Promise<void> {
  await trx
    .updateTable('locks')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('name', '=', 'slides')
    .execute();
}

export async function findSlideRow(db: Db, id: string): Promise<SlideRow | undefined> {
  return db.selectFrom('slides').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Appends a slide at the end of the order; the caller holds the order lock (lockSlideOrder). */
export async function appendSlideRow(trx: Tx, row: Omit<SlideRow, 'position'>): Promise<SlideRow> {
  const { count } = await trx
    .selectFrom('slides')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const stored = { ...row, position: Number(count) };
  await trx.insertInto('slides').values(stored).execute();
  return stored;
}

export type SlideChanges = Pick<SlideRow, 'title' | 'details' | 'title_en' | 'details_en' | 'image' | 'updated_at'>;

/**
 * Compare-and-set on updated_at: of two edits that read the same version, only the first lands.
 * Answers how many rows changed (0: the slide changed or vanished since it was read).
 */
export async function updateSlideRow(
  db: Db,
  id: string,
  changes: SlideChanges,
  onlyIfUpdatedAt?: string,
): Promise<{ numUpdatedRows: bigint }> {
  let q = db.updateTable('slides').set(changes).where('id', '=', id);
  if (onlyIfUpdatedAt !== undefined) q = q.where('updated_at', '=', onlyIfUpdatedAt);
  return q.executeTakeFirst();
}

/**
 * Deletes a slide and closes the gap it leaves; answers its image name, or undefined when not found.
 * The caller holds the order lock.
 */
export async function deleteSlideRow(trx: Tx, id: string): Promise<string | undefined> {
  const row = await trx.deleteFrom('slides').where('id', '=', id).returning(['image', 'position']).executeTakeFirst();
  if (!row) return undefined;
  // Two steps through negative numbers: a single "position - 1" can collide with the
  // UNIQUE constraint mid-statement, since both engines check it row by row.
  await trx
    .updateTable('slides')
    .set((eb) => ({ position: eb(eb.neg(eb.ref('position')), '-', 1) }))
    .where('position', '>', row.position)
    .execute();
  await trx
    .updateTable('slides')
    .set((eb) => ({ position: eb(eb.neg(eb.ref('position')), '-', 2) }))
    .where('position', '<', 0)
    .execute();
  return row.image;
}

/**
 * Swaps a slide with its neighbour. `down` moves it one place earlier (towards position 0),
 * `up` one place later, as the admin's buttons expect. Undefined when the slide does not exist.
 * The slide's updatedAt is left alone: order is not part of what the edit form guards.
 * The caller holds the order lock.
 */
export async function moveSlideRow(trx: Tx, id: string, direction: SlideDirection): Promise<MoveResult | undefined> {
  const row = await trx.selectFrom('slides').select(['id', 'position']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const target = direction === 'down' ? row.position - 1 : row.position + 1;
  const neighbour = await trx.selectFrom('slides').select('id').where('position', '=', target).executeTakeFirst();
  if (!neighbour) return direction === 'down' ? 'at-start' : 'at-end';
  await trx.updateTable('slides').set({ position: -1 }).where('id', '=', row.id).execute();
  await trx.updateTable('slides').set({ position: row.position }).where('id', '=', neighbour.id).execute();
  await trx.updateTable('slides').set({ position: target }).where('id', '=', row.id).execute();
  return 'moved';
}

/**
 * Moves a slide to `position` (0 = first; past the end = last), the slides between moving one place
 * to close the gap; answers where it was and where it is, undefined when the slide does not exist.
 * As deleteSlideRow does, through negative numbers (the moved slide waits at one below them all),
 * so the UNIQUE position is never held twice. The caller holds the order lock.
 */
export async function placeSlideRow(
  trx: Tx,
  id: string,
  position: number,
): Promise<{ from: number; to: number } | undefined> {
  const row = await trx.selectFrom('slides').select('position').where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const { count } = await trx
    .selectFrom('slides')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const from = row.position;
  const to = Math.min(Math.max(0, Math.trunc(position)), Number(count) - 1);
  if (to === from) return { from, to };
  await trx
    .updateTable('slides')
    .set({ position: -Number(count) - 2 })
    .where('id', '=', id)
    .execute();
  if (to < from) {
    // [to, from - 1] move one place later: p → -p - 2 → p + 1.
    await trx
      .updateTable('slides')
      .set((eb) => ({ position: eb(eb.neg(eb.ref('position')), '-', 2) }))
      .where('position', '>=', to)
      .where('position', '<', from)
      .execute();
  } else {
    // [from + 1, to] move one place earlier: p → -p → p - 1.
    await trx
      .updateTable('slides')
      .set((eb) => ({ position: eb.neg(eb.ref('position')) }))
      .where('position', '>', from)
      .where('position', '<=', to)
      .execute();
  }
  await trx
    .updateTable('slides')
    .set((eb) => ({ position: eb(eb.neg(eb.ref('position')), '-', 1) }))
    .where('position', '<', 0)
    .where('id', '!=', id)
    .execute();
  await trx.updateTable('slides').set({ position: to }).where('id', '=', id).execute();
  return { from, to };
}

/**
 * Puts a slide back at `position` (the ones from there on move one place later), or last when the
 * order is shorter now; answers the row as stored. The caller holds the order lock.
 */
export async function insertSlideAt(trx: Tx, row: SlideRow): Promise<SlideRow> {
  const { count } = await trx
    .selectFrom('slides')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const position = Math.min(Math.max(0, row.position), Number(count));
  // Through negative numbers, as deleteSlideRow does: p becomes -p - 1, then p + 1.
  await trx
    .updateTable('slides')
    .set((eb) => ({ position: eb(eb.neg(eb.ref('position')), '-', 1) }))
    .where('position', '>=', position)
    .execute();
  await trx
    .updateTable('slides')
    .set((eb) => ({ position: eb.neg(eb.ref('position')) }))
    .where('position', '<', 0)
    .execute();
  const stored = { ...row, position };
  await trx.insertInto('slides').values(stored).execute();
  return stored;
}

/**
 * The order a deleted slide remembers (issue 30): the ids of the slides, the live ones in their
 * order and those in the trash where they were, the slide being deleted among them. It starts from
 * what the slide deleted last remembered (which holds every slide deleted before it) and puts each
 * slide still in the trash after the one it followed there; slides restored, added or moved since
 * are where they are now. A restore places the slide after the live slides that came before it in
 * this order (restoredPosition), so slides deleted one after another come back to the order they had
 * before the deletions, whatever the order they are restored in. The caller holds the order lock.
 */
export async function orderWithTrash(trx: Tx): Promise<string[]> {
  const live = (await trx.selectFrom('slides').select('id').orderBy('position').execute()).map((r) => r.id);
  const trashed = await trx
    .selectFrom('trash')
    .select(['id', 'snapshot'])
    .where('kind', '=', 'slide')
    .orderBy('deleted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (trashed.length === 0) return live;
  const inTrash = new Set(trashed.map((t) => t.id));
  const remembered = rememberedOrder(trashed[0]!.snapshot);
  const order = [...live];
  let after: string | undefined;
  for (const id of remembered) {
    if (inTrash.has(id) && !order.includes(id)) order.splice(after === undefined ? 0 : order.indexOf(after) + 1, 0, id);
    if (order.includes(id)) after = id;
  }
  return order;
}

/** The order a trashed slide's snapshot remembers ([] for one deleted before slides remembered it). */
export function rememberedOrder(snapshot: string | { order?: unknown }): string[] {
  let value: unknown = snapshot;
  if (typeof snapshot === 'string') {
    try {
      value = JSON.parse(snapshot);
    } catch {
      return [];
    }
  }
  const order = (value as { order?: unknown } | null)?.order;
  return Array.isArray(order) ? order.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Where a slide deleted with `order` goes back: after the last live slide that came before it then
 * (first when none did); its old position for a slide that remembers no order.
 */
export async function restoredPosition(trx: Tx, id: string, order: string[], oldPosition: number): Promise<number> {
  const at = order.indexOf(id);
  if (at === -1) return oldPosition;
  const live = (await trx.selectFrom('slides').select('id').orderBy('position').execute()).map((r) => r.id);
  const before = new Set(order.slice(0, at));
  let position = 0;
  live.forEach((other, i) => {
    if (before.has(other)) position = i + 1;
  });
  return position;
}
