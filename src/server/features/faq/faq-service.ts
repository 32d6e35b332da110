import { nextUpdatedAt, nowIso, type Db } from '../../db/database.ts';
import { fieldProblem, InvalidInputError, NotFoundError, type FieldProblem } from '../../lib/domain-errors.ts';
import { assertVersion, staleOrGone } from '../../lib/concurrency.ts';
import { newId } from '../../lib/ids.ts';
import { LIMITS, type Faq, type FaqInput } from '../../../shared/schemas.ts';
import { tidyText } from '../../../shared/text.ts';
import type { Version } from '../../../shared/history.ts';
import { recordChange } from '../history/history-service.ts';
import { putInTrash } from '../trash/trash-service.ts';
import {
  countFaqs,
  deleteFaqRow,
  findFaqRow,
  insertFaq,
  latestGeneralChange,
  listFaqRows,
  listShownFaqRows,
  setFaqPosition,
  toFaq,
  updateFaq,
  type FaqRow,
} from './faq-repository.ts';
import { cityExists } from '../cities/cities-service.ts';
import { productExists } from '../cards/cards-service.ts';

/**
 * Whether a served city and a product (a product card, not a project) with these ids exist: asked
 * of the cities and the cards, whose tables this feature does not read (decision 034).
 */
async function placesExist(
  db: Db,
  cityId: string | null,
  cardId: string | null,
): Promise<{ city: boolean; card: boolean }> {
  const [city, card] = await Promise.all([
    cityId ? cityExists(db, cityId) : cityId === null,
    cardId ? productExists(db, cardId) : cardId === null,
  ]);
  return { city, card };
}

/** Paragraphs kept apart by one blank line, spaces inside a line made single, each trimmed. */
const tidyParagraphs = (s: string): string =>
  s
    .split(/\r?\n\s*\r?\n/)
    .map((p) =>
      tidyText(
        p
          .split(/\r?\n/)
          .map((l) => l.replace(/[ \t]+/g, ' ').trim())
          .join('\n'),
      ),
    )
    .filter(Boolean)
    .join('\n\n');

type Fields = Omit<FaqRow, 'id' | 'created_at' | 'updated_at' | 'position'>;

/**
 * The stored values of a save, every refused field at once: the English question and answer are
 * written together or not at all (the English pages then show the Arabic pair), and a question is
 * general, a city's or a product's, not two at once.
 */
async function normalise(db: Db, input: FaqInput, current?: FaqRow): Promise<Fields> {
  const problems: FieldProblem[] = [];
  const out: Fields = {
    question_ar: tidyText(input.questionAr.replace(/\s+/g, ' ')),
    answer_ar: tidyParagraphs(input.answerAr),
    question_en: tidyText(input.questionEn.replace(/\s+/g, ' ')),
    answer_en: tidyParagraphs(input.answerEn),
    city_id: input.cityId,
    card_id: input.cardId,
    enabled: input.enabled ? 1 : 0,
  };
  if (out.question_en && !out.answer_en) problems.push(fieldProblem('answerEn', 'faq.answer_en'));
  if (out.answer_en && !out.question_en) problems.push(fieldProblem('questionEn', 'faq.question_en'));
  if (out.city_id !== null && out.card_id !== null) problems.push(fieldProblem('cardId', 'faq.both_places'));
  // A tie kept as it was may name a city or product now in the trash: it comes back with it.
  const exist = await placesExist(
    db,
    out.city_id === current?.city_id ? null : out.city_id,
    out.card_id === current?.card_id ? null : out.card_id,
  );
  if (!exist.city) problems.push(fieldProblem('cityId', 'faq.no_city'));
  if (!exist.card) problems.push(fieldProblem('cardId', 'faq.no_card'));
  const refused = InvalidInputError.of(problems);
  if (refused) throw refused;
  return out;
}

/** Every question, on or off, in order: the admin's list. */
export async function listFaqs(db: Db): Promise<Faq[]> {
  return (await listFaqRows(db)).map(toFaq);
}

