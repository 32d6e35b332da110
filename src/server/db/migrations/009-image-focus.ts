import { type Kysely } from 'kysely';
import { createFocusTriggers, dropFocusTriggers } from '../content-triggers.ts';
import { engineOf } from '../dialect.ts';

/**
 * Each photo keeps a focal point (issue 25): the spot the owner tapped, 0..1 across and down,
 * which every crop on the public pages keeps in view. It belongs to the image, not to the card or
 * slide that shows it, so the contract's bodies are unchanged. Existing images get the centre,
 * which is how they were cropped before. Moving it bumps the content version (content-triggers.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite runs migrations outside a transaction: this one takes its own, so it lands whole or not at all.
  if (engineOf(db) === 'sqlite') await db.transaction().execute(apply);
  else await apply(db);
}

async function apply(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('images')
    .addColumn('focus_x', 'double precision', (c) => c.notNull().defaultTo(0.5))
    .execute();
  await db.schema
    .alterTable('images')
    .addColumn('focus_y', 'double precision', (c) => c.notNull().defaultTo(0.5))
    .execute();
  await createFocusTriggers(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropFocusTriggers(db);
  await db.schema.alterTable('images').dropColumn('focus_y').execute();
  await db.schema.alterTable('images').dropColumn('focus_x').execute();
}
