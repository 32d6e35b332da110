import type { AppContext } from '../../context.ts';
import { nextUpdatedAt, nowIso, type Db } from '../../db/database.ts';
import { assertVersion, staleOrGone } from '../../lib/concurrency.ts';
import type { PlainCode } from '../../../shared/error-codes.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import { englishPair } from '../../lib/english.ts';
import { refusingGoneImage, refusingGoneRow } from '../images/image-references.ts';
import { newId } from '../../lib/ids.ts';
import { NOT_UPLOADED, requireStoredImage } from '../../lib/stored-image.ts';
import type {
  Card,
  CardCreate,
  CardDetail,
  CardType,
  CardUpdate,
  DetailCreate,
  DetailUpdate,
} from '../../../shared/schemas.ts';
import {
  deleteCardRows,
  findCardRow,
  insertCard,
  toCard,
  toCardDetail,
  toggleCardRow,
  updateCardRow,
  type CardDetailRow,
  type CardRow,
} from './cards-repository.ts';
import { deleteDetailRow, findDetailRow, insertDetail, updateDetailRow } from './details-repository.ts';
import { recordChange } from '../history/history-service.ts';
import { changedCardSlugs, newCardSlugs } from './card-slugs.ts';
import { putInTrash } from '../trash/trash-service.ts';
import type { Version } from '../../../shared/history.ts';

/**
 * Admin writes on cards and their detail items. Each runs in one transaction; images that a write
 * stops using are freed only after it commits, so a rolled-back write never loses a file. An edit
 * keeps the version it replaced in the history, and a delete moves the item to the trash (its
 * images stay kept there), in the same transaction. `actor` is the account that writes.
 */
export type CardDeps = Pick<AppContext, 'db' | 'images'>;

/**
 * What other features read of the cards (the pages, the requests, the History): through this
 * service, never the repositories (decision 034). Their restores are card-history.ts's.
 */
export {
  cardTypesOf,
  findCardRow,
  getCardWithDetails,
  listCards,
  listHomePortfolio,
  productExists,
  slugHolder,
  type CardDetailRow,
  type CardRow,
} from './cards-repository.ts';

/** What a version of a card or a detail item holds in the History: its stored fields by their API names. */
export const cardVersion = (r: CardRow): Version => ({
  title: r.title,
  description: r.description,
  titleEn: r.title_en,
  descriptionEn: r.description_en,
  image: r.image,
  isDetailed: Number(r.is_detailed) === 1,
  slug: r.slug_ar,
  slugEn: r.slug_en,
  updatedAt: r.updated_at,
});

export const detailVersion = (r: CardDetailRow): Version => ({
  title: r.title,
  description: r.description,
  titleEn: r.title_en,
  descriptionEn: r.description_en,
  image: r.image,
  updatedAt: r.updated_at,
});

const CARD_GONE = 'card.not_found';
const DETAIL_GONE = 'detail.not_found';

/** An edit form may leave the image out (or send ''/null) to keep the current one. */
const newImage = (image: string | null | undefined, current: string): string | undefined =>
  image && image !== current ? image : undefined;

export async function createCard(deps: CardDeps, type: CardType, input: CardCreate): Promise<Card> {
  return refusingGoneImage(NOT_UPLOADED, () =>
    deps.db.transaction().execute(async (trx) => {
      const en = englishPair(
        { title: input.titleEn, text: input.descriptionEn },
        { title: '', text: '' },
        'descriptionEn',
      );
      await requireStoredImage(deps.images, trx, input.image);
      const slugs = await newCardSlugs(trx, input, { ar: input.title, en: en.title });
      const { slug: _ar, slugEn: _en, ...fields } = input;
      return toCard(
        await insertCard(
          trx,
          newId(),
          { type, ...fields, titleEn: en.title, descriptionEn: en.text, ...slugs },
          nowIso(),
        ),
      );
    }),
  );
}

interface ImageRecordRow {
  title: string;
  image: string;
  updated_at: string;
  title_en: string;
  description_en: string;
}
interface Recorder<R> {
  kind: 'card' | 'detail';
  id: string;
  version: (row: R) => Version;
  actor: string;
  /** More columns the edit changes, worked out from the row as read (a card's addresses). */
  more?: (db: Db, old: R, titles: { ar: string; en: string }) => Promise<Record<string, string>>;
}
type ImageRecordChanges = {
  title: string;
  description: string;
  title_en: string;
  description_en: string;
  image?: string;
  slug_ar?: string;
  slug_en?: string;
};

/**
 * An edit of a card or a detail item: version check, an optional new (uploaded) image, and a
 * compare-and-set update; the replaced image is freed after the commit.
 */
