import { sql, type Kysely } from 'kysely';
import { createContentTriggers, dropContentTriggers } from '../content-triggers.ts';

/**
 * What several servers on one database must agree on: the content version (bumped by triggers in
 * the writing transaction), rate-limit counters, the reset stand-ins for unknown emails, and a lease
 * per periodic job. Works on a database that already holds content: every table here starts empty
 * but for the one version row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('content_version' as never)
    .values({ id: 1, version: 0 } as never)
    .execute();
  await createContentTriggers(db);

  // One counter per limit, key and window; the key is a digest (keys name emails and addresses).
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('resets_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_resets_idx').on('rate_limits').column('resets_at').execute();

  await db.schema
    .createTable('reset_decoys')
    .addColumn('email_hash', 'text', (c) => c.primaryKey())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('reset_decoys_expires_idx').on('reset_decoys').column('expires_at').execute();

  await db.schema
    .createTable('jobs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_expires_idx').ifExists().execute();
  await dropContentTriggers(db);
  for (const table of ['jobs', 'reset_decoys', 'rate_limits', 'content_version']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
