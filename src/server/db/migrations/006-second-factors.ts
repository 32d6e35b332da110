import type { Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';

/**
 * Second factors of the admin account: passkeys (WebAuthn credentials), an authenticator app's
 * secret (TOTP) and single-use recovery codes; the WebAuthn challenges and the half-done sign-ins
 * (right password, second factor still owed) live here too, so every server sees the same ones.
 * Resets gain `factor_checked_at`: with a factor on, the emailed code alone sets no password.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite runs migrations outside a transaction: this one takes its own, so it lands whole or not at all.
  if (engineOf(db) === 'sqlite') await db.transaction().execute((trx) => apply(trx));
  else await apply(db);
}

async function apply(db: Kysely<any>): Promise<void> {
  const userRef = (c: any) => c.notNull().references('users.id').onDelete('cascade');
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', userRef)
    // The credential's id as the browser sends it (base64url), and its COSE public key (base64url).
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    // The authenticator's signature counter (0 for those that keep none); bigint holds all 32 bits.
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('totp_factors')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    // Null while the owner has scanned the code but not yet confirmed it with a first code.
    .addColumn('confirmed_at', 'text')
    // The time step of the last code accepted: a code is accepted once, and never an older one.
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', userRef)
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    // 'register' (bound to the signed-in account) or 'sign-in' (bound to an account only as a second step).
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sign_in_steps')
    // SHA-256 of the ticket handed to the browser; the ticket itself is never stored.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', userRef)
    // 'sign-in' (a session follows) or 'reset' (the reset named by reset_id may then set a password).
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('reset_id', 'text')
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('password_resets').addColumn('factor_checked_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('password_resets').dropColumn('factor_checked_at').execute();
  for (const table of ['sign_in_steps', 'webauthn_challenges', 'recovery_codes', 'totp_factors', 'passkeys']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
