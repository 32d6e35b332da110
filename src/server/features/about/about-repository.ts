import type { Db } from '../../db/database.ts';
import { nextUpdatedAt } from '../../db/database.ts';
import { assertSwapped, assertVersion } from '../../lib/concurrency.ts';
import { EMPTY_ABOUT, pickAbout, type AboutText } from '../../../shared/about.ts';
import type { About, Language } from '../../../shared/schemas.ts';

/** The about text of one language; empty strings (and an empty updatedAt) before it is first saved. */
export async function getAbout(db: Db, language: Language): Promise<About> {
  const row = await db.selectFrom('about').selectAll().where('language', '=', language).executeTakeFirst();
  if (!row) return { ...EMPTY_ABOUT, language, updatedAt: '' };
  return { ...pickAbout(row), language: row.language, updatedAt: row.updated_at };
}

/** The stored about text of one language before a write, as a History version; null before it is first saved. */
export interface AboutWrite {
  before: (AboutText & { updatedAt: string }) | null;
  saved: About;
}

/**
 * Creates or replaces the about text of one language, in the transaction the caller holds. With
 * `expectedUpdatedAt` (the version the editor read) a save over someone else's newer save is
 * refused with 409. Answers what it replaced (for the History) and what it stored.
 */
export async function writeAbout(
  db: Db,
  language: Language,
  text: AboutText,
  expectedUpdatedAt?: string,
): Promise<AboutWrite> {
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
  return {
    before: current ? { ...pickAbout(current), updatedAt: current.updated_at } : null,
    saved: { ...fields, language, updatedAt },
  };
}

/** The about text's version now ('' before it is first saved): what the History screen sends back. */
export async function aboutUpdatedAt(db: Db, language: Language): Promise<string> {
  const row = await db.selectFrom('about').select('updated_at').where('language', '=', language).executeTakeFirst();
  return row?.updated_at ?? '';
}
