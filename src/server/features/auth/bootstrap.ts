import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { generatePassword, hashPassword } from './passwords.ts';

const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * Creates the single admin on first start: from ADMIN_EMAIL/ADMIN_PASSWORD, or with a generated
 * strong password printed once (to the terminal, not the structured log).
 */
export async function ensureAdmin(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  const existing = await db.selectFrom('users').select('id').executeTakeFirst();
  if (existing) return;
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const password = config.adminPassword ?? generatePassword();
  const now = nowIso();
  await db
    .insertInto('users')
    .values({ id: newId(), email, password_hash: await hashPassword(password), created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  if (!config.adminPassword) {
    process.stdout.write(
      `\n  Admin account created. Sign in at ${config.publicUrl}/auth/login\n` +
        `    email:    ${email}\n    password: ${password}\n` +
        '  This password is shown only once. Set ADMIN_EMAIL to an address you read to be able to reset it by email.\n\n',
    );
  } else {
    app.log.info({ email }, 'admin account created from ADMIN_EMAIL');
  }
}
