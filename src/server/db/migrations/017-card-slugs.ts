import { sql, type Kysely } from 'kysely';
import { createTableContentTriggers, dropTableContentTriggers } from '../content-triggers.ts';
import { engineOf } from '../dialect.ts';

/**
 * Readable addresses for products and projects (issue 34 point 2, decision 035).
 *
 * cards.slug_ar and cards.slug_en: the item's address in each language, /products/<slug> and
 * /portfolio/<slug> (English under /en), made from its title when it is created and kept when the
 * title changes; '' for slug_en while the item has no English title (its English page then uses the
 * Arabic slug). Each is unique where set; that no slug of one card is the other language's slug of
 * another is the cards service's check (an index cannot span two columns).
 *
 * card_slugs: the addresses an item had before the owner changed them, each answering with a
 * permanent redirect to the item's address today (at most a few per card: the service drops the
 * oldest). A slug in use as an address is never kept here.
 *
 * Existing cards get slugs from their titles, the oldest card first (so the first of two cards
 * named alike keeps the plain slug).
 */

const MAX = 80;

/** The same rule as src/shared/slugs.ts slugify, written out: a migration never changes. */
function slugify(title: string): string {
  const plain = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u0652\u0656-\u065f\u0670\u0640]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  if (plain.length <= MAX) return plain;
  const cut = plain.slice(0, MAX + 1);
  const dash = cut.lastIndexOf('-');
  return (dash > 0 ? cut.slice(0, dash) : plain.slice(0, MAX)).replace(/-+$/, '');
}

function free(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base.slice(0, MAX - String(n).length - 1).replace(/-+$/, '')}-${n}`;
  taken.add(slug);
  return slug;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'sqlite') await db.transaction().execute(apply);
  else await apply(db);
}

async function apply(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cards')
    .addColumn('slug_ar', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('cards')
    .addColumn('slug_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('card_slugs')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_slugs_card_idx').on('card_slugs').column('card_id').execute();
  await createTableContentTriggers(db, 'card_slugs');

  // The indexes before the rows' updates: on PostgreSQL those fire the content trigger (deferred to
  // the commit), and an index cannot be made on a table with trigger events pending.
  await sql`create unique index cards_slug_ar_idx on cards (slug_ar) where slug_ar <> ''`.execute(db);
  await sql`create unique index cards_slug_en_idx on cards (slug_en) where slug_en <> ''`.execute(db);

  const cards = await sql<{ id: string; title: string; title_en: string }>`
    select id, title, title_en from cards order by created_at, id`.execute(db);
  const taken = new Set<string>();
  for (const card of cards.rows) {
    const ar = free(slugify(card.title) || 'item', taken);
    const enBase = slugify(card.title_en);
    const en = enBase ? (enBase === ar ? ar : free(enBase, taken)) : '';
    await sql`update cards set slug_ar = ${ar}, slug_en = ${en} where id = ${card.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTableContentTriggers(db, 'card_slugs');
  await db.schema.dropTable('card_slugs').ifExists().execute();
  await db.schema.dropIndex('cards_slug_en_idx').ifExists().execute();
  await db.schema.dropIndex('cards_slug_ar_idx').ifExists().execute();
  await db.schema.alterTable('cards').dropColumn('slug_en').execute();
  await db.schema.alterTable('cards').dropColumn('slug_ar').execute();
}
