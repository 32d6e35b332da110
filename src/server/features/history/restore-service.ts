import type { AppContext } from '../../context.ts';
import { isUniqueViolation, type Db, type Tx } from '../../db/database.ts';
import { refusingGoneImage, refusingGoneRow } from '../images/image-references.ts';
import { ConflictError, NotFoundError } from '../../lib/domain-errors.ts';
import { CONTENT_TRASH_KINDS } from '../../../shared/history.ts';
import { deleteHistoryOf, findHistory, recordChange } from './history-service.ts';
import { findInTrash, removeFromTrash } from '../trash/trash-service.ts';
import { isStoredSnapshot, isStoredVersion } from '../backup/values.ts';
import { contentKindOf } from './content-kinds.ts';

/**
 * Restoring is a change like any other: it runs in one transaction, keeps what it replaced in the
 * history (so it can itself be undone), checks the version the admin read (409 when it moved), and
 * writes the content tables, whose triggers move the content version (every server's pages). What
 * each kind writes is its feature's (content-kind.ts, content-kinds.ts); this module knows no kind.
 */
export type RestoreDeps = Pick<AppContext, 'db' | 'images'>;

const NOT_IN_TRASH = 'trash.not_in_trash';
const NO_VERSION = 'history.not_kept';
/** A row whose parent is gone (a detail item's card), refused by its foreign key. */
const CARD_FIRST = 'history.card_first';
const PARENT_GONE = /card_details_card_id|FOREIGN KEY/;
/** A snapshot or version that is not an item as the site stores it (a damaged or hand-made backup): never written into the content. */
const DAMAGED = 'history.damaged';

/** Puts a deleted item back exactly as it was (same id, fields, images, detail items, place). Answers the history entry it made. */
export async function restoreFromTrash(deps: RestoreDeps, id: string, actor: string): Promise<string | undefined> {
  return refusingGoneImage('history.image_gone', () =>
    refusingGoneRow(PARENT_GONE, CARD_FIRST, () => deps.db.transaction().execute((trx) => restoreIn(trx, id, actor))),
  );
}

async function restoreIn(trx: Tx, id: string, actor: string): Promise<string | undefined> {
  const entry = await findInTrash(trx, id);
  // A city is its own source's (cities/city-history.ts).
  const kind = entry && contentKindOf(entry.kind)?.trash;
  if (!entry || !kind) throw new NotFoundError(NOT_IN_TRASH);
  if (!isStoredSnapshot(entry.kind, id, entry.snapshot)) throw new ConflictError(DAMAGED);
  let after;
  try {
    after = await kind.putBack(trx, id, entry.snapshot);
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(kind.taken ?? 'history.exists');
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
    const kind = entry && contentKindOf(entry.kind)?.trash;
    if (!entry || !kind) throw new NotFoundError(NOT_IN_TRASH);
    const images = (await removeFromTrash(trx, id)) ?? [];
    const others = (await kind.purge?.(trx, id, entry.snapshot)) ?? [];
    images.push(...(await deleteHistoryOf(trx, CONTENT_TRASH_KINDS, [id, ...others])));
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
  const kind = entry && contentKindOf(entry.kind);
  if (!entry || !kind) throw new NotFoundError(NO_VERSION);
  if (!isStoredVersion(entry.kind, entry.before)) throw new ConflictError(DAMAGED);
  const target = entry.before;
  const id = entry.itemId;
  if (target === null && kind.trash) {
    await kind.trash.deleteAgain(deps, id, expected, actor);
    return { historyId: undefined };
  }
  return refusingGoneImage('history.version_image_gone', () =>
    refusingGoneRow(PARENT_GONE, CARD_FIRST, () =>
      deps.db.transaction().execute(async (trx) => ({
        historyId: await kind.apply(trx, id, target ?? {}, {
          expected,
          actor,
          fromTrash: () => restoreIn(trx, id, actor),
        }),
      })),
    ),
  );
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
    const content = contentKindOf(kind);
    const version = content ? await content.current(db, itemId) : '';
    if (version !== undefined) out.set(key, version);
  }
  return out;
}
