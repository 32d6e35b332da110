import { isUniqueViolation } from '../../db/database.ts';
import { ConflictError, NotFoundError } from '../../lib/domain-errors.ts';
import type { ContentKind } from '../history/content-kind.ts';
import { recordChange } from '../history/history-service.ts';
import { str } from '../history/versions.ts';
import { findInTrash } from '../trash/trash-service.ts';
import { findWordRow, insertWord, insertWordRow, type WordRow } from './keywords-repository.ts';
import { deleteWord } from './keywords-service.ts';

/**
 * The keywords as the History and the Trash restore them (history/content-kind.ts). A keyword has
 * no updatedAt (a version is only its word) and no two are the same: one taken since answers 409.
 */

const TAKEN = 'history.keyword_taken';

export const wordKind: ContentKind = {
  current: async (db, id) => ((await findWordRow(db, id)) ? '' : undefined),
  // A keyword is never edited: its only version to restore is the one before its deletion.
  apply: async (trx, id, v, run) => {
    if (await findWordRow(trx, id)) return undefined;
    if (await findInTrash(trx, id)) return run.fromTrash();
    try {
      await insertWord(trx, id, str(v, 'word'), new Date().toISOString());
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(TAKEN);
      throw err;
    }
    return recordChange(trx, {
      kind: 'word',
      itemId: id,
      title: str(v, 'word'),
      before: null,
      after: { word: str(v, 'word') },
      actor: run.actor,
    });
  },
  trash: {
    putBack: async (trx, _id, snapshot) => {
      await insertWordRow(trx, snapshot.row as WordRow);
      return { word: String(snapshot.row.word) };
    },
    taken: TAKEN,
    deleteAgain: async (deps, id, _expected, actor) => {
      if (!(await deleteWord(deps.db, id, actor))) throw new NotFoundError('keyword.not_found');
    },
  },
};
