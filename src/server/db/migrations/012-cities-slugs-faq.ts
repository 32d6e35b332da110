import { sql, type Kysely } from 'kysely';
import { createTableContentTriggers, dropTableContentTriggers } from '../content-triggers.ts';
import { engineOf } from '../dialect.ts';
import { newId } from '../../lib/ids.ts';

/**
 * Found by the customers who search (issue 34, decision 031).
 *
 * cities: the served cities become entries of their own, each with a page at /cities/<slug>:
 * an ASCII slug (the address), the name, an introduction and the areas served in both languages,
 * an optional phone and WhatsApp number for that city, on/off and the display order. A portfolio
 * entry may name its city (cards.city_id; no foreign key, so SQLite can drop the column again on the way
 * down: deleting a city clears it on its projects in the same transaction).
 *
 * An existing site's cities were a plain list in the contact details (two JSON lists in the
 * 'contact' settings row): each becomes an entry here, switched on, without an introduction (so
 * not published until the owner writes one or names a project's city; the launch checklist says so).
 */

/** Slugs of the cities the business started with, whatever spelling the owner used. */
const KNOWN: Record<string, string> = {
  dammam: 'dammam',
  'ad dammam': 'dammam',
  'al dammam': 'dammam',
  الدمام: 'dammam',
  riyadh: 'riyadh',
  'ar riyadh': 'riyadh',
  الرياض: 'riyadh',
  madinah: 'madinah',
  medina: 'madinah',
  'al madinah': 'madinah',
  'المدينة المنورة': 'madinah',
  المدينة: 'madinah',
  jeddah: 'jeddah',
  jiddah: 'jeddah',
  jedda: 'jeddah',
  جدة: 'jeddah',
};

/** The same rule as the cities feature's slugOf, written out: a migration never changes. */
function slugFor(en: string, ar: string, taken: Set<string>, n: number): string {
  const known = KNOWN[en.trim().toLowerCase()] ?? KNOWN[ar.trim()];
  const ascii = en
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  let slug = known ?? (ascii || `city-${n}`);
  for (let i = 2; taken.has(slug); i++) slug = `${known ?? (ascii || `city-${n}`)}-${i}`;
  taken.add(slug);
  return slug;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite runs migrations outside a transaction: this one takes its own, so it lands whole or not at all.
  if (engineOf(db) === 'sqlite') await db.transaction().execute(apply);
  else await apply(db);
}

async function apply(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('intro_ar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('intro_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('areas_ar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('areas_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('whatsapp', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('cards').addColumn('city_id', 'text').execute();
  await db.schema.createIndex('cards_city_idx').on('cards').column('city_id').execute();
  await createTableContentTriggers(db, 'cities');

  const row = await sql<{ value: string }>`select value from settings where key = 'contact'`.execute(db);
  let ar: unknown = [];
  let en: unknown = [];
  try {
    const contact = JSON.parse(row.rows[0]?.value ?? '{}') as { citiesAr?: unknown; citiesEn?: unknown };
    ar = contact.citiesAr ?? [];
    en = contact.citiesEn ?? [];
  } catch {
    /* unreadable contact details: no cities to carry over */
  }
  const names = (list: unknown): string[] =>
    Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  const arNames = names(ar);
  const enNames = names(en);
  const taken = new Set<string>();
  const now = new Date().toISOString();
  for (let i = 0; i < Math.max(arNames.length, enNames.length); i++) {
    const nameAr = arNames[i] ?? enNames[i] ?? '';
    const nameEn = enNames[i] ?? '';
    if (!nameAr.trim()) continue;
    const id = newId();
    await sql`insert into cities (id, slug, name_ar, name_en, enabled, position, created_at, updated_at)
      values (${id}, ${slugFor(nameEn, nameAr, taken, i + 1)}, ${nameAr}, ${nameEn}, 1, ${i}, ${now}, ${now})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTableContentTriggers(db, 'cities');
  await db.schema.dropIndex('cards_city_idx').ifExists().execute();
  await db.schema.alterTable('cards').dropColumn('city_id').execute();
  await db.schema.dropTable('cities').execute();
}
