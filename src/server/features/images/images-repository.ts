import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { isReferenceViolation, toBuffer } from '../../db/dialect.ts';
import { CENTRE, type Focus } from '../../../shared/focus.ts';
import type { EncodedFile, EncodedImage } from './image-encode.ts';

/**
 * Stored facts of an image: its size, the widths of its served files (the original's last) and
 * the focal point its crops keep.
 */
export interface StoredImage {
  name: string;
  width: number;
  height: number;
  variants: number[];
  focus: Focus;
}

export const variantName = (name: string, width: number): string => name.replace(/\.webp$/, `-${width}.webp`);

/** No card, detail item or slide names the image, and no trash or history row keeps it. */
const unreferenced = ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'images'>) =>
  not(
    exists(
      selectFrom('cards')
        .select('id')
        .whereRef('cards.image', '=', 'images.name')
        .unionAll(selectFrom('card_details').select('id').whereRef('card_details.image', '=', 'images.name'))
        .unionAll(selectFrom('slides').select('id').whereRef('slides.image', '=', 'images.name'))
        .unionAll(selectFrom('kept_images').select('owner as id').whereRef('kept_images.image', '=', 'images.name')),
    ),
  );

/** A refusal by the database because the image is still named by a card, detail item or slide. */
const IN_USE = /_image_fk|images_in_use/; // kept_images_image_fk too

/** Which of `names` are stored images (a kept image must be one: kept_images names an image row). */
export async function storedImageNames(db: Db, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db.selectFrom('images').select('name').where('name', 'in', names).execute();
  return rows.map((r) => r.name);
}

export async function findImage(db: Db, name: string): Promise<StoredImage | undefined> {
  const row = await db.selectFrom('images').selectAll().where('name', '=', name).executeTakeFirst();
  return row
    ? {
        name: row.name,
        width: row.width,
        height: row.height,
        variants: JSON.parse(row.variants) as number[],
        focus: { x: Number(row.focus_x), y: Number(row.focus_y) },
      }
    : undefined;
}

/** Moves an image's focal point; answers its facts, or undefined when it is not stored. */
export async function setImageFocus(db: Db, name: string, focus: Focus): Promise<StoredImage | undefined> {
  const r = await db
    .updateTable('images')
    .set({ focus_x: focus.x, focus_y: focus.y })
    .where('name', '=', name)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n ? findImage(db, name) : undefined;
}

/**
 * Marks a stored image as uploaded now, so the sweep's grace period starts again for a picture
 * uploaded a second time; answers its facts, or undefined when it is not stored.
 */
export async function touchImage(db: Db, name: string, now: string): Promise<StoredImage | undefined> {
  const r = await db.updateTable('images').set({ created_at: now }).where('name', '=', name).executeTakeFirst();
  return r.numUpdatedRows > 0n ? findImage(db, name) : undefined;
}

/** Stores an image and all its files in one transaction: never a row without its bytes. */
export async function insertImage(
  db: Db,
  image: EncodedImage,
  variants: EncodedFile[],
  now: string,
): Promise<StoredImage> {
  const widths = [...variants.map((v) => v.width), image.width];
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('images')
      .values({
        name: image.name,
        width: image.width,
        height: image.height,
        variants: JSON.stringify(widths),
        created_at: now,
      })
      .execute();
    await trx
      .insertInto('image_files')
      .values({ name: image.name, image: image.name, width: image.width, bytes: image.bytes })
      .execute();
    for (const v of variants) {
      await trx
        .insertInto('image_files')
        .values({ name: variantName(image.name, v.width), image: image.name, width: v.width, bytes: v.bytes })
        .execute();
    }
  });
  return { name: image.name, width: image.width, height: image.height, variants: widths, focus: { ...CENTRE } };
}

/** The bytes of one served file (an original or a variant), or undefined. */
export async function readImageFile(db: Db, name: string): Promise<{ image: string; bytes: Buffer } | undefined> {
  const row = await db.selectFrom('image_files').select(['image', 'bytes']).where('name', '=', name).executeTakeFirst();
  return row ? { image: row.image, bytes: toBuffer(row.bytes) } : undefined;
}

/**
 * Deletes an image (its files go with it) if nothing names it, and, with `uploadedBefore`, only if
 * it was uploaded before then. The check and the deletion are one statement, and the database's
 * reference check backs it: a card, detail item or slide that names the image in a transaction
 * committing meanwhile makes the deletion fail, and the image is then kept (answers false).
 */
export async function deleteImageIfUnused(db: Db, name: string, uploadedBefore?: Date): Promise<boolean> {
  let query = db.deleteFrom('images').where('name', '=', name).where(unreferenced);
  if (uploadedBefore) query = query.where('created_at', '<', uploadedBefore.toISOString());
  try {
    const r = await query.executeTakeFirst();
    return r.numDeletedRows > 0n;
  } catch (err) {
    if (isReferenceViolation(err, IN_USE)) return false;
    throw err;
  }
}

/** Names of images uploaded before `before` that nothing names: uploads whose form was never sent. */
export async function listOrphans(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('images')
    .select('name')
    .where('created_at', '<', before.toISOString())
    .where(unreferenced)
    .execute();
  return rows.map((r) => r.name);
}
