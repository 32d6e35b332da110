import type { Db } from '../../db/database.ts';
import { ConflictError, InvalidInputError } from '../../lib/domain-errors.ts';
import { phone as phones } from '../../lib/phone.ts';
import { writeRow } from '../settings/settings-service.ts';
import { phoneRow } from './phone-repository.ts';

/** The stored number, in international form ('' when there is none). What other features read (the pages, the launch checklist): through this service (decision 034). */
export const getPhone = async (db: Db): Promise<string> => (await phoneRow.get(db)).phone;

/** A number checked as a phone number, in international form. */
function checked(phone: string): string {
  const value = phones.international(phone);
  if (!value) throw new InvalidInputError('phoneNumber', 'phone.invalid', { field: 'phoneNumber' });
  return value;
}

/**
 * Checks the number as a phone number and stores it in international form; returns what was stored.
 * With `actor` (an admin's change) the number it replaced is kept in the History. The contract's
 * call sends no version, so the last save wins: a save that loses the race to another is made again
 * on top of it (up to five times), as a plain overwrite did before.
 */
export async function setPhone(db: Db, phone: string, actor?: string): Promise<string> {
  const value = checked(phone);
  if (db.isTransaction) return writePhone(db, value, actor);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute((trx) => writePhone(trx, value, actor));
    } catch (err) {
      if (!(err instanceof ConflictError) || attempt >= 5) throw err;
    }
  }
}

/**
 * Removes the number, in the transaction the caller holds (a site starts without one; restoring
 * that version from the History brings back "no number", which no phone check would let setPhone
 * store). The number it removes is kept in the History.
 */
export async function clearPhone(db: Db, actor: string): Promise<void> {
  await writePhone(db, '', actor);
}

const writePhone = async (db: Db, phone: string, actor: string | undefined): Promise<string> =>
  (await writeRow(phoneRow, db, { phone }, undefined, actor)).phone;
