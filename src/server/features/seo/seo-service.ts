import type { Db } from '../../db/database.ts';
import type { Seo, SeoFields } from '../../../shared/schemas.ts';
import { writeRow } from '../settings/settings-service.ts';
import { normaliseSeo, seoRow } from './seo-repository.ts';

/** What other features read of the search titles (the pages, a backup's check): through this module, never the repository (decision 034). */
export { getSeo, normaliseSeo } from './seo-repository.ts';

/**
 * Saves the search titles; with `expected` (the updatedAt read) a newer save answers 409. With
 * `actor` (an admin's change) the titles it replaced are kept in the History.
 */
export async function saveSeo(db: Db, input: SeoFields, expected: string | undefined, actor?: string): Promise<Seo> {
  return db.transaction().execute((trx) => writeSeo(trx, input, expected, actor));
}

/** The write of saveSeo inside a transaction the caller holds (a restore from the History). */
export async function writeSeo(db: Db, input: SeoFields, expected: string | undefined, actor?: string): Promise<Seo> {
  return writeRow(seoRow, db, normaliseSeo(input), expected, actor);
}
