import type { Db } from '../../db/database.ts';
import { nextUpdatedAt } from '../../db/database.ts';
import { assertSwapped, assertVersion } from '../../lib/concurrency.ts';
import { EMPTY_ABOUT, pickAbout, type AboutText } from '../../../shared/about.ts';
import type { About, Language } from '../../../shared/schemas.ts';
import { recordChange } from '../history/history-repository.ts';

/** The about text of one language; empty strings (and an empty updatedAt) before it is first saved. */
export async function getAbout(db: Db, language: Language): Promise<About> {
  const row = await db.selectFrom('about').selectAll().where('language', '=', language).executeTakeFirst();
  if (!row) return { ...EMPTY_ABOUT, language, updatedAt: '' };
  return { ...pickAbout(row), language: row.language, updatedAt: row.updated_at };
}

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
  const current = await db.selectFrom('about').selectAll().where('language', '=', language).executeTakeFirst();
  assertVersion(expectedUpdatedAt, current?.updated_at ?? '');
  const fields = pickAbout(text);
  const updatedAt = nextUpdatedAt(current?.updated_at ?? '');
  if (current) {
    // Compare-and-set: of two saves that read the same version, only the first lands when a version was given.
    let q = db
      .updateTable('about')
      .set({ ...fields, updated_at: updatedAt })
      .where('language', '=', language);
    if (expectedUpdatedAt !== undefined) q = q.where('updated_at', '=', current.updated_at);
    const r = await q.executeTakeFirst();
    assertSwapped(r);
  } else {
    await db
      .insertInto('about')
      .values({ language, ...fields, updated_at: updatedAt })
      .onConflict((oc) => oc.column('language').doUpdateSet({ ...fields, updated_at: updatedAt }))
      .execute();
  }
  if (actor !== undefined) {
    await recordChange(db, {
      kind: 'about',
      itemId: language,
      title: fields.title || (current?.title ?? ''),
      actor,
      before: current ? { ...pickAbout(current), updatedAt: current.updated_at } : null,
      after: { ...fields, updatedAt },
    });
  }
  return { ...fields, language, updatedAt };
}
