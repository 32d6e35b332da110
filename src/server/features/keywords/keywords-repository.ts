import type { Db } from '../../db/database.ts';
import { isUniqueViolation, nowIso } from '../../db/database.ts';
import { ConflictError } from '../../lib/domain-errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordChange } from '../history/history-repository.ts';
import { putInTrash } from '../trash/trash-repository.ts';
import type { Word } from '../../../shared/schemas.ts';

export async function listWords(db: Db): Promise<Word[]> {
  const rows = await db.selectFrom('words').select(['id', 'word']).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({ _id: r.id, word: r.word }));
}

/** Adds a keyword; with `actor` (an admin's write, not the demo seed) the addition is kept in the history. */
export async function addWord(db: Db, word: string, actor?: string): Promise<Word> {
  const id = newId();
  const write = async (trx: Db) => {
    await trx
      .insertInto('words')
      .values({ id, word, word_key: word.toLocaleLowerCase(), created_at: nowIso() })
      .execute();
    if (actor !== undefined)
      await recordChange(trx, { kind: 'word', itemId: id, title: word, before: null, after: { word }, actor });
  };
  try {
    await (db.isTransaction || actor === undefined ? write(db) : db.transaction().execute(write));
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(`The keyword "${word}" already exists.`);
    throw err;
  }
  return { _id: id, word };
}

/** Moves a keyword to the trash; true when there was one. */
export async function deleteWord(db: Db, id: string, actor = ''): Promise<boolean> {
  if (!db.isTransaction) return db.transaction().execute((trx) => deleteWord(trx, id, actor));
  const row = await db.selectFrom('words').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return false;
  await putInTrash(db, { id, kind: 'word', title: row.word, image: '', snapshot: { row }, deletedBy: actor });
  await recordChange(db, { kind: 'word', itemId: id, title: row.word, before: { word: row.word }, after: null, actor });
  await db.deleteFrom('words').where('id', '=', id).execute();
  return true;
}
