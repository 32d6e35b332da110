import { sql, type Kysely } from 'kysely';
import { engineOf } from './dialect.ts';

/** The PostgreSQL channel every content write notifies on commit; each server listens on it. */
export const CONTENT_CHANNEL = 'content_changed';

/** Tables whose rows the public pages and the cached API answers show. */
const CONTENT_TABLES = ['cards', 'card_details', 'slides', 'about', 'words', 'settings'] as const;

/**
 * Settings rows that no page shows: writing them must not flush every server's cache. Any other key
 * (the phone, the contact details, a key added later) counts as content, so a new key errs towards
 * a needless flush, never towards a stale page.
 */
const PRIVATE_SETTINGS = ['device-cookie-key', 'demo-seeded-at'] as const;

const privateKeys = sql.join(PRIVATE_SETTINGS.map((k) => sql.lit(k)));

/**
 * Installs the triggers that bump `content_version` inside every transaction that writes content,
 * so the version and the content commit (or roll back) together. The only dialect-specific code of
 * the shared content version is here.
 */
export async function createContentTriggers(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

export async function dropContentTriggers(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop function if exists content_changed() cascade`.execute(db);
    return;
  }
  for (const table of CONTENT_TABLES) {
    for (const event of ['insert', 'update', 'delete'])
      await sql`drop trigger if exists ${sql.id(`${table}_content_${event}`)}`.execute(db);
  }
}

const isPostgres = (db: Kysely<unknown>): boolean => engineOf(db) === 'postgres';

/**
 * SQLite has one writer at a time, so a plain row trigger cannot deadlock; one trigger per event.
 */
async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const bump = sql`update content_version set version = version + 1 where id = 1;`;
  for (const table of CONTENT_TABLES) {
    for (const event of ['insert', 'update', 'delete'] as const) {
      const row = event === 'delete' ? sql`old` : sql`new`;
      const when = table === 'settings' ? sql`when ${row}.key not in (${privateKeys})` : sql``;
      await sql`create trigger ${sql.id(`${table}_content_${event}`)} after ${sql.raw(event)} on ${sql.id(table)}
        for each row ${when} begin ${bump} end`.execute(db);
    }
  }
}

/**
 * PostgreSQL: the version row is updated by a constraint trigger deferred to commit. Taken earlier
 * (a plain row trigger), that row's lock would be held from a transaction's first content write to
 * its end, and two admin writes touching the same rows in a different order would deadlock on it;
 * taken at commit it is the last lock a transaction asks for. The notification is sent at commit
 * too (PostgreSQL delivers it only then), with an empty payload so a transaction that writes many
 * rows sends one message (identical notifications of one transaction are folded into one).
 */
async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function content_changed() returns trigger language plpgsql as $$
    begin
      update content_version set version = version + 1 where id = 1;
      perform pg_notify(${sql.lit(CONTENT_CHANNEL)}, '');
      return null;
    end $$`.execute(db);
  for (const table of CONTENT_TABLES) {
    const name = (suffix: string) => sql.id(`${table}_content_${suffix}`);
    if (table === 'settings') {
      // WHEN of an insert trigger cannot name OLD, nor a delete trigger NEW: one trigger for each.
      await sql`create constraint trigger ${name('write')} after insert or update on settings
        deferrable initially deferred for each row when (new.key not in (${privateKeys})) execute function content_changed()`.execute(
        db,
      );
      await sql`create constraint trigger ${name('delete')} after delete on settings
        deferrable initially deferred for each row when (old.key not in (${privateKeys})) execute function content_changed()`.execute(
        db,
      );
    } else {
      await sql`create constraint trigger ${name('write')} after insert or update or delete on ${sql.id(table)}
        deferrable initially deferred for each row execute function content_changed()`.execute(db);
    }
    // TRUNCATE (a restore may use it) has no row triggers; it is an exclusive write anyway.
    await sql`create trigger ${name('truncate')} after truncate on ${sql.id(table)}
      for each statement execute function content_changed()`.execute(db);
  }
}

/** The triggers of one content table added after migration 003 (the cities of migration 012). */
export async function createTableContentTriggers(db: Kysely<unknown>, table: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`create constraint trigger ${sql.id(`${table}_content_write`)} after insert or update or delete on ${sql.id(table)}
      deferrable initially deferred for each row execute function content_changed()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_content_truncate`)} after truncate on ${sql.id(table)}
      for each statement execute function content_changed()`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete'] as const) {
    await sql`create trigger ${sql.id(`${table}_content_${event}`)} after ${sql.raw(event)} on ${sql.id(table)}
      for each row begin update content_version set version = version + 1 where id = 1; end`.execute(db);
  }
}

export async function dropTableContentTriggers(db: Kysely<unknown>, table: string): Promise<void> {
  if (isPostgres(db)) {
    for (const suffix of ['write', 'truncate'])
      await sql`drop trigger if exists ${sql.id(`${table}_content_${suffix}`)} on ${sql.id(table)}`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete'])
    await sql`drop trigger if exists ${sql.id(`${table}_content_${event}`)}`.execute(db);
}

/**
 * A photo's focal point (images.focus_x, focus_y) is shown by every page that crops it, so moving
 * it is a content write; the rest of an image row (its upload time, touched by a repeated upload)
 * is not, and new or deleted images are not shown until a card or slide names them.
 */
export async function createFocusTriggers(db: Kysely<unknown>): Promise<void> {
  const moved = sql`new.focus_x is distinct from old.focus_x or new.focus_y is distinct from old.focus_y`;
  if (isPostgres(db)) {
    await sql`create constraint trigger images_content_focus after update of focus_x, focus_y on images
      deferrable initially deferred for each row when (${moved}) execute function content_changed()`.execute(db);
    return;
  }
  await sql`create trigger images_content_focus after update of focus_x, focus_y on images
    for each row when new.focus_x is not old.focus_x or new.focus_y is not old.focus_y
    begin update content_version set version = version + 1 where id = 1; end`.execute(db);
}

export async function dropFocusTriggers(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`drop trigger if exists images_content_focus on images`.execute(db);
  else await sql`drop trigger if exists images_content_focus`.execute(db);
}
