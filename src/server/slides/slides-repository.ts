import type { Selectable } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import { nextUpdatedAt, nowIso } from '../db/database.ts';
import type { SlidesTable } from '../db/schema.ts';
import { refusingGoneImage } from '../images/image-references.ts';
import { imageUrl } from '../images/image-store.ts';
import { assertSwapped, assertVersion } from '../lib/concurrency.ts';
import { badRequest } from '../lib/http-error.ts';
import { englishPair } from '../lib/english.ts';
import { newId } from '../lib/ids.ts';
import type { Slide } from '../../shared/schemas.ts';

export type SlideDirection = 'up' | 'down';
/** Slide text as written: Arabic required, English optional (omitted on an edit = keep the stored English). */
export interface SlideText { title: string; details: string; titleEn?: string | undefined; detailsEn?: string | undefined }
export type MoveResult = 'moved' | 'at-start' | 'at-end';

function toSlide(row: Selectable<SlidesTable>): Slide {
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

export async function findSlide(db: Db, id: string): Promise<Slide | undefined> {
  const row = await db.selectFrom('slides').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toSlide(row) : undefined;
}

/**
 * Takes the 'slides' lock row first, so order-changing writes queue behind each other:
 * a row lock on PostgreSQL, the database write lock on SQLite.
 */
export async function lockSlideOrder(trx: Tx): Promise<void> {
  await trx.updateTable('locks').set((eb) => ({ version: eb('version', '+', 1) })).where('name', '=', 'slides').execute();
}

const NOT_STORED = 'image is not a stored image; upload it first with POST /api/card/upload';

async function assertImageExists(db: Db, image: string): Promise<void> {
  const found = await db.selectFrom('images').select('name').where('name', '=', image).executeTakeFirst();
  if (!found) throw badRequest(NOT_STORED);
}

/** Appends a slide at the end of the order. */
export async function createSlide(db: Db, input: SlideText & { image: string }): Promise<Slide> {
  const en = englishPair({ title: input.titleEn, text: input.detailsEn }, { title: '', text: '' }, 'detailsEn');
  return refusingGoneImage(NOT_STORED, () => db.transaction().execute(async (trx) => {
    await lockSlideOrder(trx);
    await assertImageExists(trx, input.image);
    const { count } = await trx.selectFrom('slides').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const now = nowIso();
    const row = {
      id: newId(), title: input.title, details: input.details, title_en: en.title, details_en: en.text,
      image: input.image, position: Number(count), created_at: now, updated_at: now,
    };
    await trx.insertInto('slides').values(row).execute();
    return toSlide(row);
  }));
}

/**
 * Edits title, details and (optionally) the image. Answers the updated slide and the image it
 * no longer uses, which the caller frees after the commit; undefined when the slide does not exist.
 */
export async function updateSlide(
  db: Db,
  id: string,
  input: SlideText & { image?: string | null | undefined },
  expectedUpdatedAt: string | undefined,
): Promise<{ slide: Slide; replacedImage: string | undefined } | undefined> {
  return refusingGoneImage(NOT_STORED, () => db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('slides').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    assertVersion(expectedUpdatedAt, row.updated_at);
    const en = englishPair({ title: input.titleEn, text: input.detailsEn }, { title: row.title_en, text: row.details_en }, 'detailsEn');
    const image = input.image ? input.image : row.image;
    if (image !== row.image) await assertImageExists(trx, image);
    const next = {
      title: input.title, details: input.details, title_en: en.title, details_en: en.text,
      image, updated_at: nextUpdatedAt(row.updated_at),
    };
    // Compare-and-set on updated_at: of two edits that read the same version, only the first lands.
    const r = await trx.updateTable('slides').set(next).where('id', '=', id).where('updated_at', '=', row.updated_at).executeTakeFirst();
    assertSwapped(r);
    return { slide: toSlide({ ...row, ...next }), replacedImage: image !== row.image ? row.image : undefined };
  }));
}

/** Deletes a slide and closes the gap it leaves; answers its image name, or undefined when not found. */
export async function deleteSlide(db: Db, id: string): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    await lockSlideOrder(trx);
    const row = await trx.deleteFrom('slides').where('id', '=', id).returning(['image', 'position']).executeTakeFirst();
    if (!row) return undefined;
    // Two steps through negative numbers: a single "position - 1" can collide with the
    // UNIQUE constraint mid-statement, since both engines check it row by row.
    await trx.updateTable('slides').set((eb) => ({ position: eb(eb.neg(eb.ref('position')), '-', 1) })).where('position', '>', row.position).execute();
    await trx.updateTable('slides').set((eb) => ({ position: eb(eb.neg(eb.ref('position')), '-', 2) })).where('position', '<', 0).execute();
    return row.image;
  });
}

/**
 * Swaps a slide with its neighbour. `down` moves it one place earlier (towards position 0),
 * `up` one place later, as the admin's buttons expect. Undefined when the slide does not exist.
 * The slide's updatedAt is left alone: order is not part of what the edit form guards.
 */
export async function moveSlide(db: Db, id: string, direction: SlideDirection): Promise<MoveResult | undefined> {
  return db.transaction().execute(async (trx) => {
    await lockSlideOrder(trx);
    const row = await trx.selectFrom('slides').select(['id', 'position']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const target = direction === 'down' ? row.position - 1 : row.position + 1;
    const neighbour = await trx.selectFrom('slides').select('id').where('position', '=', target).executeTakeFirst();
    if (!neighbour) return direction === 'down' ? 'at-start' : 'at-end';
    await trx.updateTable('slides').set({ position: -1 }).where('id', '=', row.id).execute();
    await trx.updateTable('slides').set({ position: row.position }).where('id', '=', neighbour.id).execute();
    await trx.updateTable('slides').set({ position: target }).where('id', '=', row.id).execute();
    return 'moved';
  });
}
