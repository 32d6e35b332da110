import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { ConflictError } from '../../lib/domain-errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordChange } from '../history/history-service.ts';
import { putInTrash } from '../trash/trash-service.ts';
import type { Word } from '../../../shared/schemas.ts';
import { deleteWordRow, findWordRow, insertWord } from './keywords-repository.ts';

/**
 * The keywords' writes: the row, its History entry and, for a deletion, its place in the Trash, in
 * one transaction. What other features read of them (the pages) is exported here too
 * (decision 034).
 */
export { listWords } from './keywords-repository.ts';

/** Adds a keyword; with `actor` (an admin's write, not the demo seed) the addition is kept in the history. */
export async function addWord(db: Db, word: string, actor?: string): Promise<Word> {
  const id = newId();
  const write = async (trx: Db) => {
    await insertWord(trx, id, word);
    if (actor !== undefined)
      await recordChange(trx, { kind: 'word', itemId: id, title: word, before: null, after: { word }, actor });
  };
  try {
    await (db.isTransaction || actor === undefined ? write(db) : db.transaction().execute(write));
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError('keyword.taken', { word });
    throw err;
  }
  return { _id: id, word };
}

/** Moves a keyword to the trash; true when there was one. */
export async function deleteWord(db: Db, id: string, actor = ''): Promise<boolean> {
  if (!db.isTransaction) return db.transaction().execute((trx) => deleteWord(trx, id, actor));
  const row = await findWordRow(db, id);
  if (!row) return false;
  await putInTrash(db, { id, kind: 'word', title: row.word, image: '', snapshot: { row }, deletedBy: actor });
  await recordChange(db, { kind: 'word', itemId: id, title: row.word, before: { word: row.word }, after: null, actor });
  await deleteWordRow(db, id);
  return true;
}
