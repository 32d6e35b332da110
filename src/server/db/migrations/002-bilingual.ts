import { sql, type Kysely } from 'kysely';

/**
 * English text next to the Arabic on cards, detail items and slides. What a database held before
 * stays the Arabic text; the English starts empty ('' = not written yet, the reader falls back to Arabic).
 */
const COLUMNS: [table: string, column: string][] = [
  ['cards', 'title_en'],
  ['cards', 'description_en'],
  ['card_details', 'title_en'],
  ['card_details', 'description_en'],
  ['slides', 'title_en'],
  ['slides', 'details_en'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of COLUMNS) {
    await db.schema
      .alterTable(table)
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(sql`''`))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of COLUMNS) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
