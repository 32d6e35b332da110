import { assertVersion } from '../../lib/concurrency.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import { setRowBack, type ContentKind, type RowKind } from '../history/content-kind.ts';
import { recordChange } from '../history/history-service.ts';
import { str } from '../history/versions.ts';
import { findInTrash } from '../trash/trash-service.ts';
import {
  findSlideRow,
  insertSlideAt,
  lockSlideOrder,
  placeSlideRow,
  rememberedOrder,
  restoredPosition,
  updateSlideRow,
  type SlideChanges,
  type SlideRow,
} from './slides-repository.ts';
import { deleteSlide, slideVersion } from './slides-service.ts';

/**
 * The slides as the History and the Trash restore them (history/content-kind.ts): a slide comes
 * back to its place in the order, and a move is a version of its own (`place`, counted from 1).
 */

const GONE = 'slide.not_found';

const slideRows: RowKind<SlideRow> = {
  kind: 'slide',
  gone: GONE,
  find: findSlideRow,
  version: slideVersion,
  changes: async (_trx, current, v) => {
    const changes = {
      title: str(v, 'title'),
      details: str(v, 'details'),
      title_en: str(v, 'titleEn'),
      details_en: str(v, 'detailsEn'),
      image: str(v, 'image') || current.image,
    };
    return { changes, target: { ...v, image: changes.image } };
  },
  write: async (trx, id, changes, updatedAt, current) =>
    Number(
      (await updateSlideRow(trx, id, { ...changes, updated_at: updatedAt } as SlideChanges, current.updated_at))
        .numUpdatedRows,
    ) > 0,
};

export const slideKind: ContentKind = {
  current: async (db, id) => (await findSlideRow(db, id))?.updated_at,
  apply: async (trx, id, v, run) => {
    if (typeof v.place !== 'number' || v.title !== undefined) return setRowBack(trx, slideRows, id, v, run);
    // A move restored: the slide put back in its place in the order (from the trash first if it was deleted since).
    await lockSlideOrder(trx);
    let restored: string | undefined;
    if (!(await findSlideRow(trx, id))) {
      if (!(await findInTrash(trx, id))) throw new NotFoundError(GONE);
      restored = await run.fromTrash();
    }
    const row = await findSlideRow(trx, id);
    const moved = await placeSlideRow(trx, id, v.place - 1);
    if (!row || !moved) throw new NotFoundError(GONE);
    const made = await recordChange(trx, {
      kind: 'slide',
      itemId: id,
      title: row.title,
      before: { place: moved.from + 1 },
      after: { place: moved.to + 1 },
      actor: run.actor,
    });
    return made ?? restored;
  },
  trash: {
    putBack: async (trx, id, snapshot) => {
      await lockSlideOrder(trx);
      const slide = snapshot.row as SlideRow;
      const position = await restoredPosition(trx, id, rememberedOrder(snapshot), slide.position);
      return slideVersion(await insertSlideAt(trx, { ...slide, position }));
    },
    deleteAgain: async (deps, id, expected, actor) => {
      const current = await findSlideRow(deps.db, id);
      if (current) assertVersion(expected, current.updated_at);
      await deleteSlide(deps, id, actor);
    },
  },
};
