import type { AppContext } from '../../context.ts';
import { nextUpdatedAt, nowIso } from '../../db/database.ts';
import { assertVersion, staleOrGone } from '../../lib/concurrency.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import { englishPair } from '../../lib/english.ts';
import { newId } from '../../lib/ids.ts';
import { NOT_UPLOADED, requireStoredImage } from '../../lib/stored-image.ts';
import { refusingGoneImage } from '../images/image-references.ts';
import { recordChange } from '../history/history-service.ts';
import { putInTrash } from '../trash/trash-service.ts';
import type { Version } from '../../../shared/history.ts';
import type { Slide } from '../../../shared/schemas.ts';
import {
  appendSlideRow,
  deleteSlideRow,
  findSlideRow,
  lockSlideOrder,
  moveSlideRow,
  orderWithTrash,
  toSlide,
  updateSlideRow,
  type MoveResult,
  type SlideDirection,
  type SlideRow,
} from './slides-repository.ts';

/**
 * Admin writes on the home slides, as cards-service does for cards: each runs in one transaction,
 * and an image a write stops using is freed only after it commits (a rolled-back write keeps it).
 * Writes that change the order take the order lock first, so they queue behind each other.
 */
export type SlideDeps = Pick<AppContext, 'db' | 'images'>;

/** Slide text as written: Arabic required, English optional (omitted on an edit = keep the stored English). */
export interface SlideText {
  title: string;
  details: string;
  titleEn?: string | undefined;
  detailsEn?: string | undefined;
}

/** What a version of a slide holds in the History: its stored fields by their API names. */
export const slideVersion = (r: SlideRow): Version => ({
  title: r.title,
  details: r.details,
  titleEn: r.title_en,
  detailsEn: r.details_en,
  image: r.image,
  updatedAt: r.updated_at,
});

/** What other features read of the slides (the pages): through this service (decision 034). */
export { listSlides } from './slides-repository.ts';

/** The order lock (the demo seed takes it to write its slides once when servers start together). */
export { lockSlideOrder } from './slides-repository.ts';

const SLIDE_GONE = 'slide.not_found';

/** Appends a slide at the end of the order. */
export async function createSlide(deps: SlideDeps, input: SlideText & { image: string }): Promise<Slide> {
  const en = englishPair({ title: input.titleEn, text: input.detailsEn }, { title: '', text: '' }, 'detailsEn');
  return refusingGoneImage(NOT_UPLOADED, () =>
    deps.db.transaction().execute(async (trx) => {
      await lockSlideOrder(trx);
      await requireStoredImage(deps.images, trx, input.image);
      const now = nowIso();
      return toSlide(
        await appendSlideRow(trx, {
          id: newId(),
          title: input.title,
          details: input.details,
          title_en: en.title,
          details_en: en.text,
          image: input.image,
          created_at: now,
          updated_at: now,
        }),
      );
    }),
  );
}

/** Edits title, details and (optionally: left out, '' or null keeps it) the image; a replaced image is freed. */
export async function updateSlide(
  deps: SlideDeps,
  id: string,
  input: SlideText & { image?: string | null | undefined },
  expected: string | undefined,
  actor = '',
): Promise<Slide> {
  const { slide, freed } = await refusingGoneImage(NOT_UPLOADED, () =>
    deps.db.transaction().execute(async (trx) => {
      const row = await findSlideRow(trx, id);
      if (!row) throw new NotFoundError(SLIDE_GONE);
      assertVersion(expected, row.updated_at);
      const en = englishPair(
        { title: input.titleEn, text: input.detailsEn },
        { title: row.title_en, text: row.details_en },
        'detailsEn',
      );
      const image = input.image || row.image;
      if (image !== row.image) await requireStoredImage(deps.images, trx, image);
      const next = {
        title: input.title,
        details: input.details,
        title_en: en.title,
        details_en: en.text,
        image,
        updated_at: nextUpdatedAt(row.updated_at),
      };
      // Compare-and-set only when the client sent the version it read: a write without it proceeds
      // (PostgreSQL re-reads the row after a concurrent commit, and a plain CAS would then say 409).
      const swapped = await updateSlideRow(trx, id, next, expected && row.updated_at);
      if (Number(swapped.numUpdatedRows) === 0) await staleOrGone(() => findSlideRow(trx, id), expected, SLIDE_GONE);
      await recordChange(trx, {
        kind: 'slide',
        itemId: id,
        title: next.title,
        before: slideVersion(row),
        after: slideVersion({ ...row, ...next }),
        actor,
      });
      return { slide: toSlide({ ...row, ...next }), freed: image !== row.image ? [row.image] : [] };
    }),
  );
  await deps.images.releaseUnused(deps.db, freed);
  return slide;
}

/** Moves a slide to the trash (with its place in the order) and closes the gap it leaves. */
export async function deleteSlide(deps: SlideDeps, id: string, actor = ''): Promise<void> {
  const deleted = await deps.db.transaction().execute(async (trx) => {
    await lockSlideOrder(trx);
    const row = await findSlideRow(trx, id);
    if (!row) return false;
    // The order as it is, the slides already in the trash where they were: restored in any order, they come back to it.
    const order = await orderWithTrash(trx);
    await putInTrash(trx, {
      id,
      kind: 'slide',
      title: row.title,
      image: row.image,
      snapshot: { row, order },
      deletedBy: actor,
    });
    await recordChange(trx, {
      kind: 'slide',
      itemId: id,
      title: row.title,
      before: slideVersion(row),
      after: null,
      actor,
    });
    await deleteSlideRow(trx, id);
    return true;
  });
  if (!deleted) throw new NotFoundError(SLIDE_GONE);
}

/**
 * Moves a slide one place (`down` = earlier); at either end nothing changes. A move is kept in the
 * history as the slide's place (1 = first), so "Restore this version" puts it back there.
 */
export async function moveSlide(
  deps: SlideDeps,
  id: string,
  direction: SlideDirection,
  actor = '',
): Promise<MoveResult> {
  const result = await deps.db.transaction().execute(async (trx) => {
    await lockSlideOrder(trx);
    const row = await findSlideRow(trx, id);
    const moved = await moveSlideRow(trx, id, direction);
    if (row && moved === 'moved') {
      const to = direction === 'down' ? row.position - 1 : row.position + 1;
      await recordChange(trx, {
        kind: 'slide',
        itemId: id,
        title: row.title,
        before: { place: row.position + 1 },
        after: { place: to + 1 },
        actor,
      });
    }
    return moved;
  });
  if (!result) throw new NotFoundError(SLIDE_GONE);
  return result;
}
