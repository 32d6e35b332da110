import { sql, type Kysely } from 'kysely';
import { blobType, engineOf } from '../dialect.ts';

/**
 * Image bytes move into the database (every server serves every image, one thing to back up), and
 * cards, detail items and slides may only name an image that is stored.
 *
 * image_files holds the re-encoded original and each resized variant, one row per served file name
 * (`NAME.webp`, `NAME-320.webp`, …); deleting an image deletes its files with it.
 *
 * The references: on PostgreSQL real foreign keys, added NOT VALID so a database whose content names
 * an image that is already gone still upgrades (the key holds for every new write), then validated
 * when nothing dangles. On SQLite a foreign key can only be added by rebuilding the three tables,
 * which needs foreign keys switched off outside any transaction and a copy of every column other
 * releases add; triggers give the same guarantee in place: a write naming an unknown image, or the
 * deletion of an image still named, is refused by the database inside the writer's transaction.
 * Their messages read like SQLite's own foreign-key failure so one check recognises both.
 * The files of an existing site are moved in by moveUploadsIntoDatabase at start (it needs DATA_DIR).
 */
const REFERRING = ['cards', 'card_details', 'slides'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  // SQLite runs migrations outside a transaction: this one takes its own, so it lands whole or not at all.
  if (engine === 'sqlite') await db.transaction().execute((trx) => apply(trx, engine));
  else await apply(db, engine);
}

async function apply(db: Kysely<unknown>, engine: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('image_files')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('image', 'text', (c) => c.notNull().references('images.name').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('bytes', blobType(engine), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('image_files_image_idx').on('image_files').column('image').execute();
  // Whether an image is still used is asked on every release and every deletion.
  for (const table of REFERRING) await db.schema.createIndex(`${table}_image_idx`).on(table).column('image').execute();

  if (engine === 'postgres') {
    // WebP is compressed already: PostgreSQL would only spend time trying to compress it again.
    await sql`ALTER TABLE image_files ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
    for (const table of REFERRING) {
      await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(`${table}_image_fk`)} FOREIGN KEY (image) REFERENCES images (name) NOT VALID`.execute(
        db,
      );
      const dangling = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM ${sql.table(table)} t WHERE NOT EXISTS (SELECT 1 FROM images i WHERE i.name = t.image)`.execute(
        db,
      );
      if (dangling.rows[0]?.n === 0)
        await sql`ALTER TABLE ${sql.table(table)} VALIDATE CONSTRAINT ${sql.id(`${table}_image_fk`)}`.execute(db);
    }
    return;
  }
  for (const table of REFERRING) {
    const refused = sql.lit(`FOREIGN KEY constraint failed: ${table}_image_fk`);
    const unknown = sql`NOT EXISTS (SELECT 1 FROM images WHERE name = NEW.image)`;
    await sql`CREATE TRIGGER ${sql.id(`${table}_image_insert`)} BEFORE INSERT ON ${sql.table(table)}
      WHEN ${unknown} BEGIN SELECT RAISE(ABORT, ${refused}); END`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`${table}_image_update`)} BEFORE UPDATE OF image ON ${sql.table(table)}
      WHEN NEW.image IS NOT OLD.image AND ${unknown} BEGIN SELECT RAISE(ABORT, ${refused}); END`.execute(db);
  }
  await sql`CREATE TRIGGER images_in_use BEFORE DELETE ON images
    WHEN EXISTS (SELECT 1 FROM cards WHERE image = OLD.name)
      OR EXISTS (SELECT 1 FROM card_details WHERE image = OLD.name)
      OR EXISTS (SELECT 1 FROM slides WHERE image = OLD.name)
    BEGIN SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: images_in_use'); END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  for (const table of REFERRING) {
    if (engine === 'postgres')
      await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT IF EXISTS ${sql.id(`${table}_image_fk`)}`.execute(db);
    else {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_image_insert`)}`.execute(db);
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_image_update`)}`.execute(db);
    }
    await db.schema.dropIndex(`${table}_image_idx`).ifExists().execute();
  }
  if (engine === 'sqlite') await sql`DROP TRIGGER IF EXISTS images_in_use`.execute(db);
  await db.schema.dropTable('image_files').ifExists().execute();
}
