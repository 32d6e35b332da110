import type { Db } from '../../db/database.ts';
import { storedImageNames } from '../images/image-store.ts';
import {
  changedFields,
  imagesOf,
  insertHistoryRow,
  keepImageRows,
  trimVersions,
  type Change,
} from './history-repository.ts';

/**
 * The History as a service (decision 026; issue 32): every other feature's service records its
 * changes here, in its own transaction, and no repository writes the history. One feature
 * reaches another's tables through that feature's service (decision 034).
 */
export {
  changedFields,
  deleteHistoryOf,
  findHistory,
  forgetImages,
  keepVersions,
  latestChangeOf,
  listHistory,
  pruneHistory,
  type Change,
} from './history-repository.ts';

/**
 * Keeps the images an owner row names until the row goes (forgetImages). An item can name an
 * image that is not stored (a site upgraded from files that were already lost): there is nothing
 * to keep then, and the change it belongs to must not fail for it.
 */
export async function keepImages(db: Db, owner: string, images: string[]): Promise<void> {
  const names = [...new Set(images)].filter((name) => name !== '');
  if (names.length === 0) return;
  await keepImageRows(db, owner, await storedImageNames(db, names));
}

/**
 * Records one change in the caller's transaction; a change that changed nothing is not recorded.
 * Keeps the images its versions name, and trims the item's versions to HISTORY_VERSIONS from the
 * write on. Answers its id.
 */
export async function recordChange(db: Db, change: Change): Promise<string | undefined> {
  const fields = changedFields(change.before, change.after);
  if (fields.length === 0 && change.before !== null && change.after !== null) return undefined;
  const id = await insertHistoryRow(db, change, fields);
  await keepImages(db, `history:${id}`, [...imagesOf(change.before), ...imagesOf(change.after)]);
  await trimVersions(db, change.kind, change.itemId);
  return id;
}
