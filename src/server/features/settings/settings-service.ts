import type { Db } from '../../db/database.ts';
import { recordChange } from '../history/history-service.ts';
import type { SettingsRow } from './settings-row.ts';

/**
 * Stores a settings row's `fields` (already checked) in the transaction the caller holds (version
 * check and compare-and-set: settings-row.ts); with `actor` (an admin's change), the value it
 * replaced is kept in the History, in the same transaction.
 */
export async function writeRow<T extends { updatedAt: string }>(
  row: SettingsRow<T>,
  db: Db,
  fields: Omit<T, 'updatedAt'>,
  expected: string | undefined,
  actor?: string,
): Promise<T> {
  const { before, after } = await row.write(db, fields, expected);
  if (actor !== undefined && row.history) {
    await recordChange(db, {
      kind: row.history.kind,
      itemId: row.key,
      title: row.history.title(after),
      before: row.asVersion(before),
      after: row.asVersion(after),
      actor,
    });
  }
  return after;
}
