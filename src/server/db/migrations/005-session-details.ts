import type { Kysely } from 'kysely';
import { newId } from '../../lib/ids.ts';
import { engineOf } from '../dialect.ts';

/**
 * What the owner's Security screen shows of each signed-in session: a public id (the row's id is
 * the digest of the token and never leaves the server), the browser's User-Agent (cut to
 * USER_AGENT_MAX characters) and when the session was last used. No address is stored.
 * Sessions that exist already keep working: each gets its own public id, and was last seen when it began.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite runs migrations outside a transaction: this one takes its own, so it lands whole or not at all.
  if (engineOf(db) === 'sqlite') await db.transaction().execute((trx) => apply(trx));
  else await apply(db);
}

async function apply(db: Kysely<any>): Promise<void> {
  // SQLite adds a NOT NULL column only with a default; every row written from now on sets all three.
  await db.schema
    .alterTable('sessions')
    .addColumn('public_id', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('last_seen_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const rows = (await db.selectFrom('sessions').select('id').execute()) as { id: string }[];
  for (const row of rows) {
    await db
      .updateTable('sessions')
      .set((eb) => ({ public_id: newId(), last_seen_at: eb.ref('created_at') }))
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema.createIndex('sessions_public_id_idx').on('sessions').column('public_id').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_public_id_idx').ifExists().execute();
  for (const column of ['last_seen_at', 'user_agent', 'public_id']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
}
