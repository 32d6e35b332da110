import type { Kysely } from 'kysely';
import { createTableContentTriggers, dropTableContentTriggers } from '../content-triggers.ts';
import { engineOf } from '../dialect.ts';

/**
 * Questions and answers (issue 34 point 4, decision 036): one row per question, in both languages,
 * in the owner's order, on or off, general (shown on /faq) or tied to a served city (cities.id) or
 * a product (cards.id), shown on that city's or product's page. No foreign keys, as cards.city_id:
 * a question outlives its city or product going to the trash, and comes back with it; until then it
 * is shown nowhere. Content triggers: every server's cached pages follow a change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'sqlite') await db.transaction().execute(apply);
  else await apply(db);
}

async function apply(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('faqs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('question_ar', 'text', (c) => c.notNull())
    .addColumn('answer_ar', 'text', (c) => c.notNull())
    .addColumn('question_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('answer_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city_id', 'text')
    .addColumn('card_id', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await createTableContentTriggers(db, 'faqs');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTableContentTriggers(db, 'faqs');
  await db.schema.dropTable('faqs').execute();
}