async function editImageRecord<R extends ImageRecordRow>(
  deps: CardDeps,
  input: CardUpdate | DetailUpdate,
  expected: string | undefined,
  gone: PlainCode,
  find: (db: Db) => Promise<R | undefined>,
  update: (db: Db, changes: ImageRecordChanges, updatedAt: string, onlyIfUpdatedAt?: string) => Promise<R | undefined>,
  history: Recorder<R>,
): Promise<R> {
  const { row, freed } = await refusingGoneImage(NOT_UPLOADED, () =>
    deps.db.transaction().execute(async (trx) => {
      const old = await find(trx);
      if (!old) throw new NotFoundError(gone);
      assertVersion(expected, old.updated_at);
      const en = englishPair(
        { title: input.titleEn, text: input.descriptionEn },
        { title: old.title_en, text: old.description_en },
        'descriptionEn',
      );
      const image = newImage(input.image, old.image);
      if (image) await requireStoredImage(deps.images, trx, image);
      const changes = {
        title: input.title,
        description: input.description,
        title_en: en.title,
        description_en: en.text,
        ...(image ? { image } : {}),
        ...(history.more ? await history.more(trx, old, { ar: input.title, en: en.title }) : {}),
      };
      const row =
        (await update(trx, changes, nextUpdatedAt(old.updated_at), expected && old.updated_at)) ??
        (await staleOrGone(() => find(trx), expected, gone));
      await recordChange(trx, {
        kind: history.kind,
        itemId: history.id,
        title: row.title,
        before: history.version(old),
        after: history.version(row),
        actor: history.actor,
      });
      return { row, freed: image ? [old.image] : [] };
    }),
  );
  await deps.images.releaseUnused(deps.db, freed);
  return row;
}

export async function updateCard(
  deps: CardDeps,
  id: string,
  input: CardUpdate,
  expected: string | undefined,
  actor = '',
): Promise<Card> {
  const row = await editImageRecord(
    deps,
    input,
    expected,
    CARD_GONE,
    (db) => findCardRow(db, id),
    (db, ...rest) => updateCardRow(db, id, ...rest),
    {
      kind: 'card',
      id,
      version: cardVersion,
      actor,
      more: (db, old, titles) => changedCardSlugs(db, old, input, titles),
    },
  );
  return toCard(row);
}

export async function toggleCardDetails(
  deps: CardDeps,
  id: string,
  expected: string | undefined,
  actor = '',
): Promise<Card> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const old = await findCardRow(trx, id);
    if (!old) throw new NotFoundError(CARD_GONE);
    assertVersion(expected, old.updated_at);
    const row =
      (await toggleCardRow(trx, id, nextUpdatedAt(old.updated_at), expected && old.updated_at)) ??
      (await staleOrGone(() => findCardRow(trx, id), expected, CARD_GONE));
    await recordChange(trx, {
      kind: 'card',
      itemId: id,
      title: row.title,
      before: cardVersion(old),
      after: cardVersion(row),
      actor,
    });
    return row;
  });
  return toCard(row);
}

/** Moves a card with its detail items to the trash (their images stay stored while it holds them). */
export async function deleteCard(deps: CardDeps, id: string, actor = ''): Promise<void> {
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const card = await findCardRow(trx, id);
    if (!card) return false;
    const details = await trx
      .selectFrom('card_details')
      .selectAll()
      .where('card_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    await putInTrash(trx, {
      id,
      kind: 'card',
      title: card.title,
      image: card.image,
      snapshot: { row: card, details },
      deletedBy: actor,
    });
    await recordChange(trx, {
      kind: 'card',
      itemId: id,
      title: card.title,
      before: cardVersion(card),
      after: null,
      actor,
    });
    await deleteCardRows(trx, id);
    return true;
  });
  if (!deleted) throw new NotFoundError(CARD_GONE);
}

export async function createDetail(deps: CardDeps, input: DetailCreate): Promise<CardDetail> {
  // The card is checked first, but on PostgreSQL it can be deleted by another request between that
  // check and the commit: its foreign key refuses the item then, which is the same "not found".
  return refusingGoneRow(/card_details_card_id/, CARD_GONE, () =>
    refusingGoneImage(NOT_UPLOADED, () =>
      deps.db.transaction().execute(async (trx) => {
        if (!(await findCardRow(trx, input.id))) throw new NotFoundError(CARD_GONE);
        const en = englishPair(
          { title: input.titleEn, text: input.descriptionEn },
          { title: '', text: '' },
          'descriptionEn',
        );
        await requireStoredImage(deps.images, trx, input.image);
        const { id: cardId, ...fields } = input;
        return toCardDetail(
          await insertDetail(trx, newId(), { cardId, ...fields, titleEn: en.title, descriptionEn: en.text }, nowIso()),
        );
      }),
    ),
  );
}

export async function updateDetail(
  deps: CardDeps,
  id: string,
  input: DetailUpdate,
  expected: string | undefined,
  actor = '',
): Promise<CardDetail> {
  const row = await editImageRecord(
    deps,
    input,
    expected,
    DETAIL_GONE,
    (db) => findDetailRow(db, id),
    (db, ...rest) => updateDetailRow(db, id, ...rest),
    { kind: 'detail', id, version: detailVersion, actor },
  );
  return toCardDetail(row);
}

/** Moves a detail item to the trash. */
export async function deleteDetail(deps: CardDeps, id: string, actor = ''): Promise<void> {
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const item = await findDetailRow(trx, id);
    if (!item) return false;
    const card = await findCardRow(trx, item.card_id);
    await putInTrash(trx, {
      id,
      kind: 'detail',
      title: item.title,
      image: item.image,
      snapshot: { row: item, cardTitle: card?.title ?? '' },
      deletedBy: actor,
    });
    await recordChange(trx, {
      kind: 'detail',
      itemId: id,
      title: item.title,
      before: detailVersion(item),
      after: null,
      actor,
    });
    await deleteDetailRow(trx, id);
    return true;
  });
  if (!deleted) throw new NotFoundError(DETAIL_GONE);
}
