import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { CONTENT_TRASH_KINDS, type TrashItem } from '../../../shared/history.ts';
import { deleteForever, restoreFromTrash } from '../history/restore-service.ts';
import { requestTrash } from '../requests/request-trash.ts';
import { cityTrash } from '../cities/city-history.ts';
import { findInTrash, listTrash } from './trash-service.ts';

/** What a source's restore and purge may use. */
type TrashDeps = Pick<AppContext, 'db' | 'images'>;

/**
 * One kind of deleted item, or a group of kinds kept the same way, as the Trash screen reaches it
 * (decision 026): the routes ask each source in turn and know no kind themselves.
 */
export interface TrashSource {
  /** Its deleted items (any order: the route sorts them, most recently deleted first). */
  list(db: Db, keptDays: number): Promise<TrashItem[]>;
  /** Whether `id` is one of its deleted items. */
  owns(db: Db, id: string): Promise<boolean>;
  /** Puts the item back; answers the history entry the restore made, if any (restoring that entry deletes it again). */
  restore(deps: TrashDeps, id: string, actor: string): Promise<string | undefined>;
  /** Deletes the item for good, with its history. */
  purge(deps: TrashDeps, id: string): Promise<void>;
}

/** The content (cards with their detail items, detail items, slides, keywords, questions): rows of the `trash` table; each kind put back by its feature (history/content-kinds.ts). */
const contentTrash: TrashSource = {
  list: (db, keptDays) => listTrash(db, keptDays, CONTENT_TRASH_KINDS),
  owns: async (db, id) => {
    const entry = await findInTrash(db, id);
    return entry !== undefined && (CONTENT_TRASH_KINDS as readonly string[]).includes(entry.kind);
  },
  restore: restoreFromTrash,
  purge: deleteForever,
};

/** Every kind the Trash screen lists, each kept by its own source. */
export const TRASH_SOURCES: readonly TrashSource[] = [contentTrash, requestTrash, cityTrash];

/** The source whose item `id` is; undefined when no source has it. */
export async function trashSourceOf(db: Db, id: string): Promise<TrashSource | undefined> {
  for (const source of TRASH_SOURCES) if (await source.owns(db, id)) return source;
  return undefined;
}
