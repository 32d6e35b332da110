import type { Db } from '../../db/database.ts';
import { recordChange } from '../history/history-service.ts';
import { InvalidInputError } from '../../lib/domain-errors.ts';
import { phone as phones } from '../../lib/phone.ts';
import { getPhone, removePhone, storePhone } from './phone-repository.ts';

/** What other features read of the number (the pages, the launch checklist): through this service (decision 034). */
export { getPhone } from './phone-repository.ts';

/**
 * Checks the number as a phone number and stores it in international form; returns what was stored.
 * With `actor` (an admin's change) the number it replaced is kept in the history.
 */
export async function setPhone(db: Db, phone: string, actor?: string): Promise<string> {
  const value = phones.international(phone);
  if (!value) throw new InvalidInputError('phoneNumber', 'phone.invalid', { field: 'phoneNumber' });
  if (actor !== undefined && !db.isTransaction) return db.transaction().execute((trx) => setPhone(trx, phone, actor));
  const before = actor === undefined ? undefined : await getPhone(db);
  await storePhone(db, value);
  if (actor !== undefined) {
    await recordChange(db, {
      kind: 'phone',
      itemId: 'phone',
      title: value,
      before: { phone: before ?? '' },
      after: { phone: value },
      actor,
    });
  }
  return value;
}

/**
 * Removes the number (a site starts without one; restoring that version from the history brings
 * back "no number", which no phone check would let setPhone store). The number it removes is kept
 * in the history.
 */
export async function clearPhone(db: Db, actor: string): Promise<void> {
  const before = await getPhone(db);
  if (before === '') return;
  await removePhone(db);
  await recordChange(db, {
    kind: 'phone',
    itemId: 'phone',
    title: '',
    before: { phone: before },
    after: { phone: '' },
    actor,
  });
}
