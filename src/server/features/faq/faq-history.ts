import { nextUpdatedAt, type Db } from '../../db/database.ts';
import { assertVersion, staleOrGone } from '../../lib/concurrency.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import type { Version } from '../../../shared/history.ts';
import type { ContentKind } from '../history/content-kind.ts';
import { recordChange } from '../history/history-service.ts';
import { findInTrash } from '../trash/trash-service.ts';
import { findFaqRow, insertFaq, updateFaq, type FaqRow } from './faq-repository.ts';
import { deleteFaq, faqVersion } from './faq-service.ts';

/**
 * The questions as the History and the Trash restore them (history/content-kind.ts): a question
 * comes back from the Trash exactly as it was (same id, place and tie); a version sets its words,
 * tie and on/off back, its place in the order staying.
 */

const GONE = 'faq.not_found';

/** The question's updatedAt now, undefined when it is not there. */
const faqUpdatedAt = async (db: Db, id: string): Promise<string | undefined> => (await findFaqRow(db, id))?.updated_at;

/** Sets a question back to a version; answers the change made, or undefined when it already was that version. */
async function applyFaqVersion(
  db: Db,
  id: string,
  v: Version,
  expected: string | undefined,
  actor: string,
): Promise<string | undefined> {
  const current = await findFaqRow(db, id);
  if (!current) throw new NotFoundError(GONE);
  assertVersion(expected, current.updated_at);
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : '');
  const id_ = (k: string) => (typeof v[k] === 'string' && v[k] !== '' ? (v[k] as string) : null);
  const changes = {
    question_ar: str('questionAr'),
    answer_ar: str('answerAr'),
    question_en: str('questionEn'),
    answer_en: str('answerEn'),
    city_id: id_('cityId'),
    card_id: id_('cardId'),
    enabled: v.enabled === false ? 0 : 1,
    position: current.position,
    updated_at: nextUpdatedAt(current.updated_at),
  };
  if (!(await updateFaq(db, id, changes, current.updated_at)))
    await staleOrGone(() => findFaqRow(db, id), expected, GONE);
  const now = (await findFaqRow(db, id))!;
  return recordChange(db, {
    kind: 'faq',
    itemId: id,
    title: now.question_ar,
    before: faqVersion(current),
    after: faqVersion(now),
    actor,
  });
}

export const faqKind: ContentKind = {
  current: faqUpdatedAt,
  apply: async (trx, id, v, run) => {
    // A question deleted since comes back from the Trash first, then takes the version's words.
    let restored: string | undefined;
    let expected = run.expected;
    if ((await faqUpdatedAt(trx, id)) === undefined) {
      if (!(await findInTrash(trx, id))) throw new NotFoundError(GONE);
      restored = await run.fromTrash();
      expected = undefined;
    }
    return (await applyFaqVersion(trx, id, v, expected, run.actor)) ?? restored;
  },
  trash: {
    putBack: async (trx, _id, snapshot) => {
      await insertFaq(trx, snapshot.row as FaqRow);
      return faqVersion(snapshot.row as FaqRow);
    },
    deleteAgain: async (deps, id, expected, actor) => {
      const at = await faqUpdatedAt(deps.db, id);
      if (at !== undefined) assertVersion(expected, at);
      if (!(await deleteFaq(deps.db, id, actor))) throw new NotFoundError(GONE);
    },
  },
};
