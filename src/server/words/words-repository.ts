import type { Db } from '../db/database.ts';
import { isUniqueViolation, nowIso } from '../db/database.ts';
import { ConflictError } from '../lib/domain-errors.ts';
import { newId } from '../lib/ids.ts';
import type { Word } from '../../shared/schemas.ts';

export async function listWords(db: Db): Promise<Word[]> {
  const rows = await db.selectFrom('words').select(['id', 'word']).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({ _id: r.id, word: r.word }));
}

export async function addWord(db: Db, word: string): Promise<Word> {
  const id = newId();
  try {
    await db.insertInto('words').values({ id, word, word_key: word.toLocaleLowerCase(), created_at: nowIso() }).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(`The keyword "${word}" already exists.`);
    throw err;
  }
  return { _id: id, word };
}

/** True when a keyword was deleted. */
export async function deleteWord(db: Db, id: string): Promise<boolean> {
  const r = await db.deleteFrom('words').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
