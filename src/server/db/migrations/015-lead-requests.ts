import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';

/**
 * Quote requests counted as leads (issue 35, point 6): lead_counts and lead_totals gain `requests`,
 * added to in the transaction that stores a request, under the day, page, language, device and
 * source it was sent from, like a call or a WhatsApp tap. lead_totals also takes a 'city' row per
 * day and city asked for. Counts outlive the requests themselves (deleted after the owner's
 * retention, or as spam), as the taps outlive the visits. Requests stored before this migration
 * (013 lands in the same release) are not counted back. `down` drops the rows only requests made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'sqlite') await db.transaction().execute(apply);
  else await apply(db);
}

async function apply(db: Kysely<unknown>): Promise<void> {
  for (const table of ['lead_counts', 'lead_totals'])
    await db.schema
      .alterTable(table)
      .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from lead_totals where dim = 'city'`.execute(db);
  await sql`delete from lead_counts where views = 0 and visitors = 0 and calls = 0 and whatsapp = 0 and emails = 0 and page_visitors = 0 and contacted = 0`.execute(
    db,
  );
  await sql`delete from lead_totals where views = 0 and visitors = 0 and calls = 0 and whatsapp = 0 and emails = 0 and contacted = 0`.execute(
    db,
  );
  for (const table of ['lead_totals', 'lead_counts'])
    await db.schema.alterTable(table).dropColumn('requests').execute();
}
