import type { Db } from '../db/database.ts';

const PHONE_KEY = 'phone';

export async function getPhone(db: Db): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', PHONE_KEY).executeTakeFirst();
  return row?.value ?? '';
}

/** Stores the number with runs of spaces collapsed; returns what was stored. */
export async function setPhone(db: Db, phone: string): Promise<string> {
  const value = phone.replace(/\s+/g, ' ').trim();
  await db.insertInto('settings').values({ key: PHONE_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  return value;
}
