import { sql, type Kysely } from 'kysely';

/**
 * Leads (issue 24): anonymous counts of page views, visitors and taps on call, WhatsApp and email
 * links, one row per day, page, language, device and source. Nothing here names a person: a
 * visitor is a salted hash that lives one day (lead_visitors), under a random salt that is deleted
 * with it (lead_salts); the counts keep only numbers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lead_counts')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('calls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('whatsapp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('emails', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('lead_counts_pk', ['day', 'page', 'language', 'device', 'source'])
    .execute();

  // The day's random salt, shared by every server; deleted after its day with that day's hashes.
  await db.schema
    .createTable('lead_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lead_visitors')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lead_visitors_pk', ['day', 'hash'])
    .execute();

  // One row: the owner's choices about the weekly email (on by default) and the admin's language.
  await db.schema
    .createTable('lead_options')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('weekly_email', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('ar'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['lead_options', 'lead_visitors', 'lead_salts', 'lead_counts']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
