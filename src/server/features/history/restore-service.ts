import type { AppContext } from '../../context.ts';
import { isUniqueViolation, nextUpdatedAt, type Db, type Tx } from '../../db/database.ts';
import { aboutUpdatedAt, saveAbout } from '../about/about-service.ts';
import { clearPhone, getPhone, setPhone } from '../phone/phone-service.ts';
import {
  cardVersion,
  deleteCard,
  deleteDetail,
  detailVersion,
  findCardRow,
  findDetailRow,
  insertCardRow,
  insertDetailRow,
  updateCardRow,
  updateDetailRow,
  type CardChanges,
  type CardDetailRow,
  type CardRow,
  type DetailChanges,
} from '../cards/cards-service.ts';
import { changedCardSlugs, deleteCardSlugsOf, restoredCardSlugs } from '../cards/card-slugs.ts';
import { getContact, withDefaults, writeContact } from '../contact/contact-service.ts';
import { getProof, proofFromVersion, writeProof } from '../proof/proof-service.ts';
import { refusingGoneImage, refusingGoneRow } from '../images/image-references.ts';
import { assertVersion, staleOrGone } from '../../lib/concurrency.ts';
import { ConflictError, NotFoundError } from '../../lib/domain-errors.ts';
import {
  deleteSlide,
  findSlideRow,
  insertSlideAt,
  lockSlideOrder,
  placeSlideRow,
  rememberedOrder,
  restoredPosition,
  slideVersion,
  updateSlideRow,
  type SlideChanges,
  type SlideRow,
} from '../slides/slides-service.ts';
import { deleteWord, findWordRow, insertWord, insertWordRow, type WordRow } from '../keywords/keywords-service.ts';
import { applyFaqVersion, deleteFaq, faqUpdatedAt, reinsertFaq } from '../faq/faq-service.ts';
import { EMPTY_ABOUT, pickAbout, type AboutText } from '../../../shared/about.ts';
import type { Version } from '../../../shared/history.ts';
import type { Contact, Language } from '../../../shared/schemas.ts';
import { changedFields, deleteHistoryOf, findHistory, recordChange } from './history-service.ts';
import { findInTrash, removeFromTrash } from '../trash/trash-service.ts';
import { str } from './versions.ts';
import { isStoredSnapshot, isStoredVersion } from '../backup/values.ts';

/**
 * Restoring is a change like any other: it runs in one transaction, keeps what it replaced in the
 * history (so it can itself be undone), checks the version the admin read (409 when it moved), and
 * writes the content tables, whose triggers move the content version (every server's pages).
 */
export type RestoreDeps = Pick<AppContext, 'db' | 'images'>;

const NOT_IN_TRASH = 'trash.not_in_trash';
const NO_VERSION = 'history.not_kept';
const CARD_FIRST = 'history.card_first';
const TAKEN = 'history.keyword_taken';
/** A snapshot or version that is not an item as the site stores it (a damaged or hand-made backup): never written into the content. */
const DAMAGED = 'history.damaged';

/** Puts a deleted item back exactly as it was (same id, fields, images, detail items, place). Answers the history entry it made. */
export async function restoreFromTrash(deps: RestoreDeps, id: string, actor: string): Promise<string | undefined> {
  return refusingGoneImage('history.image_gone', () =>
    refusingGoneRow(/card_details_card_id|FOREIGN KEY/, CARD_FIRST, () =>
      deps.db.transaction().execute((trx) => restoreIn(trx, id, actor)),
    ),
  );
}