/** The questions a public page shows: switched on, in order; general ones (/faq), a city's or a product's. */
export async function shownFaqs(
  db: Db,
  where: { general: true } | { cityId: string } | { cardId: string },
): Promise<Faq[]> {
  return (await listShownFaqRows(db, where)).map(toFaq);
}

/** When the questions page last changed (the sitemap's lastmod); '' when it shows none. */
export const faqPageChanged = (db: Db): Promise<string> => latestGeneralChange(db);

/** How many questions are switched on (the launch checklist). */
export const countShownFaqs = (db: Db): Promise<number> => countFaqs(db, true);

/** A question as its History keeps it: its stored fields by their API names (decision 026). */
export const faqVersion = (r: FaqRow): Version => ({
  questionAr: r.question_ar,
  answerAr: r.answer_ar,
  questionEn: r.question_en,
  answerEn: r.answer_en,
  cityId: r.city_id,
  cardId: r.card_id,
  enabled: Number(r.enabled) === 1,
  updatedAt: r.updated_at,
});

export async function createFaq(db: Db, input: FaqInput, actor = ''): Promise<Faq> {
  return db.transaction().execute(async (trx) => {
    const count = await countFaqs(trx);
    if (count >= LIMITS.faqs) throw new InvalidInputError('questionAr', 'faq.too_many', { max: LIMITS.faqs });
    const fields = await normalise(trx, input);
    const now = nowIso();
    const row: FaqRow = {
      id: newId(),
      ...fields,
      position: input.position ?? count,
      created_at: now,
      updated_at: now,
    };
    await insertFaq(trx, row);
    await recordChange(trx, {
      kind: 'faq',
      itemId: row.id,
      title: row.question_ar,
      before: null,
      after: faqVersion(row),
      actor,
    });
    return toFaq(row);
  });
}

/** A full save; with `expected` (the updatedAt read), 409 when the question changed since. */
export async function saveFaq(
  db: Db,
  id: string,
  input: FaqInput,
  expected: string | undefined,
  actor = '',
): Promise<Faq> {
  return db.transaction().execute(async (trx) => {
    const current = await findFaqRow(trx, id);
    if (!current) throw new NotFoundError('faq.not_found');
    assertVersion(expected, current.updated_at);
    const fields = await normalise(trx, input, current);
    const changes = {
      ...fields,
      position: input.position ?? current.position,
      updated_at: nextUpdatedAt(current.updated_at),
    };
    if (!(await updateFaq(trx, id, changes, current.updated_at)))
      await staleOrGone(() => findFaqRow(trx, id), expected, 'faq.not_found');
    const saved = (await findFaqRow(trx, id))!;
    await recordChange(trx, {
      kind: 'faq',
      itemId: id,
      title: saved.question_ar,
      before: faqVersion(current),
      after: faqVersion(saved),
      actor,
    });
    return toFaq(saved);
  });
}

/**
 * Puts the questions in the given order. The list must name every question once: a list read before
 * another was added or deleted is refused (400 naming ids), so no question loses its place.
 */
export async function reorderFaqs(db: Db, ids: readonly string[]): Promise<Faq[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await listFaqRows(trx);
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== rows.length || ids.some((id) => !known.has(id))) throw new InvalidInputError('ids', 'faq.order');
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [position, id] of ids.entries()) {
      const row = byId.get(id)!;
      if (Number(row.position) !== position) await setFaqPosition(trx, id, position, nextUpdatedAt(row.updated_at));
    }
    return (await listFaqRows(trx)).map(toFaq);
  });
}

/** Moves a question to the Trash (restorable for TRASH_DAYS, with its place and tie), recording the deletion. */
export async function deleteFaq(db: Db, id: string, actor = ''): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await findFaqRow(trx, id);
    if (!row) return false;
    await putInTrash(trx, { id, kind: 'faq', title: row.question_ar, image: '', snapshot: { row }, deletedBy: actor });
    await recordChange(trx, {
      kind: 'faq',
      itemId: id,
      title: row.question_ar,
      before: faqVersion(row),
      after: null,
      actor,
    });
    return deleteFaqRow(trx, id);
  });
}
