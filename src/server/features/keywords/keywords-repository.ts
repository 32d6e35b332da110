import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Word } from '../../../shared/schemas.ts';

export type WordRow = {
  id: string;
  word: string;
  word_key: string;
  created_at: string;
};

export async function listWords(db: Db): Promise<Word[]> {
  const rows = await db.selectFrom('words').select(['id', 'word']).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({ _id: r.id, word: r.word }));
}

export async function findWordRow(db: Db, id: string): Promise<WordRow | undefined> {
  return db.selectFrom('words').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Stores a keyword row as given (a restore puts one back with its id and date); a taken keyword is a unique violation. */
export async function insertWordRow(db: Db, row: WordRow): Promise<void> {
  await db.insertInto('words').values(row).execute();
}

/** Stores a new keyword under `id`; a taken keyword is a unique violation. */
export async function insertWord(db: Db, id: string, word: string, createdAt = nowIso()): Promise<void> {
  await insertWordRow(db, { id, word, word_key: word.toLocaleLowerCase(), created_at: createdAt });
}

export async function deleteWordRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('words').where('id', '=', id).execute();
}
