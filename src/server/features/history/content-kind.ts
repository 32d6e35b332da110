import type { AppContext } from '../../context.ts';
import { nextUpdatedAt, type Db, type Tx } from '../../db/database.ts';
import { assertVersion, staleOrGone } from '../../lib/concurrency.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import type { PlainCode } from '../../../shared/error-codes.ts';
import type { ContentHistoryKind, Version } from '../../../shared/history.ts';
import { findInTrash, type TrashEntry } from '../trash/trash-service.ts';
import { changedFields, recordChange } from './history-service.ts';

/**
 * One kind of content as the History and the Trash restore it (decision 026): each feature writes
 * its own kinds (cards/card-history.ts, slides/slide-history.ts, ...) and content-kinds.ts lists
 * them. restore-service.ts runs the transaction, the checks and the history entries every kind
 * shares, and asks the kind for the rest; it knows no kind itself.
 */
export interface ContentKind {
  /** The item's updatedAt now, for the History screen to send back ('' for an item without one; undefined when gone). */
  current(db: Db, id: string): Promise<string | undefined>;
  /**
   * Sets the item to a version a history entry replaced (its `before`; {} for a version that did
   * not exist of an item that always exists), in the restore's transaction. `run.expected` is its
   * updatedAt as the admin read it (409 when it moved). Answers the history entry it made.
   */
  apply(trx: Tx, id: string, version: Version, run: RestoreRun): Promise<string | undefined>;
  /** How a kind that can be deleted goes to the Trash and comes back; absent for an item that always exists. */
  trash?: TrashKind;
}

/** What a restore of a version gives the kind. */
export interface RestoreRun {
  expected: string | undefined;
  actor: string;
  /**
   * Puts the item back from the Trash in this transaction, as the Trash screen's restore does (its
   * history entry included): for a version of an item deleted since. Answers that entry.
   */
  fromTrash(): Promise<string | undefined>;
}

/** The Trash side of a kind. */
interface TrashKind {
  /**
   * Writes the rows the Trash kept back (checked as stored rows: isStoredSnapshot), in the restore's
   * transaction. Answers the item's version now, the `after` of the history entry the restore makes.
   */
  putBack(trx: Tx, id: string, snapshot: TrashEntry['snapshot']): Promise<Version>;
  /** The code a unique key refusing the put back answers (409); 'history.exists' when not set. */
  taken?: PlainCode;
  /**
   * Deleting for good: removes what else the item left (beyond its trash row and history) and
   * answers the ids of other items whose history goes with it (a card's detail items).
   */
  purge?(trx: Tx, id: string, snapshot: TrashEntry['snapshot']): Promise<string[]>;
  /**
   * Deletes the item again (to the Trash): restoring the version before the entry that added it.
   * Runs its own transaction, as the feature's delete does; `expected` as in `apply`.
   */
  deleteAgain(
    deps: Pick<AppContext, 'db' | 'images'>,
    id: string,
    expected: string | undefined,
    actor: string,
  ): Promise<void>;
}

/** What setRowBack needs of a kind kept as one row with a title and an updatedAt (a card, a detail item, a slide). */
export interface RowKind<R extends { title: string; updated_at: string }> {
  kind: ContentHistoryKind;
  /** The code when the item is neither there nor in the Trash (404). */
  gone: PlainCode;
  find(db: Db, id: string): Promise<R | undefined>;
  /** Its version as the History keeps it. */
  version(row: R): Version;
  /**
   * The columns that set `current` to the version `v` (updated_at included), and the version they
   * make (compared with the current one: nothing is written when they are the same).
   */
  changes(trx: Tx, current: R, v: Version): Promise<{ changes: Record<string, unknown>; target: Version }>;
  /**
   * The compare-and-set write of `changes` with the new `updatedAt` (`current.updated_at` as read);
   * false when it matched no row.
   */
  write(trx: Tx, id: string, changes: Record<string, unknown>, updatedAt: string, current: R): Promise<boolean>;
}

/**
 * Sets a row-kept item back to a version: from the Trash first when it was deleted since (no
 * version check then: it is as it was deleted), else checked against `run.expected`. Answers the
 * history entry of the change, else the one the put back made.
 */
export async function setRowBack<R extends { title: string; updated_at: string }>(
  trx: Tx,
  kind: RowKind<R>,
  id: string,
  v: Version,
  run: RestoreRun,
): Promise<string | undefined> {
  const find = () => kind.find(trx, id);
  let current = await find();
  let restored: string | undefined;
  if (!current) {
    if (!(await findInTrash(trx, id))) throw new NotFoundError(kind.gone);
    restored = await run.fromTrash();
    current = await find();
    if (!current) throw new NotFoundError(kind.gone);
  } else {
    assertVersion(run.expected, current.updated_at);
  }
  const { changes, target } = await kind.changes(trx, current, v);
  // Already that version (an item just put back from the trash as it was): nothing more to change.
  if (changedFields(kind.version(current), target).length === 0) return restored;
  if (!(await kind.write(trx, id, changes, nextUpdatedAt(current.updated_at), current)))
    await staleOrGone(find, run.expected, kind.gone);
  const now = await find();
  if (!now) throw new NotFoundError(kind.gone);
  const made = await recordChange(trx, {
    kind: kind.kind,
    itemId: id,
    title: now.title,
    before: kind.version(current),
    after: kind.version(now),
    actor: run.actor,
  });
  return made ?? restored;
}
