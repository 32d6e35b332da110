import type { AppContext } from '../context.ts';
import { nextUpdatedAt, nowIso, type Db } from '../db/database.ts';
import { assertVersion, staleOrGone } from '../lib/concurrency.ts';
import { NotFoundError } from '../lib/domain-errors.ts';
import { englishPair } from '../lib/english.ts';
import { refusingGoneImage, refusingGoneRow } from '../images/image-references.ts';
import { newId } from '../lib/ids.ts';
import { NOT_UPLOADED, requireStoredImage } from '../lib/stored-image.ts';
import type { Card, CardCreate, CardDetail, CardType, CardUpdate, DetailCreate, DetailUpdate } from '../../shared/schemas.ts';
import {
  deleteCardRows, findCardRow, insertCard, toCard, toCardDetail, toggleCardRow, updateCardRow,
} from './cards-repository.ts';
import { deleteDetailRow, findDetailRow, insertDetail, updateDetailRow } from './details-repository.ts';

/**
 * Admin writes on cards and their detail items. Each runs in one transaction; images that a write
 * stops using are freed only after it commits, so a rolled-back write never loses a file.
 */
export type CardDeps = Pick<AppContext, 'db' | 'images'>;

const CARD_GONE = 'Card not found.';
const DETAIL_GONE = 'Detail item not found.';

/** An edit form may leave the image out (or send ''/null) to keep the current one. */
const newImage = (image: string | null | undefined, current: string): string | undefined =>
  image && image !== current ? image : undefined;

export async function createCard(deps: CardDeps, type: CardType, input: CardCreate): Promise<Card> {
  return refusingGoneImage(NOT_UPLOADED, () => deps.db.transaction().execute(async (trx) => {
    const en = englishPair({ title: input.titleEn, text: input.descriptionEn }, { title: '', text: '' }, 'descriptionEn');
    await requireStoredImage(deps.images, trx, input.image);
    return toCard(await insertCard(trx, newId(), { type, ...input, titleEn: en.title, descriptionEn: en.text }, nowIso()));
  }));
}

interface ImageRecordRow { image: string; updated_at: string; title_en: string; description_en: string }
type ImageRecordChanges = { title: string; description: string; title_en: string; description_en: string; image?: string };

/**
 * An edit of a card or a detail item: version check, an optional new (uploaded) image, and a
 * compare-and-set update; the replaced image is freed after the commit.
 */
async function editImageRecord<R extends ImageRecordRow>(
  deps: CardDeps,
  input: CardUpdate | DetailUpdate,
  expected: string | undefined,
  gone: string,
  find: (db: Db) => Promise<R | undefined>,
  update: (db: Db, changes: ImageRecordChanges, updatedAt: string, onlyIfUpdatedAt?: string) => Promise<R | undefined>,
): Promise<R> {
  const { row, freed } = await refusingGoneImage(NOT_UPLOADED, () => deps.db.transaction().execute(async (trx) => {
    const old = await find(trx);
    if (!old) throw new NotFoundError(gone);
    assertVersion(expected, old.updated_at);
    const en = englishPair({ title: input.titleEn, text: input.descriptionEn }, { title: old.title_en, text: old.description_en }, 'descriptionEn');
    const image = newImage(input.image, old.image);
    if (image) await requireStoredImage(deps.images, trx, image);
    const changes = {
      title: input.title, description: input.description, title_en: en.title, description_en: en.text,
      ...(image ? { image } : {}),
    };
    const row = await update(trx, changes, nextUpdatedAt(old.updated_at), expected && old.updated_at)
      ?? await staleOrGone(() => find(trx), expected, gone);
    return { row, freed: image ? [old.image] : [] };
  }));
  await deps.images.releaseUnused(deps.db, freed);
  return row;
}

export async function updateCard(deps: CardDeps, id: string, input: CardUpdate, expected: string | undefined): Promise<Card> {
  const row = await editImageRecord(deps, input, expected, CARD_GONE,
    (db) => findCardRow(db, id), (db, ...rest) => updateCardRow(db, id, ...rest));
  return toCard(row);
}

export async function toggleCardDetails(deps: CardDeps, id: string, expected: string | undefined): Promise<Card> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const old = await findCardRow(trx, id);
    if (!old) throw new NotFoundError(CARD_GONE);
    assertVersion(expected, old.updated_at);
    return await toggleCardRow(trx, id, nextUpdatedAt(old.updated_at), expected && old.updated_at)
      ?? await staleOrGone(() => findCardRow(trx, id), expected, CARD_GONE);
  });
  return toCard(row);
}

export async function deleteCard(deps: CardDeps, id: string): Promise<void> {
  const freed = await deps.db.transaction().execute((trx) => deleteCardRows(trx, id));
  if (!freed) throw new NotFoundError(CARD_GONE);
  await deps.images.releaseUnused(deps.db, freed);
}

export async function createDetail(deps: CardDeps, input: DetailCreate): Promise<CardDetail> {
  // The card is checked first, but on PostgreSQL it can be deleted by another request between that
  // check and the commit: its foreign key refuses the item then, which is the same "not found".
  return refusingGoneRow(/card_details_card_id/, CARD_GONE, () => refusingGoneImage(NOT_UPLOADED, () => deps.db.transaction().execute(async (trx) => {
    if (!(await findCardRow(trx, input.id))) throw new NotFoundError(CARD_GONE);
    const en = englishPair({ title: input.titleEn, text: input.descriptionEn }, { title: '', text: '' }, 'descriptionEn');
    await requireStoredImage(deps.images, trx, input.image);
    const { id: cardId, ...fields } = input;
    return toCardDetail(await insertDetail(trx, newId(), { cardId, ...fields, titleEn: en.title, descriptionEn: en.text }, nowIso()));
  })));
}

export async function updateDetail(deps: CardDeps, id: string, input: DetailUpdate, expected: string | undefined): Promise<CardDetail> {
  const row = await editImageRecord(deps, input, expected, DETAIL_GONE,
    (db) => findDetailRow(db, id), (db, ...rest) => updateDetailRow(db, id, ...rest));
  return toCardDetail(row);
}

export async function deleteDetail(deps: CardDeps, id: string): Promise<void> {
  const image = await deps.db.transaction().execute((trx) => deleteDetailRow(trx, id));
  if (image === undefined) throw new NotFoundError(DETAIL_GONE);
  await deps.images.releaseUnused(deps.db, [image]);
}
