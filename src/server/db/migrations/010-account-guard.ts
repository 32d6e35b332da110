import type { Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';

/**
 * The account's guard (issue 30): every change to how the owner signs in (a factor added or
 * removed, recovery codes replaced, other sessions ended, the password or the email changed) is a
 * row here, with what undoing it needs and the digest of the link the owner was emailed. The link
 * ends every session and undoes the change until a session older than the change confirms it.
 * `undo` may hold a factor's secret or an old password hash: the table is never in a backup.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite runs migrations outside a transaction: this one takes its own, so it lands whole or not at all.
  if (engineOf(db) === 'sqlite') await db.transaction().execute((trx) => apply(trx));
  else await apply(db);
}

async function apply(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // passkey-added, passkey-removed, totp-added, totp-removed, recovery-codes-replaced, sessions-ended, password-changed, email-changed
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON the owner is shown (a passkey's name, the new email).
    .addColumn('detail', 'text', (c) => c.notNull())
    // JSON of what undoing the change puts back.
    .addColumn('undo', 'text', (c) => c.notNull())
    // SHA-256 of the token in the emailed link.
    .addColumn('undo_token_hash', 'text', (c) => c.notNull().unique())
    // The public id of the session that made the change.
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('undone_at', 'text')
    .execute();
  await db.schema
    .createIndex('account_changes_user_idx')
    .on('account_changes')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_changes').ifExists().execute();
}
