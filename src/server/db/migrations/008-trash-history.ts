import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';

/**
 * Nothing the owner does is final (issue 26): a deleted item waits in `trash` (30 days by default)
 * and every change to content keeps the version it replaced in `history`.
 *
 * trash: one row per deleted item, keyed by the item's own id (an item is in the trash at most once:
 * restoring removes the row), with a JSON snapshot of its rows (a card with its detail items).
 * history: one row per change, with the fields before and after as JSON (null before = it was
 * added, null after = it was deleted).
 * kept_images: the images a trash or history row names (`owner` is `trash:ID` or `history:ID`), so
 * the release after a write and the orphan sweep keep them. Like the content tables, a row may only
 * name a stored image and an image still named cannot be deleted: a foreign key on PostgreSQL, the
 * triggers of migration 004 (extended here) on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  // SQLite runs migrations outside a transaction: this one takes its own, so it lands whole or not at all.
  if (engine === 'sqlite') await db.transaction().execute((trx) => apply(trx, engine));
  else await apply(db, engine);
}

async function apply(db: Kysely<unknown>, engine: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('trash')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('deleted_by', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trash_deleted_at_idx').on('trash').column('deleted_at').execute();

  await db.schema
    .createTable('history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('history_item_idx').on('history').columns(['kind', 'item_id', 'created_at']).execute();
  await db.schema.createIndex('history_created_at_idx').on('history').column('created_at').execute();

  await db.schema
    .createTable('kept_images')
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('kept_images_pk', ['owner', 'image'])
    .execute();
  await db.schema.createIndex('kept_images_image_idx').on('kept_images').column('image').execute();

  if (engine === 'postgres') {
    await sql`ALTER TABLE kept_images ADD CONSTRAINT kept_images_image_fk FOREIGN KEY (image) REFERENCES images (name)`.execute(
      db,
    );
    return;
  }
  await sql`CREATE TRIGGER kept_images_image_insert BEFORE INSERT ON kept_images
    WHEN NOT EXISTS (SELECT 1 FROM images WHERE name = NEW.image)
    BEGIN SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: kept_images_image_fk'); END`.execute(db);
  await sql`DROP TRIGGER IF EXISTS images_in_use`.execute(db);
  await createImagesInUse(db, true);
}

async function createImagesInUse(db: Kysely<unknown>, withKept: boolean): Promise<void> {
  const kept = withKept ? sql`OR EXISTS (SELECT 1 FROM kept_images WHERE image = OLD.name)` : sql``;
  await sql`CREATE TRIGGER images_in_use BEFORE DELETE ON images
    WHEN EXISTS (SELECT 1 FROM cards WHERE image = OLD.name)
      OR EXISTS (SELECT 1 FROM card_details WHERE image = OLD.name)
      OR EXISTS (SELECT 1 FROM slides WHERE image = OLD.name)
      ${kept}
    BEGIN SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: images_in_use'); END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    await sql`DROP TRIGGER IF EXISTS kept_images_image_insert`.execute(db);
    await sql`DROP TRIGGER IF EXISTS images_in_use`.execute(db);
    await createImagesInUse(db, false);
  }
  await db.schema.dropTable('kept_images').ifExists().execute();
  await db.schema.dropTable('history').ifExists().execute();
  await db.schema.dropTable('trash').ifExists().execute();
}
