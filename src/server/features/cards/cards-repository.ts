import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CardDetailsTable, CardsTable } from '../../db/schema.ts';
import { imageUrl } from '../../lib/image-url.ts';
import type { Card, CardDetail, CardType } from '../../../shared/schemas.ts';
import { OLD_SLUGS_KEPT } from '../../../shared/slugs.ts';

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
    slug: row.slug_ar,
    slugEn: row.slug_en,
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

/** Whether a product (a product card, not a project) with this id exists (the faq's tie to a product page). */
export async function productExists(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('cards')
    .select('id')
    .where('id', '=', id)
    .where('type', '=', 'product')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether each of the cards `ids` is a product or a portfolio entry; a card not there is left out. */
export async function cardTypesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  for (const r of await db.selectFrom('cards').select(['id', 'type']).where('id', 'in', ids).execute())
    out.set(r.id, r.type);
  return out;
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
  slugAr: string;
  slugEn: string;
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
    slug_ar: input.slugAr,
    slug_en: input.slugEn,
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
  slug_ar?: string;
  slug_en?: string;
  is_detailed?: number;
}

/** Stores a card's row as it was (a restore from the trash: same id, fields and addresses). */
export async function insertCardRow(db: Db, row: CardRow): Promise<void> {
  await db.insertInto('cards').values(row).execute();
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

/** The card (other than `except`) whose address in either language is `slug`, if any. */
export async function slugHolder(db: Db, slug: string, except?: string): Promise<string | undefined> {
  let q = db
    .selectFrom('cards')
    .select('id')
    .where((eb) => eb.or([eb('slug_ar', '=', slug), eb('slug_en', '=', slug)]));
  if (except !== undefined) q = q.where('id', '<>', except);
  return (await q.executeTakeFirst())?.id;
}

/** Every card's addresses, and the addresses cards had before (card_slugs), for the pages' and the beacons' lookups. */
export async function listCardAddresses(db: Db): Promise<{
  cards: { id: string; type: CardType; slug_ar: string; slug_en: string }[];
  old: { slug: string; card_id: string }[];
}> {
  const [cards, old] = await Promise.all([
    db.selectFrom('cards').select(['id', 'type', 'slug_ar', 'slug_en']).execute(),
    db.selectFrom('card_slugs').select(['slug', 'card_id']).execute(),
  ]);
  return { cards, old };
}

/**
 * Addresses a card stops using: each now redirects to the card (taken from another card that had
 * it as a former address), the card keeping its newest OLD_SLUGS_KEPT.
 */
export async function keepOldSlugs(db: Db, cardId: string, slugs: string[], now: string): Promise<void> {
  for (const slug of slugs) {
    await db
      .insertInto('card_slugs')
      .values({ slug, card_id: cardId, created_at: now })
      .onConflict((oc) => oc.column('slug').doUpdateSet({ card_id: cardId, created_at: now }))
      .execute();
  }
  const kept = await db
    .selectFrom('card_slugs')
    .select('slug')
    .where('card_id', '=', cardId)
    .orderBy('created_at', 'desc')
    .orderBy('slug')
    .offset(OLD_SLUGS_KEPT)
    .limit(1000)
    .execute();
  if (kept.length)
    await db
      .deleteFrom('card_slugs')
      .where(
        'slug',
        'in',
        kept.map((k) => k.slug),
      )
      .execute();
}

/** Addresses now in use by a card: no longer anyone's former address. */
export async function forgetOldSlugs(db: Db, slugs: string[]): Promise<void> {
  const set = slugs.filter(Boolean);
  if (set.length) await db.deleteFrom('card_slugs').where('slug', 'in', set).execute();
}

/** A card deleted forever takes its former addresses with it. */
export async function deleteOldSlugs(db: Db, cardId: string): Promise<void> {
  await db.deleteFrom('card_slugs').where('card_id', '=', cardId).execute();
}

/** Cards with no Arabic address (loaded from a backup made before addresses), oldest first. */
export async function listCardsWithoutSlug(
  db: Db,
): Promise<Pick<CardRow, 'id' | 'title' | 'title_en' | 'slug_ar' | 'slug_en'>[]> {
  return db
    .selectFrom('cards')
    .select(['id', 'title', 'title_en', 'slug_ar', 'slug_en'])
    .where('slug_ar', '=', '')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Sets a card's addresses as they are (the caller made sure they are free), leaving updated_at. */
export async function setCardSlugs(db: Db, id: string, slugs: { slug_ar: string; slug_en: string }): Promise<void> {
  await db.updateTable('cards').set(slugs).where('id', '=', id).execute();
}

/** Former addresses whose card is neither on the site nor in the trash: answered by nothing, deleted. */
export async function deleteOrphanSlugs(db: Db): Promise<number> {
  const gone = await db
    .deleteFrom('card_slugs')
    .where('card_id', 'not in', db.selectFrom('cards').select('id'))
    .where('card_id', 'not in', db.selectFrom('trash').select('id'))
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}
