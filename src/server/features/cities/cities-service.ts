import { nextUpdatedAt, nowIso, type Db } from '../../db/database.ts';
import {
  ConflictError,
  fieldProblem,
  InvalidInputError,
  NotFoundError,
  type FieldProblem,
} from '../../lib/domain-errors.ts';
import { assertVersion, staleOrGone } from '../../lib/concurrency.ts';
import { newId } from '../../lib/ids.ts';
import { phone as phones } from '../../lib/phone.ts';
import { getContact, writeContact } from '../contact/contact-service.ts';
import { recordChange } from '../history/history-service.ts';
import { putInTrash } from '../trash/trash-service.ts';
import type { Version } from '../../../shared/history.ts';
import { LIMITS, type City, type CityInput } from '../../../shared/schemas.ts';
import { tidyText } from '../../../shared/text.ts';
import {
  citiesNaming,
  countCities,
  deleteCityRow,
  existingProjects,
  findCityRow,
  getCity,
  insertCity,
  listServedCities,
  setCityProjects,
  slugTaken,
  updateCity,
  type CityRow,
} from './cities-repository.ts';

/**
 * What other features read of the cities (the pages, the launch checklist, the faq's ties): through
 * this service, never the repository (decision 034).
 */
export { cityExists, cityProjectIds, findCityBySlug, listServedCities, type CityRow } from './cities-repository.ts';

/** "Al Khobar" → "al-khobar": the ASCII slug made from an English name ('' when it has no Latin letters). */
function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** Lines trimmed, blank ones dropped: the areas one per line, the introduction's paragraphs kept apart. */
const tidyLines = (s: string): string =>
  s
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
const tidyParagraphs = (s: string): string =>
  s
    .split(/\r?\n\s*\r?\n/)
    .map((p) => tidyText(p.replace(/[ \t]+/g, ' ')))
    .filter(Boolean)
    .join('\n\n');

function checkedNumber(value: string, field: string, problems: FieldProblem[]): string {
  const v = value.trim();
  if (v === '') return '';
  const international = phones.international(v);
  if (!international) problems.push(fieldProblem(field, 'city.phone', { field }));
  return international ?? v;
}

/** The stored values of a save: trimmed, numbers in international form, every refused field at once. */
function normalise(
  input: CityInput,
): Omit<CityRow, 'id' | 'slug' | 'created_at' | 'updated_at' | 'position'> & { position: number | undefined } {
  const problems: FieldProblem[] = [];
  const out = {
    name_ar: tidyText(input.nameAr.replace(/\s+/g, ' ')),
    name_en: tidyText(input.nameEn.replace(/\s+/g, ' ')),
    intro_ar: tidyParagraphs(input.introAr),
    intro_en: tidyParagraphs(input.introEn),
    areas_ar: tidyLines(input.areasAr),
    areas_en: tidyLines(input.areasEn),
    phone: checkedNumber(input.phone, 'phone', problems),
    whatsapp: checkedNumber(input.whatsapp, 'whatsapp', problems),
    enabled: input.enabled ? 1 : 0,
    position: input.position,
  };
  const refused = InvalidInputError.of(problems);
  if (refused) throw refused;
  return out;
}

async function freeSlug(db: Db, wanted: string | undefined, nameEn: string, except?: string): Promise<string> {
  if (wanted !== undefined) {
    if (await slugTaken(db, wanted, except)) throw new ConflictError('city.address_taken', { slug: wanted });
    return wanted;
  }
  const base = slugOf(nameEn) || 'city';
  let slug = base;
  for (let i = 2; await slugTaken(db, slug, except); i++) slug = `${base}-${i}`;
  return slug;
}

/**
 * A city as the History keeps it (decision 026): its fields by the names GET /api/cities answers
 * them, without what is worked out from them (published, lacks) and its id (the entry's itemId).
 */
function cityVersion(city: City): Version {
  return {
    slug: city.slug,
    nameAr: city.nameAr,
    nameEn: city.nameEn,
    introAr: city.introAr,
    introEn: city.introEn,
    areasAr: city.areasAr,
    areasEn: city.areasEn,
    phone: city.phone,
    whatsapp: city.whatsapp,
    enabled: city.enabled,
    position: city.position,
    projectIds: city.projectIds,
    updatedAt: city.updatedAt,
  };
}

/** Keeps one change of a city in the History, in the caller's transaction; answers its id (none when nothing changed). */
export function recordCityChange(
  db: Db,
  id: string,
  before: City | undefined,
  after: City | undefined,
  actor: string,
): Promise<string | undefined> {
  return recordChange(db, {
    kind: 'city',
    itemId: id,
    title: (after ?? before)?.nameAr ?? '',
    before: before ? cityVersion(before) : null,
    after: after ? cityVersion(after) : null,
    actor,
  });
}

/**
 * The contact details' two lists of city names (GET /api/contact) follow the city entries, so what
 * the API answers is what the site shows (decision 031).
 */
export async function mirrorIntoContact(db: Db): Promise<void> {
  const served = await listServedCities(db);
  const contact = await getContact(db);
  const citiesAr = served.map((c) => c.nameAr);
  const citiesEn = served.map((c) => c.nameEn || c.nameAr);
  if (
    JSON.stringify(citiesAr) === JSON.stringify(contact.citiesAr) &&
    JSON.stringify(citiesEn) === JSON.stringify(contact.citiesEn)
  )
    return;
  const { updatedAt: _u, ...fields } = contact;
  await writeContact(db, { ...fields, citiesAr, citiesEn }, undefined);
}

