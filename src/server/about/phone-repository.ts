import type { Db } from '../db/database.ts';
import { recordChange } from '../history/history-repository.ts';

const PHONE_KEY = 'phone';

export async function getPhone(db: Db): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', PHONE_KEY).executeTakeFirst();
  return row?.value ?? '';
}

/**
 * Stores the number with runs of spaces collapsed; returns what was stored. With `actor` (an
 * admin's change) the number it replaced is kept in the history.
 */
export async function setPhone(db: Db, phone: string, actor?: string): Promise<string> {
  if (actor !== undefined && !db.isTransaction) return db.transaction().execute((trx) => setPhone(trx, phone, actor));
  const value = phone.replace(/\s+/g, ' ').trim();
  const before = actor === undefined ? undefined : await getPhone(db);
  await db.insertInto('settings').values({ key: PHONE_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  if (actor !== undefined) {
    await recordChange(db, { kind: 'phone', itemId: 'phone', title: value, before: { phone: before ?? '' }, after: { phone: value }, actor });
  }
  return value;
}
