import type { Db } from '../../db/database.ts';
import type { CardDetailRow } from './cards-repository.ts';

/** Queries on card detail items (the grid under a product on /card-details). */

export async function findDetailRow(db: Db, id: string): Promise<CardDetailRow | undefined> {
  return db.selectFrom('card_details').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewDetail {
  cardId: string;
  title: string;
  description: string;
  titleEn?: string | undefined;
  descriptionEn?: string | undefined;
  image: string;
}

export async function insertDetail(db: Db, id: string, input: NewDetail, now: string): Promise<CardDetailRow> {
  const row: CardDetailRow = {
    id,
    card_id: input.cardId,
    title: input.title,
    description: input.description,
    title_en: input.titleEn ?? '',
    description_en: input.descriptionEn ?? '',
    image: input.image,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('card_details').values(row).execute();
  return row;
}

/** Stores a detail item's row as it was (a restore from the trash). */
export async function insertDetailRow(db: Db, row: CardDetailRow): Promise<void> {
  await db.insertInto('card_details').values(row).execute();
}

export interface DetailChanges {
  title?: string;
  description?: string;
  title_en?: string;
  description_en?: string;
  image?: string;
}

/** Like updateCardRow: undefined when the item is gone or changed since `onlyIfUpdatedAt`. */
export async function updateDetailRow(
  db: Db,
  id: string,
  changes: DetailChanges,
  updatedAt: string,
  onlyIfUpdatedAt?: string,
): Promise<CardDetailRow | undefined> {
  let q = db
    .updateTable('card_details')
    .set({ ...changes, updated_at: updatedAt })
    .where('id', '=', id);
  if (onlyIfUpdatedAt !== undefined) q = q.where('updated_at', '=', onlyIfUpdatedAt);
  return q.returningAll().executeTakeFirst();
}

/** Deletes one item; answers the image it used, or undefined for an unknown id. */
export async function deleteDetailRow(db: Db, id: string): Promise<string | undefined> {
  const row = await db.deleteFrom('card_details').where('id', '=', id).returning('image').executeTakeFirst();
  return row?.image;
}
