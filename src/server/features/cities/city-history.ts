import { isUniqueViolation, type Db } from '../../db/database.ts';
import { assertVersion } from '../../lib/concurrency.ts';
import { ConflictError, NotFoundError } from '../../lib/domain-errors.ts';
import { deleteHistoryOf, findHistory, listHistory } from '../history/history-service.ts';
import type { HistorySource } from '../history/sources.ts';
import { findInTrash, listTrash, removeFromTrash } from '../trash/trash-service.ts';
import type { TrashSource } from '../trash/sources.ts';
import { isStoredSnapshot, isStoredVersion } from '../backup/values.ts';
import { CITY_KINDS, type Version } from '../../../shared/history.ts';
import { LIMITS, type CityInput } from '../../../shared/schemas.ts';
import {
  countCities,
  findCityRow,
  getCity,
  insertCity,
  relinkProjects,
  slugTaken,
  type CityRow,
} from './cities-repository.ts';
import { deleteCity, mirrorIntoContact, recordCityChange, saveCityIn } from './cities-service.ts';

/**
 * The cities in the Trash and the History (issue 34 point 8, decision 026). A deleted city is a
 * row of the content's `trash` table (kind 'city': its row and the ids of the projects that named
 * it); its changes are rows of `history` (its fields by the API's names, cityVersion). Both are
 * reached by the Trash and History screens through the sources below, as the content's are.
 */

const NOT_IN_TRASH = 'trash.not_in_trash';
const NO_VERSION = 'history.not_kept';
const GONE = 'city.not_found';
const DAMAGED = 'history.damaged';

/**
 * Puts a deleted city back as it was, in the caller's transaction: the same id, slug, fields and
 * place, its projects that still exist and name no other city, and the contact details' lists.
 * The slug taken by another city since answers 409 (decision 026, amended: its address is the one
 * search engines and shared links know; the owner chooses which city keeps it).
 */
async function restoreIn(trx: Db, id: string, actor: string): Promise<string | undefined> {
  const entry = await findInTrash(trx, id);
  if (!entry || entry.kind !== 'city') throw new NotFoundError(NOT_IN_TRASH);
  if (!isStoredSnapshot('city', id, entry.snapshot)) throw new ConflictError(DAMAGED);
  const row = entry.snapshot.row as CityRow;
  if (await slugTaken(trx, row.slug)) throw new ConflictError('city.address_taken_restore', { slug: row.slug });
  if ((await countCities(trx)) >= LIMITS.cities)
    throw new ConflictError('city.too_many_restore', { max: LIMITS.cities });
  try {
    await insertCity(trx, row);
  } catch (err) {
    // Another server's save took the slug between the check and the insert (PostgreSQL).
    if (isUniqueViolation(err)) throw new ConflictError('city.address_taken_restore', { slug: row.slug });
    throw err;
  }
  await relinkProjects(trx, id, entry.snapshot.projectIds ?? []);
  await mirrorIntoContact(trx);
  await removeFromTrash(trx, id);
  return recordCityChange(trx, id, undefined, await getCity(trx, id), actor);
}

/** A city's version as a save sends it (a version brought back from the History). */
const inputOf = (v: Version): CityInput => ({
  nameAr: String(v.nameAr),
  nameEn: String(v.nameEn),
  introAr: String(v.introAr),
  introEn: String(v.introEn),
  areasAr: String(v.areasAr),
  areasEn: String(v.areasEn),
  phone: String(v.phone),
  whatsapp: String(v.whatsapp),
  enabled: v.enabled === true,
  slug: String(v.slug),
  position: Number(v.position),
  projectIds: Array.isArray(v.projectIds) ? v.projectIds.filter((p) => typeof p === 'string') : [],
});

/**
 * Brings a city back to the version a change replaced: a city deleted since comes back from the
 * Trash first; a change that added the city is undone by deleting it (to the Trash). `expected` is
 * the city's updatedAt as read (409 when it changed since).
 */
async function restoreVersion(
  db: Db,
  historyId: string,
  expected: string | undefined,
  actor: string,
): Promise<string | undefined> {
  const entry = await findHistory(db, historyId);
  if (!entry || entry.kind !== 'city') throw new NotFoundError(NO_VERSION);
  if (!isStoredVersion('city', entry.before)) throw new ConflictError(DAMAGED);
  const id = entry.itemId;
  const target = entry.before;
  if (target === null) {
    if (!(await deleteCity(db, id, actor, expected))) throw new NotFoundError(GONE);
    return undefined;
  }
  return db.transaction().execute(async (trx) => {
    let restored: string | undefined;
    const current = await findCityRow(trx, id);
    if (current) assertVersion(expected, current.updated_at);
    else {
      const trashed = await findInTrash(trx, id);
      if (!trashed || trashed.kind !== 'city') throw new NotFoundError(GONE);
      restored = await restoreIn(trx, id, actor);
    }
    const { historyId: made } = await saveCityIn(trx, id, inputOf(target), undefined, actor, true);
    return made ?? restored;
  });
}

/** The Trash screen's source for cities. */
export const cityTrash: TrashSource = {
  list: (db, keptDays) => listTrash(db, keptDays, CITY_KINDS),
  owns: async (db, id) => (await findInTrash(db, id))?.kind === 'city',
  restore: (deps, id, actor) => deps.db.transaction().execute((trx) => restoreIn(trx, id, actor)),
  purge: async (deps, id) => {
    // A city has no images: nothing its trash row or history kept is left to release.
    await deps.db.transaction().execute(async (trx) => {
      const entry = await findInTrash(trx, id);
      if (!entry || entry.kind !== 'city') throw new NotFoundError(NOT_IN_TRASH);
      await removeFromTrash(trx, id);
      await deleteHistoryOf(trx, CITY_KINDS, [id]);
    });
  },
};

/** The History screen's source for cities. */
export const cityHistory: HistorySource = {
  kinds: CITY_KINDS,
  list: (db, { item, limit }) => listHistory(db, { kinds: CITY_KINDS, item, limit }),
  owns: async (db, id) => (await findHistory(db, id))?.kind === 'city',
  current: async (db, entries) => {
    const out = new Map<string, string>();
    for (const id of new Set(entries.map((e) => e.itemId))) {
      const row = await findCityRow(db, id);
      if (row) out.set(`city:${id}`, row.updated_at);
    }
    return out;
  },
  restore: (deps, id, expected, actor) => restoreVersion(deps.db, id, expected, actor),
};
