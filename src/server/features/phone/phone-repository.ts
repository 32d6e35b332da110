import type { Db } from '../../db/database.ts';
import { phone as phones } from '../../lib/phone.ts';

const PHONE_KEY = 'phone';

/**
 * The stored number, in international form. A number stored before numbers were checked is
 * answered in international form when it is a valid number, else as it was stored.
 */
export async function getPhone(db: Db): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', PHONE_KEY).executeTakeFirst();
  const stored = row?.value ?? '';
  return phones.international(stored) ?? stored;
}

/** Stores a number already checked (phone-service.ts checks it). */
export async function storePhone(db: Db, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: PHONE_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Removes the stored number. */
export async function removePhone(db: Db): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', PHONE_KEY).execute();
}
