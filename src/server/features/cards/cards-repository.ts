import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CardDetailsTable, CardsTable } from '../../db/schema.ts';
import { imageUrl } from '../../lib/image-url.ts';
import type { Card, CardDetail, CardType } from '../../../shared/schemas.ts';

/**
 * Queries on cards. Lists are newest first (created_at, then the time-ordered id as tie-break),
 * so what the admin added last shows first on the site and in the admin lists alike.
 * Functions take `db` first; a transaction works there too.
 */

export type CardRow = Selectable<CardsTable>;
export type CardDetailRow = Selectable<CardDetailsTable>;

export function toCard(row: CardRow): Card {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    titleEn: row.title_en,
    descriptionEn: row.description_en,
    imageUrl: imageUrl(row.image),
    image: row.image,
    type: row.type,
    isDetailed: Number(row.is_detailed) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toCardDetail(row: CardDetailRow): CardDetail {
  return {
    _id: row.id,
    cardId: row.card_id,
    title: row.title,
    description: row.description,
    titleEn: row.title_en,
    descriptionEn: row.description_en,
    imageUrl: imageUrl(row.image),
    image: row.image,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listCards(db: Db, type: CardType): Promise<Card[]> {
  const rows = await db
    .selectFrom('cards')
    .selectAll()
    .where('type', '=', type)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toCard);
}

/** The most recently created portfolio cards, newest first (the home page's recent-work section). */
export async function listHomePortfolio(db: Db, limit = 6): Promise<Card[]> {
  const rows = await db
    .selectFrom('cards')
    .selectAll()
    .where('type', '=', 'portfolio')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toCard);
}

export async function findCardRow(db: Db, id: string): Promise<CardRow | undefined> {
  return db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A card with its detail items in the order they were added, or undefined for an unknown id. */
export async function getCardWithDetails(
  db: Db,
  id: string,
): Promise<{ card: Card; details: CardDetail[] } | undefined> {
  const row = await findCardRow(db, id);
  if (!row) return undefined;
  const details = await db
    .selectFrom('card_details')
    .selectAll()
    .where('card_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return { card: toCard(row), details: details.map(toCardDetail) };
}

export interface NewCard {
  type: CardType;
  title: string;
  description: string;
  titleEn?: string | undefined;
  descriptionEn?: string | undefined;
  image: string;
}

export async function insertCard(db: Db, id: string, input: NewCard, now: string): Promise<CardRow> {
  const row: CardRow = {
    id,
    type: input.type,
    title: input.title,
    description: input.description,
    title_en: input.titleEn ?? '',
    description_en: input.descriptionEn ?? '',
    image: input.image,
    is_detailed: 0,
    created_at: now,
    updated_at: now,
    city_id: null,
  };
  await db.insertInto('cards').values(row).execute();
  return row;
}

export interface CardChanges {
  title?: string;
  description?: string;
  title_en?: string;
  description_en?: string;
  image?: string;
}

/**
 * Applies the changes and answers the new row, or undefined when the card is gone or, with
 * `onlyIfUpdatedAt`, when it changed since it was read (so two writers cannot both pass a version check).
 */
export async function updateCardRow(
  db: Db,
  id: string,
  changes: CardChanges,
  updatedAt: string,
  onlyIfUpdatedAt?: string,
): Promise<CardRow | undefined> {
  let q = db
    .updateTable('cards')
    .set({ ...changes, updated_at: updatedAt })
    .where('id', '=', id);
  if (onlyIfUpdatedAt !== undefined) q = q.where('updated_at', '=', onlyIfUpdatedAt);
  return q.returningAll().executeTakeFirst();
}

/** Flips is_detailed in SQL, so two quick toggles always flip twice even when they overlap. */
export async function toggleCardRow(
  db: Db,
  id: string,
  updatedAt: string,
  onlyIfUpdatedAt?: string,
): Promise<CardRow | undefined> {
  let q = db
    .updateTable('cards')
    .set({ is_detailed: sql<number>`1 - is_detailed`, updated_at: updatedAt })
    .where('id', '=', id);
  if (onlyIfUpdatedAt !== undefined) q = q.where('updated_at', '=', onlyIfUpdatedAt);
  return q.returningAll().executeTakeFirst();
}

/** Deletes the card and its detail items; answers the image names they used, or undefined for an unknown id. */
export async function deleteCardRows(db: Db, id: string): Promise<string[] | undefined> {
  const card = await findCardRow(db, id);
  if (!card) return undefined;
  // The foreign key cascades too, but deleting explicitly keeps both engines identical and yields the images.
  const details = await db.deleteFrom('card_details').where('card_id', '=', id).returning('image').execute();
  await db.deleteFrom('cards').where('id', '=', id).execute();
  return [card.image, ...details.map((d) => d.image)];
}
