import type { Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';

/**
 * Trash and history for quote requests (issue 35, point 5). A request the owner deletes stays in its
 * row, marked (deleted_at, deleted_by), with its photos, until it is restored or deleted forever
 * (from the Trash, or TRASH_DAYS later); the owner's changes to its status and notes are kept in
 * request_changes, a row per change with the version it replaced and the one it made. Both stay with
 * the requests, not in the content's trash and history tables: a backup carries requests only when
 * asked (--with-requests), and a request deleted after its retention takes its changes with it (the
 * foreign key). The previous version reads requests without knowing the new columns; it would list
 * a deleted request again, which is why `down` deletes them for good before dropping the columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'sqlite') await db.transaction().execute(apply);
  else await apply(db);
}

async function apply(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('requests').addColumn('deleted_at', 'text').execute();
  await db.schema
    .alterTable('requests')
    .addColumn('deleted_by', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('request_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull().references('requests.id').onDelete('cascade'))
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'text', (c) => c.notNull())
    // JSON: {"status","notes","updatedAt"} as the API names them.
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('request_changes_request_idx')
    .on('request_changes')
    .columns(['request_id', 'changed_at'])
    .execute();
  await db.schema.createIndex('request_changes_at_idx').on('request_changes').column('changed_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const trx = db as Kysely<any>;
  await trx.deleteFrom('requests').where('deleted_at', 'is not', null).execute();
  await db.schema.dropTable('request_changes').ifExists().execute();
  await db.schema.alterTable('requests').dropColumn('deleted_by').execute();
  await db.schema.alterTable('requests').dropColumn('deleted_at').execute();
}
