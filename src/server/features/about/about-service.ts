import type { Db } from '../../db/database.ts';
import type { AboutText } from '../../../shared/about.ts';
import type { About, Language } from '../../../shared/schemas.ts';
import { recordChange } from '../history/history-service.ts';
import { writeAbout } from './about-repository.ts';

/** What other features read of the about texts (the pages): through this service (decision 034). */
export { getAbout } from './about-repository.ts';

/**
 * Creates or replaces the about text of one language. With `expectedUpdatedAt` (the version the
 * editor read) a save over someone else's newer save is refused with 409. Runs in its own
 * transaction unless given one. With `actor` (an admin's save) the text it replaced is kept in the history.
 */
export async function saveAbout(
  db: Db,
  language: Language,
  text: AboutText,
  expectedUpdatedAt?: string,
  actor?: string,
): Promise<About> {
  if (!db.isTransaction)
    return db.transaction().execute((trx) => saveAbout(trx, language, text, expectedUpdatedAt, actor));
  const { before, saved } = await writeAbout(db, language, text, expectedUpdatedAt);
  if (actor !== undefined) {
    const { language: _l, ...after } = saved;
    await recordChange(db, {
      kind: 'about',
      itemId: language,
      title: saved.title || (before?.title ?? ''),
      actor,
      before,
      after,
    });
  }
  return saved;
}
