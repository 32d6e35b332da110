import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FaqsTable } from '../../db/schema.ts';
import type { Faq } from '../../../shared/schemas.ts';

/**
 * Questions and answers (issue 34 point 4, decision 036): one row each, in the owner's order. A
 * question with neither a city nor a product is general (/faq); one tied to a city or a product
 * shows on that page. The ids are not foreign keys: a city or product gone to the trash takes its
 * questions out of sight, and brings them back when restored.
 */
export type FaqRow = Selectable<FaqsTable>;

const ordered = (db: Db) => db.selectFrom('faqs').selectAll().orderBy('position').orderBy('created_at').orderBy('id');

export function toFaq(row: FaqRow): Faq {
  return {
    _id: row.id,
    questionAr: row.question_ar,
    answerAr: row.answer_ar,
    questionEn: row.question_en,
    answerEn: row.answer_en,
    cityId: row.city_id,
    cardId: row.card_id,
    enabled: Number(row.enabled) === 1,
    position: Number(row.position),
    updatedAt: row.updated_at,
  };
}

/** Every question, on or off: the admin's list. */
export async function listFaqRows(db: Db): Promise<FaqRow[]> {
  return ordered(db).execute();
}

/** The questions switched on, in order, of one place: general (no city, no product), a city's or a product's. */
export async function listShownFaqRows(
  db: Db,
  where: { general: true } | { cityId: string } | { cardId: string },
): Promise<FaqRow[]> {
  let q = ordered(db).where('enabled', '=', 1);
  if ('general' in where) q = q.where('city_id', 'is', null).where('card_id', 'is', null);
  else if ('cityId' in where) q = q.where('city_id', '=', where.cityId);
  else q = q.where('card_id', '=', where.cardId);
  return q.execute();
}

/** When a general question last changed (the sitemap's lastmod of /faq); '' when there is none. */
export async function latestGeneralChange(db: Db): Promise<string> {
  const row = await db
    .selectFrom('faqs')
    .select((eb) => eb.fn.max('updated_at').as('last'))
    .where('enabled', '=', 1)
    .where('city_id', 'is', null)
    .where('card_id', 'is', null)
    .executeTakeFirst();
  return row?.last ? String(row.last) : '';
}

export async function findFaqRow(db: Db, id: string): Promise<FaqRow | undefined> {
  return db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countFaqs(db: Db, enabledOnly = false): Promise<number> {
  let q = db.selectFrom('faqs').select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (enabledOnly) q = q.where('enabled', '=', 1);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function insertFaq(db: Db, row: FaqRow): Promise<void> {
  await db.insertInto('faqs').values(row).execute();
}

/** A compare-and-set on updated_at: false when the row changed (or went) since it was read. */
export async function updateFaq(
  db: Db,
  id: string,
  changes: Omit<FaqRow, 'id' | 'created_at'>,
  readAt: string,
): Promise<boolean> {
  const r = await db
    .updateTable('faqs')
    .set(changes)
    .where('id', '=', id)
    .where('updated_at', '=', readAt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function setFaqPosition(db: Db, id: string, position: number, updatedAt: string): Promise<void> {
  await db.updateTable('faqs').set({ position, updated_at: updatedAt }).where('id', '=', id).execute();
}

export async function deleteFaqRow(db: Db, id: string): Promise<boolean> {
  const r = await db.deleteFrom('faqs').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
