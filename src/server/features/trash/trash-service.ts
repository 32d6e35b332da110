import type { Db } from '../../db/database.ts';
import { forgetImages, keepImages } from '../history/history-service.ts';
import { deleteTrashRow, imagesIn, insertTrashRow, trashedBefore, type TrashEntry } from './trash-repository.ts';

/**
 * What another feature's service calls to put its deleted items in the Trash and take them out
 * (decision 026), without reaching into this feature's repository (decision 034). The images a
 * trashed item names are kept through the history's service, in the caller's transaction.
 */
export { findInTrash, listTrash, trashedCardTypes, type TrashEntry } from './trash-repository.ts';

/** Puts a deleted item in the trash, in the transaction that deletes it. */
export async function putInTrash(db: Db, entry: Omit<TrashEntry, 'deletedAt'>): Promise<void> {
  await forgetImages(db, `trash:${entry.id}`);
  await insertTrashRow(db, entry);
  await keepImages(db, `trash:${entry.id}`, imagesIn(entry.snapshot));
}

/** Takes an item out of the trash (restored or deleted forever); answers the images it kept. */
export async function removeFromTrash(db: Db, id: string): Promise<string[] | undefined> {
  if (!(await deleteTrashRow(db, id))) return undefined;
  return forgetImages(db, `trash:${id}`);
}

/** Deletes what was put in the trash before `before`; answers the images it kept, for the caller to release. */
export async function pruneTrash(db: Db, before: Date): Promise<string[]> {
  const freed: string[] = [];
  for (const id of await trashedBefore(db, before)) freed.push(...((await removeFromTrash(db, id)) ?? []));
  return freed;
}
