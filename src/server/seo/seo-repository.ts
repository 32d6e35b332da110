import { nextUpdatedAt, type Db } from '../db/database.ts';
import { assertSwapped, assertVersion } from '../lib/concurrency.ts';
import type { Seo, SeoFields } from '../../shared/schemas.ts';

/**
 * The owner's search titles (the headline of the pages' titles and the home page's description,
 * in each language), one JSON settings row like the contact details. '' = the site's default.
 */
const SEO_KEY = 'seo';

const EMPTY_SEO: Seo = { titleAr: '', titleEn: '', descriptionAr: '', descriptionEn: '', updatedAt: '' };

function parse(value: string | undefined): Seo {
  if (!value) return { ...EMPTY_SEO };
  try {
    return { ...EMPTY_SEO, ...(JSON.parse(value) as Partial<Seo>) };
  } catch {
    return { ...EMPTY_SEO };
  }
}

export async function getSeo(db: Db): Promise<Seo> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', SEO_KEY).executeTakeFirst();
  return parse(row?.value);
}

/** Trimmed, inner runs of white space made one space: a title is one line. */
export const normaliseSeo = (input: SeoFields): SeoFields => ({
  titleAr: input.titleAr.replace(/\s+/g, ' ').trim(),
  titleEn: input.titleEn.replace(/\s+/g, ' ').trim(),
  descriptionAr: input.descriptionAr.replace(/\s+/g, ' ').trim(),
  descriptionEn: input.descriptionEn.replace(/\s+/g, ' ').trim(),
});

/** Saves the search titles; with `expected` (the updatedAt read) a newer save answers 409. */
export async function saveSeo(db: Db, input: SeoFields, expected: string | undefined): Promise<Seo> {
  const fields = normaliseSeo(input);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('settings').select('value').where('key', '=', SEO_KEY).executeTakeFirst();
    const current = parse(row?.value);
    assertVersion(expected, current.updatedAt);
    const next: Seo = { ...fields, updatedAt: nextUpdatedAt(current.updatedAt) };
    const value = JSON.stringify(next);
    if (!row) {
      await trx.insertInto('settings').values({ key: SEO_KEY, value }).execute();
    } else {
      assertSwapped(await trx.updateTable('settings').set({ value }).where('key', '=', SEO_KEY).where('value', '=', row.value).executeTakeFirst());
    }
    return next;
  });
}
