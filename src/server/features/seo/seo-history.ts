import type { ContentKind } from '../history/content-kind.ts';
import { latestChangeOf } from '../history/history-service.ts';
import { str } from '../history/versions.ts';
import { getSeo, writeSeo } from './seo-service.ts';

/** The search titles as the History restores them (history/content-kind.ts): saved again as they were. */
export const seoKind: ContentKind = {
  current: async (db) => (await getSeo(db)).updatedAt,
  apply: async (trx, id, v, { expected, actor }) => {
    // A version of before the first save ({} or the empty row) brings back the site's defaults ('').
    const fields = {
      titleAr: str(v, 'titleAr'),
      titleEn: str(v, 'titleEn'),
      descriptionAr: str(v, 'descriptionAr'),
      descriptionEn: str(v, 'descriptionEn'),
    };
    await writeSeo(trx, fields, expected, actor);
    return latestChangeOf(trx, 'seo', id);
  },
};
