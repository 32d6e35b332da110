import { assertVersion } from '../../lib/concurrency.ts';
import { ConflictError } from '../../lib/domain-errors.ts';
import type { Version } from '../../../shared/history.ts';
import { setRowBack, type ContentKind, type RowKind } from '../history/content-kind.ts';
import { str } from '../history/versions.ts';
import {
  findCardRow,
  insertCardRow,
  updateCardRow,
  type CardChanges,
  type CardDetailRow,
  type CardRow,
} from './cards-repository.ts';
import { findDetailRow, insertDetailRow, updateDetailRow, type DetailChanges } from './details-repository.ts';
import { cardVersion, deleteCard, deleteDetail, detailVersion } from './cards-service.ts';
import { changedCardSlugs, deleteCardSlugsOf, restoredCardSlugs } from './card-slugs.ts';

/**
 * Cards and their detail items as the History and the Trash restore them (history/content-kind.ts).
 * A card goes to the Trash with its detail items and comes back with them; a detail item deleted
 * alone comes back only to its card.
 */

const CARD_FIRST = 'history.card_first';

/** A card's or detail item's words and image as a version has them. */
const textOf = (v: Version, current: { image: string }) => ({
  title: str(v, 'title'),
  description: str(v, 'description'),
  title_en: str(v, 'titleEn'),
  description_en: str(v, 'descriptionEn'),
  image: str(v, 'image') || current.image,
});

const cardRows: RowKind<CardRow> = {
  kind: 'card',
  gone: 'card.not_found',
  find: findCardRow,
  version: cardVersion,
  changes: async (trx, current, v) => {
    const changes: Record<string, unknown> = textOf(v, current);
    if (typeof v.isDetailed === 'boolean') changes.is_detailed = v.isDetailed ? 1 : 0;
    // A version's addresses come back when no other card has them now (a version from before slugs keeps today's).
    const slugs = {
      slug: typeof v.slug === 'string' ? v.slug : undefined,
      slugEn: typeof v.slugEn === 'string' ? v.slugEn : undefined,
    };
    const moved = await changedCardSlugs(trx, current, slugs, { ar: str(v, 'title'), en: str(v, 'titleEn') }, false);
    Object.assign(changes, moved);
    const target = {
      ...v,
      image: changes.image as string,
      slug: moved.slug_ar ?? current.slug_ar,
      slugEn: moved.slug_en ?? current.slug_en,
    };
    return { changes, target };
  },
  write: async (trx, id, changes, updatedAt, current) =>
    (await updateCardRow(trx, id, changes as CardChanges, updatedAt, current.updated_at)) !== undefined,
};

const detailRows: RowKind<CardDetailRow> = {
  kind: 'detail',
  gone: 'detail.not_found',
  find: findDetailRow,
  version: detailVersion,
  changes: async (_trx, current, v) => {
    const changes = textOf(v, current);
    return { changes, target: { ...v, image: changes.image } };
  },
  write: async (trx, id, changes, updatedAt, current) =>
    (await updateDetailRow(trx, id, changes as DetailChanges, updatedAt, current.updated_at)) !== undefined,
};

export const cardKind: ContentKind = {
  current: async (db, id) => (await findCardRow(db, id))?.updated_at,
  apply: (trx, id, v, run) => setRowBack(trx, cardRows, id, v, run),
  trash: {
    putBack: async (trx, _id, snapshot) => {
      // Its addresses, unless another card took them while it was in the trash (or it was deleted before it had any).
      const card = { ...(snapshot.row as CardRow) };
      Object.assign(card, await restoredCardSlugs(trx, card));
      await insertCardRow(trx, card);
      for (const d of snapshot.details ?? []) await insertDetailRow(trx, d as CardDetailRow);
      return cardVersion(card);
    },
    purge: async (trx, id, snapshot) => {
      await deleteCardSlugsOf(trx, id);
      return (snapshot.details ?? []).map((d) => String(d.id));
    },
    deleteAgain: async (deps, id, expected, actor) => {
      const current = await findCardRow(deps.db, id);
      if (current) assertVersion(expected, current.updated_at);
      await deleteCard(deps, id, actor);
    },
  },
};

export const detailKind: ContentKind = {
  current: async (db, id) => (await findDetailRow(db, id))?.updated_at,
  apply: (trx, id, v, run) => setRowBack(trx, detailRows, id, v, run),
  trash: {
    putBack: async (trx, _id, snapshot) => {
      const row = snapshot.row as CardDetailRow;
      if (!(await findCardRow(trx, String(row.card_id)))) throw new ConflictError(CARD_FIRST);
      await insertDetailRow(trx, row);
      return detailVersion(row);
    },
    deleteAgain: async (deps, id, expected, actor) => {
      const current = await findDetailRow(deps.db, id);
      if (current) assertVersion(expected, current.updated_at);
      await deleteDetail(deps, id, actor);
    },
  },
};
