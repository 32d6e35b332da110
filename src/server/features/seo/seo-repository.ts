import type { Db } from '../../db/database.ts';
import { settingsRow } from '../settings/settings-row.ts';
import type { Seo, SeoFields } from '../../../shared/schemas.ts';

/**
 * The owner's search titles (the headline of the pages' titles and the home page's description,
 * in each language), one JSON settings row like the contact details. '' = the site's default.
 */
const SEO_KEY = 'seo';

const EMPTY_SEO: Seo = { titleAr: '', titleEn: '', descriptionAr: '', descriptionEn: '', updatedAt: '' };

// No title: the History screen names the entry by its kind ("Search titles").
export const seoRow = settingsRow<Seo>({ key: SEO_KEY, empty: EMPTY_SEO, history: { kind: 'seo', title: () => '' } });

export const getSeo = (db: Db): Promise<Seo> => seoRow.get(db);

/** Trimmed, inner runs of white space made one space: a title is one line. */
export const normaliseSeo = (input: SeoFields): SeoFields => ({
  titleAr: input.titleAr.replace(/\s+/g, ' ').trim(),
  titleEn: input.titleEn.replace(/\s+/g, ' ').trim(),
  descriptionAr: input.descriptionAr.replace(/\s+/g, ' ').trim(),
  descriptionEn: input.descriptionEn.replace(/\s+/g, ' ').trim(),
});