/**
 * Once a site has city entries, the contact details' two city lists are made from them (decision
 * 031), and the next city write would replace a list saved through the contact details: such a
 * save is refused, naming where cities are changed, instead of being lost later. Sent as read (or
 * left out), the lists pass.
 */
export async function assertCityListsAsStored(
  db: Db,
  input: { citiesAr?: readonly string[] | undefined; citiesEn?: readonly string[] | undefined },
): Promise<void> {
  if (input.citiesAr === undefined && input.citiesEn === undefined) return;
  if ((await countCities(db)) === 0) return;
  const stored = await getContact(db);
  const same = (given: readonly string[], kept: readonly string[]) =>
    JSON.stringify(given.map((c) => c.trim())) === JSON.stringify(kept);
  const problems = (['citiesAr', 'citiesEn'] as const)
    .filter((field) => input[field] !== undefined && !same(input[field]!, stored[field]))
    .map((field) => fieldProblem(field, 'city.lists', { field }));
  const error = InvalidInputError.of(problems);
  if (error) throw error;
}

/**
 * Makes `projectIds` the city's projects. A project named here leaves the city it had: that city's
 * change (its projectIds) is kept in the History too, by the same account.
 */
async function assignProjects(
  db: Db,
  id: string,
  projectIds: readonly string[] | undefined,
  actor: string,
): Promise<void> {
  if (projectIds === undefined) return;
  const others: (City | undefined)[] = [];
  for (const other of await citiesNaming(db, projectIds, id)) others.push(await getCity(db, other));
  const unknown = await setCityProjects(db, id, projectIds);
  if (unknown.length) throw new InvalidInputError('projectIds', 'city.unknown_projects', { count: unknown.length });
  for (const before of others)
    if (before) await recordCityChange(db, before._id, before, await getCity(db, before._id), actor);
}

export async function createCity(db: Db, input: CityInput, actor = ''): Promise<City> {
  return db.transaction().execute(async (trx) => {
    if ((await countCities(trx)) >= LIMITS.cities)
      throw new InvalidInputError('nameAr', 'city.too_many', { max: LIMITS.cities });
    const fields = normalise(input);
    const id = newId();
    const now = nowIso();
    const slug = await freeSlug(trx, input.slug, fields.name_en);
    await insertCity(trx, {
      id,
      slug,
      ...fields,
      position: fields.position ?? (await countCities(trx)),
      created_at: now,
      updated_at: now,
    });
    await assignProjects(trx, id, input.projectIds, actor);
    await mirrorIntoContact(trx);
    const city = (await getCity(trx, id))!;
    await recordCityChange(trx, id, undefined, city, actor);
    return city;
  });
}

/** A full save; with `expected` (the updatedAt read), 409 when the city changed since. The History keeps what it replaced. */
export async function saveCity(
  db: Db,
  id: string,
  input: CityInput,
  expected: string | undefined,
  actor = '',
): Promise<City> {
  return db.transaction().execute(async (trx) => (await saveCityIn(trx, id, input, expected, actor)).city);
}

/**
 * A save in the caller's transaction (also a version brought back from the History:
 * city-history.ts); answers the city and the history entry it made. With `dropGoneProjects`,
 * projects deleted since are left out of projectIds instead of refused.
 */
export async function saveCityIn(
  trx: Db,
  id: string,
  input: CityInput,
  expected: string | undefined,
  actor: string,
  dropGoneProjects = false,
): Promise<{ city: City; historyId: string | undefined }> {
  const before = await getCity(trx, id);
  const current = await findCityRow(trx, id);
  if (!current || !before) throw new NotFoundError('city.not_found');
  assertVersion(expected, current.updated_at);
  if (dropGoneProjects && input.projectIds)
    input = { ...input, projectIds: await existingProjects(trx, input.projectIds) };
  const fields = normalise(input);
  const slug = await freeSlug(trx, input.slug ?? current.slug, fields.name_en, id);
  const changes = {
    ...fields,
    slug,
    position: fields.position ?? current.position,
    updated_at: nextUpdatedAt(current.updated_at),
  };
  if (!(await updateCity(trx, id, changes, current.updated_at))) {
    await staleOrGone(() => findCityRow(trx, id), expected, 'city.not_found');
  }
  await assignProjects(trx, id, input.projectIds, actor);
  await mirrorIntoContact(trx);
  const city = (await getCity(trx, id))!;
  return { city, historyId: await recordCityChange(trx, id, before, city, actor) };
}

/**
 * Moves a city to the Trash (decision 026): its row and the ids of the projects that named it,
 * which lose their city until it is restored; the History keeps the version it was. False when
 * there is no such city. With `expected`, 409 when it changed since (a History restore).
 */
export async function deleteCity(db: Db, id: string, actor = '', expected?: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await findCityRow(trx, id);
    const city = await getCity(trx, id);
    if (!row || !city) return false;
    assertVersion(expected, row.updated_at);
    await putInTrash(trx, {
      id,
      kind: 'city',
      title: row.name_ar,
      image: '',
      snapshot: { row, projectIds: city.projectIds },
      deletedBy: actor,
    });
    await recordCityChange(trx, id, city, undefined, actor);
    const gone = await deleteCityRow(trx, id);
    if (gone) await mirrorIntoContact(trx);
    return gone;
  });
}
