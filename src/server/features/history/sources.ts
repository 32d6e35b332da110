import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { CONTENT_HISTORY_KINDS, type HistoryEntry, type HistoryKind } from '../../../shared/history.ts';
import { requestHistory } from '../requests/request-trash.ts';
import { cityHistory } from '../cities/city-history.ts';
import { findHistory, listHistory } from './history-service.ts';
import { currentVersions, restoreVersion } from './restore-service.ts';

/** What a source's restore may use. */
type HistoryDeps = Pick<AppContext, 'db' | 'images'>;

/** Which changes a History call asks for. */
interface HistoryFilter {
  kind?: HistoryKind | undefined;
  item?: string | undefined;
  limit: number;
}

/**
 * One kind of item, or a group of kinds kept the same way, as the History screen reaches its
 * changes (decision 026): the routes ask each source in turn and know no kind themselves.
 */
export interface HistorySource {
  /** The kinds whose changes it keeps (a call asking for one kind asks only its source). */
  kinds: readonly HistoryKind[];
  /** Its changes newest first, at most `filter.limit` (the route merges the sources' lists). */
  list(db: Db, filter: HistoryFilter): Promise<HistoryEntry[]>;
  /** Whether the history entry `id` is one of its changes. */
  owns(db: Db, id: string): Promise<boolean>;
  /** The updatedAt now of the items those changes are of (key `kind:itemId`; absent when gone). */
  current(db: Db, entries: HistoryEntry[]): Promise<Map<string, string>>;
  /**
   * Brings the item back to the version the change replaced; `expected` is its updatedAt as read
   * (409 when it changed since). Answers the history entry the restore made, if any.
   */
  restore(deps: HistoryDeps, id: string, expected: string | undefined, actor: string): Promise<string | undefined>;
}

const isContent = (kind: string): boolean => (CONTENT_HISTORY_KINDS as readonly string[]).includes(kind);

/** The content (cards, detail items, slides, keywords, questions, the about texts, contact details, phone, proof): the `history` table; each kind restored by its feature (content-kinds.ts). */
const contentHistory: HistorySource = {
  kinds: CONTENT_HISTORY_KINDS,
  list: (db, { kind, item, limit }) => listHistory(db, { kinds: kind ? [kind] : CONTENT_HISTORY_KINDS, item, limit }),
  owns: async (db, id) => {
    const entry = await findHistory(db, id);
    return entry !== undefined && isContent(entry.kind);
  },
  current: currentVersions,
  restore: async (deps, id, expected, actor) => (await restoreVersion(deps, id, expected, actor)).historyId,
};

/** Every kind the History screen lists, each kept by its own source. */
export const HISTORY_SOURCES: readonly HistorySource[] = [contentHistory, requestHistory, cityHistory];

/** The source whose change `id` is; undefined when no source has it. */
export async function historySourceOf(db: Db, id: string): Promise<HistorySource | undefined> {
  for (const source of HISTORY_SOURCES) if (await source.owns(db, id)) return source;
  return undefined;
}
