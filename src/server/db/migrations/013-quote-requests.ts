import { sql, type Kysely } from 'kysely';
import { blobType, engineOf } from '../dialect.ts';

/**
 * Quote requests (issue 35, decision 033): what a visitor sends from the request form, stored
 * before the visitor is answered, and the owner's email about it kept as columns of the same row
 * (mail_state 'pending' until the SMTP server accepts it, whichever server sends it), so a request
 * is never "sent" only in memory. Photos are re-encoded like every upload but kept in a table of
 * their own: the images table is served to anyone at /uploads, a request's photos only to the owner.
 * Both tables are new: the previous version never reads them, and `down` drops them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  if (engine === 'sqlite') await db.transaction().execute((trx) => apply(trx, engine));
  else await apply(db, engine);
}

async function apply(db: Kysely<unknown>, engine: 'sqlite' | 'postgres'): Promise<void> {
  const text = (c: any) => c.notNull().defaultTo('');
  const zero = (c: any) => c.notNull().defaultTo(0);
  await db.schema
    .createTable('requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('name', 'text', text)
    .addColumn('phone', 'text', text)
    .addColumn('city', 'text', text)
    .addColumn('building', 'text', text)
    .addColumn('problem', 'text', text)
    .addColumn('preferred_time', 'text', text)
    .addColumn('product', 'text', text)
    .addColumn('product_title', 'text', text)
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('ar'))
    // Where the visitor came from, as the leads count it (page path, source, device).
    .addColumn('page', 'text', text)
    .addColumn('source', 'text', text)
    .addColumn('device', 'text', text)
    .addColumn('photo_count', 'integer', zero)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('notes', 'text', text)
    // 1 when a limit held it back from the owner's inbox (stored all the same, marked).
    .addColumn('held', 'integer', zero)
    // 1 when no browser challenge was solved (posted without JavaScript).
    .addColumn('unchallenged', 'integer', (c) => c.notNull().defaultTo(1))
    // The owner's email: 'pending' until accepted, 'sent', or 'held' (not sent: held back).
    .addColumn('mail_state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('mail_attempts', 'integer', zero)
    .addColumn('mail_next_at', 'text', text)
    .addColumn('mail_error', 'text', text)
    .execute();
  await db.schema.createIndex('requests_created_idx').on('requests').column('created_at').execute();
  await db.schema.createIndex('requests_mail_idx').on('requests').columns(['mail_state', 'mail_next_at']).execute();
  await db.schema.createIndex('requests_phone_idx').on('requests').column('phone').execute();

  await db.schema
    .createTable('request_photos')
    .addColumn('request_id', 'text', (c) => c.notNull().references('requests.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', blobType(engine), (c) => c.notNull())
    .addPrimaryKeyConstraint('request_photos_pk', ['request_id', 'position'])
    .execute();
  if (engine === 'postgres') await sql`ALTER TABLE request_photos ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('request_photos').ifExists().execute();
  await db.schema.dropTable('requests').ifExists().execute();
}
