import { EMPTY_ABOUT, pickAbout, type AboutText } from '../../../shared/about.ts';
import type { Language } from '../../../shared/schemas.ts';
import type { ContentKind } from '../history/content-kind.ts';
import { latestChangeOf } from '../history/history-service.ts';
import { str } from '../history/versions.ts';
import { aboutUpdatedAt } from './about-repository.ts';
import { saveAbout } from './about-service.ts';

/** The about texts (one per language, the item's id) as the History restores them (history/content-kind.ts): saved again as they were. */
export const aboutKind: ContentKind = {
  current: (db, id) => aboutUpdatedAt(db, id as Language),
  apply: async (trx, id, v, { expected, actor }) => {
    const text = Object.fromEntries(Object.keys(EMPTY_ABOUT).map((k) => [k, str(v, k)])) as AboutText;
    await saveAbout(trx, id as Language, pickAbout(text), expected ?? undefined, actor);
    return latestChangeOf(trx, 'about', id);
  },
};