async function restoreIn(trx: Tx, id: string, actor: string): Promise<string | undefined> {
  const entry = await findInTrash(trx, id);
  // A city is its own source's (cities/city-history.ts).
  if (!entry || entry.kind === 'city') throw new NotFoundError(NOT_IN_TRASH);
  if (!isStoredSnapshot(entry.kind, id, entry.snapshot)) throw new ConflictError(DAMAGED);
  const row = entry.snapshot.row;
  let after: Version;
  try {
    switch (entry.kind) {
      case 'card': {
        // Its addresses, unless another card took them while it was in the trash (or it was deleted before it had any).
        const card = { ...(row as CardRow) };
        Object.assign(card, await restoredCardSlugs(trx, card));
        await insertCardRow(trx, card);
        for (const d of entry.snapshot.details ?? []) await insertDetailRow(trx, d as CardDetailRow);
        after = cardVersion(card);
        break;
      }
      case 'detail': {
        if (!(await findCardRow(trx, String(row.card_id)))) throw new ConflictError(CARD_FIRST);
        await insertDetailRow(trx, row as CardDetailRow);
        after = detailVersion(row as CardDetailRow);
        break;
      }
      case 'slide': {
        await lockSlideOrder(trx);
        const slide = row as SlideRow;
        const position = await restoredPosition(trx, id, rememberedOrder(entry.snapshot), slide.position);
        after = slideVersion(await insertSlideAt(trx, { ...slide, position }));
        break;
      }
      case 'word': {
        await insertWordRow(trx, row as WordRow);
        after = { word: String(row.word) };
        break;
      }
      case 'faq': {
        after = await reinsertFaq(trx, row);
        break;
      }
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(entry.kind === 'word' ? TAKEN : 'history.exists');
    throw err;
  }
  await removeFromTrash(trx, id);
  return recordChange(trx, { kind: entry.kind, itemId: id, title: entry.title, before: null, after, actor });
}

/**
 * Deletes a trashed item for good, with its history (and its detail items' history): the owner
 * asked for it to be gone. Its images are freed unless something else still names them.
 */
export async function deleteForever(deps: RestoreDeps, id: string): Promise<void> {
  const freed = await deps.db.transaction().execute(async (trx) => {
    const entry = await findInTrash(trx, id);
    if (!entry || entry.kind === 'city') throw new NotFoundError(NOT_IN_TRASH);
    const images = (await removeFromTrash(trx, id)) ?? [];
    if (entry.kind === 'card') await deleteCardSlugsOf(trx, id);
    const items = [id, ...(entry.snapshot.details ?? []).map((d) => String(d.id))];
    images.push(...(await deleteHistoryOf(trx, ['card', 'detail', 'slide', 'word', 'faq'], items)));
    return images;
  });
  await deps.images.releaseUnused(deps.db, freed);
}

type Applied = { historyId: string | undefined };

/**
 * Brings an item back to the version a history entry replaced (`before`): an item since deleted
 * comes back from the trash first; a version that did not exist (the entry added the item) means
 * deleting it again. `expected` is the item's updatedAt as the admin read it.
 */
export async function restoreVersion(
  deps: RestoreDeps,
  historyId: string,
  expected: string | undefined,
  actor: string,
): Promise<Applied> {
  const entry = await findHistory(deps.db, historyId);
  if (!entry) throw new NotFoundError(NO_VERSION);
  if (!isStoredVersion(entry.kind, entry.before)) throw new ConflictError(DAMAGED);
  const target = entry.before;
  const id = entry.itemId;
  if (target === null && ['card', 'detail', 'slide', 'word', 'faq'].includes(entry.kind)) {
    await deleteAfterCheck(deps, entry.kind, id, expected, actor);
    return { historyId: undefined };
  }
  return refusingGoneImage('history.version_image_gone', () =>
    refusingGoneRow(/card_details_card_id|FOREIGN KEY/, CARD_FIRST, () =>
      deps.db
        .transaction()
        .execute(async (trx) => ({ historyId: await applyIn(trx, entry.kind, id, target ?? {}, expected, actor) })),
    ),
  );
}

async function deleteAfterCheck(
  deps: RestoreDeps,
  kind: string,
  id: string,
  expected: string | undefined,
  actor: string,
): Promise<void> {
  const current =
    kind === 'card'
      ? await findCardRow(deps.db, id)
      : kind === 'detail'
        ? await findDetailRow(deps.db, id)
        : kind === 'slide'
          ? await findSlideRow(deps.db, id)
          : undefined;
  if (current) assertVersion(expected, current.updated_at);
  if (kind === 'faq') {
    const at = await faqUpdatedAt(deps.db, id);
    if (at !== undefined) assertVersion(expected, at);
    if (!(await deleteFaq(deps.db, id, actor))) throw new NotFoundError('faq.not_found');
    return;
  }
  if (kind === 'card') await deleteCard(deps, id, actor);
  else if (kind === 'detail') await deleteDetail(deps, id, actor);
  else if (kind === 'slide') await deleteSlide(deps, id, actor);
  else if (!(await deleteWord(deps.db, id, actor))) throw new NotFoundError('keyword.not_found');
}

async function applyIn(
  trx: Tx,
  kind: string,
  id: string,
  v: Version,
  expected: string | undefined,
  actor: string,
): Promise<string | undefined> {
  switch (kind) {
    case 'about': {
      const text = Object.fromEntries(Object.keys(EMPTY_ABOUT).map((k) => [k, str(v, k)])) as AboutText;
      await saveAbout(trx, id as Language, pickAbout(text), expected ?? undefined, actor);
      return latestOf(trx, kind, id);
    }
    case 'contact': {
      // A field the version lacks did not exist yet when it was saved: restored as not set.
      const { updatedAt: _u, ...fields } = withDefaults(v as Partial<Contact>);
      await writeContact(trx, fields, expected, actor);
      return latestOf(trx, kind, id);
    }
    case 'proof': {
      await writeProof(trx, proofFromVersion(v), expected, actor);
      return latestOf(trx, kind, id);
    }
    case 'phone': {
      const phone = str(v, 'phone');
      if ((await getPhone(trx)) !== phone) await (phone === '' ? clearPhone(trx, actor) : setPhone(trx, phone, actor));
      return latestOf(trx, kind, id);
    }
    case 'word': {
      if (await findWordRow(trx, id)) return undefined;
      if (await findInTrash(trx, id)) return restoreIn(trx, id, actor);
      try {
        await insertWord(trx, id, str(v, 'word'), new Date().toISOString());
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(TAKEN);
        throw err;
      }
      return recordChange(trx, {
        kind: 'word',
        itemId: id,
        title: str(v, 'word'),
        before: null,
        after: { word: str(v, 'word') },
        actor,
      });
    }
    case 'faq': {
      // A question deleted since comes back from the Trash first, then takes the version's words.
      let restored: string | undefined;
      if ((await faqUpdatedAt(trx, id)) === undefined) {
        if (!(await findInTrash(trx, id))) throw new NotFoundError('faq.not_found');
        restored = await restoreIn(trx, id, actor);
        expected = undefined;
      }
      return (await applyFaqVersion(trx, id, v, expected, actor)) ?? restored;
    }
    case 'slide':
      if (typeof v.place === 'number' && v.title === undefined) return placeSlide(trx, id, v.place, actor);
      return applyToRecord(trx, kind, id, v, expected, actor);
    default:
      return applyToRecord(trx, kind as 'card' | 'detail', id, v, expected, actor);
  }
}

/** A slide put back in its place in the order (a move restored); from the trash first if it was deleted since. */
async function placeSlide(trx: Tx, id: string, place: number, actor: string): Promise<string | undefined> {
  await lockSlideOrder(trx);
  let restored: string | undefined;
  if (!(await findSlideRow(trx, id))) {
    if (!(await findInTrash(trx, id))) throw new NotFoundError(GONE.slide);
    restored = await restoreIn(trx, id, actor);
  }
  const row = await findSlideRow(trx, id);
  const moved = await placeSlideRow(trx, id, place - 1);
  if (!row || !moved) throw new NotFoundError(GONE.slide);
  const made = await recordChange(trx, {
    kind: 'slide',
    itemId: id,
    title: row.title,
    before: { place: moved.from + 1 },
    after: { place: moved.to + 1 },
    actor,
  });
  return made ?? restored;
}

async function latestOf(trx: Db, kind: string, id: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom('history')
    .select('id')
    .where('kind', '=', kind)
    .where('item_id', '=', id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id;
}

const GONE = { card: 'card.not_found', detail: 'detail.not_found', slide: 'slide.not_found' } as const;

/** A card, detail item or slide set back to a version (from the trash first if it was deleted since). */
async function applyToRecord(
  trx: Tx,
  kind: 'card' | 'detail' | 'slide',
  id: string,
  v: Version,
  expected: string | undefined,
  actor: string,
): Promise<string | undefined> {
  const find = () =>
    kind === 'card' ? findCardRow(trx, id) : kind === 'detail' ? findDetailRow(trx, id) : findSlideRow(trx, id);
  let current = await find();
  let restored: string | undefined;
  if (!current) {
    if (!(await findInTrash(trx, id))) throw new NotFoundError(GONE[kind]);
    restored = await restoreIn(trx, id, actor);
    current = await find();
    if (!current) throw new NotFoundError(GONE[kind]);
  } else {
    assertVersion(expected, current.updated_at);
  }
  const text =
    kind === 'slide'
      ? {
          title: str(v, 'title'),
          details: str(v, 'details'),
          title_en: str(v, 'titleEn'),
          details_en: str(v, 'detailsEn'),
        }
      : {
          title: str(v, 'title'),
          description: str(v, 'description'),
          title_en: str(v, 'titleEn'),
          description_en: str(v, 'descriptionEn'),
        };
  const changes: Record<string, unknown> = {
    ...text,
    image: str(v, 'image') || current.image,
    updated_at: nextUpdatedAt(current.updated_at),
  };
  if (kind === 'card' && typeof v.isDetailed === 'boolean') changes.is_detailed = v.isDetailed ? 1 : 0;
  // A version's addresses come back when no other card has them now (a version from before slugs keeps today's).
  if (kind === 'card') {
    const slugs = {
      slug: typeof v.slug === 'string' ? v.slug : undefined,
      slugEn: typeof v.slugEn === 'string' ? v.slugEn : undefined,
    };
    Object.assign(
      changes,
      await changedCardSlugs(trx, current as CardRow, slugs, { ar: str(v, 'title'), en: str(v, 'titleEn') }, false),
    );
  }
  const version = (row: CardRow | CardDetailRow | SlideRow) =>
    kind === 'card'
      ? cardVersion(row as CardRow)
      : kind === 'detail'
        ? detailVersion(row as CardDetailRow)
        : slideVersion(row as SlideRow);
  // Already that version (an item just put back from the trash as it was): nothing more to change.
  const target = { ...v, image: changes.image as string };
  if (kind === 'card')
    Object.assign(target, {
      slug: changes.slug_ar ?? (current as CardRow).slug_ar,
      slugEn: changes.slug_en ?? (current as CardRow).slug_en,
    });
  if (changedFields(version(current), target).length === 0) return restored;
  const { updated_at: updatedAt, ...fields } = changes as Record<string, unknown> & { updated_at: string };
  const swapped =
    kind === 'card'
      ? (await updateCardRow(trx, id, fields as CardChanges, updatedAt, current.updated_at)) !== undefined
      : kind === 'detail'
        ? (await updateDetailRow(trx, id, fields as DetailChanges, updatedAt, current.updated_at)) !== undefined
        : Number((await updateSlideRow(trx, id, changes as SlideChanges, current.updated_at)).numUpdatedRows) > 0;
  if (!swapped) await staleOrGone(find, expected, GONE[kind]);
  const now = await find();
  if (!now) throw new NotFoundError(GONE[kind]);
  const made = await recordChange(trx, {
    kind,
    itemId: id,
    title: now.title,
    before: version(current),
    after: version(now),
    actor,
  });
  return made ?? restored;
}

/**
 * Each listed item's updatedAt now (key `kind:itemId`; '' for items without one, absent when the
 * item is gone): what the History screen sends back as the version it read.
 */
export async function currentVersions(
  db: Db,
  entries: { kind: string; itemId: string }[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const { kind, itemId } of entries) {
    const key = `${kind}:${itemId}`;
    if (out.has(key)) continue;
    let version: string | undefined;
    if (kind === 'card') version = (await findCardRow(db, itemId))?.updated_at;
    else if (kind === 'detail') version = (await findDetailRow(db, itemId))?.updated_at;
    else if (kind === 'slide') version = (await findSlideRow(db, itemId))?.updated_at;
    else if (kind === 'about') version = await aboutUpdatedAt(db, itemId as Language);
    else if (kind === 'faq') version = await faqUpdatedAt(db, itemId);
    else if (kind === 'contact') version = (await getContact(db)).updatedAt;
    else if (kind === 'proof') version = (await getProof(db)).updatedAt;
    else if (kind === 'word') version = (await findWordRow(db, itemId)) ? '' : undefined;
    else version = '';
    if (version !== undefined) out.set(key, version);
  }
  return out;
}
