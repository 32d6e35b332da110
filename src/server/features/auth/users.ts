import type { Db } from '../../db/database.ts';
import { nextUpdatedAt } from '../../db/database.ts';

export interface UserRow {
  id: string;
  email: string;
  passwordHash: string;
  updatedAt: string;
}

const toUser = (row: { id: string; email: string; password_hash: string; updated_at: string }): UserRow => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  updatedAt: row.updated_at,
});

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const row = await db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function setPasswordHash(db: Db, user: UserRow, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nextUpdatedAt(user.updatedAt) })
    .where('id', '=', user.id)
    .execute();
}
