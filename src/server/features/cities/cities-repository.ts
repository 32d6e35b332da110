import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CitiesTable } from '../../db/schema.ts';
import type { City } from '../../../shared/schemas.ts';

/**
 * The served cities (issue 34, decision 031): one row each, with the page /cities/<slug>. A city is
 * published when it is on and has something of its own to show: an introduction in either language,
 * or at least one project (a portfolio entry naming it). Without either its page would differ from the
 * others only by the name (a doorway page to search engines): it answers 404 and is left out of the sitemap.
 */
export type CityRow = Selectable<CitiesTable>;

/** A served city as the pages, the sitemap and other features (quote requests) need it. */
export interface ServedCity {
  id: string;
  slug: string;
  nameAr: string;
  /** '' when the owner has not written it (the pages then show the Arabic name). */
  nameEn: string;
  /** The city's own numbers ('' = the site's). */
  phone: string;
  whatsapp: string;
  /** Its page is public: an introduction or a project of its own. */
  published: boolean;
  /** The projects done there. */
  projects: number;
  /** When the city or the latest of its projects changed (the sitemap's lastmod). */
  updatedAt: string;
}

const hasIntro = (row: Pick<CityRow, 'intro_ar' | 'intro_en'>) =>
  row.intro_ar.trim() !== '' || row.intro_en.trim() !== '';

/** How many portfolio entries name each city, and when the latest of them changed. */
async function projectCounts(db: Db): Promise<Map<string, { n: number; last: string }>> {
  const rows = await db
    .selectFrom('cards')
    .select(['city_id'])
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('updated_at').as('last')])
    .where('type', '=', 'portfolio')
    .where('city_id', 'is not', null)
    .groupBy('city_id')
    .execute();
  return new Map(rows.map((r) => [r.city_id!, { n: Number(r.n), last: String(r.last) }]));
}

const ordered = (db: Db) => db.selectFrom('cities').selectAll().orderBy('position').orderBy('name_ar').orderBy('id');

/**
 * The cities the business serves, switched on, in the owner's order: the one list the public pages,
 * the sitemap and any other feature (a quote request's choice of city) read.
 */
export async function listServedCities(db: Db): Promise<ServedCity[]> {
  const [rows, counts] = await Promise.all([ordered(db).where('enabled', '=', 1).execute(), projectCounts(db)]);
  return rows.map((r) => {
    const { n: projects, last } = counts.get(r.id) ?? { n: 0, last: '' };
    return {
      id: r.id,
      slug: r.slug,
      nameAr: r.name_ar,
      nameEn: r.name_en,
      phone: r.phone,
      whatsapp: r.whatsapp,
      published: hasIntro(r) || projects > 0,
      projects,
      updatedAt: last > r.updated_at ? last : r.updated_at,
    };
  });
}

function toCity(row: CityRow, projectIds: string[]): City {
  const lacks: City['lacks'] = [];
  if (row.enabled && !hasIntro(row) && projectIds.length === 0) lacks.push('intro', 'project');
  return {
    _id: row.id,
    slug: row.slug,
    nameAr: row.name_ar,
    nameEn: row.name_en,
    introAr: row.intro_ar,
    introEn: row.intro_en,
    areasAr: row.areas_ar,
    areasEn: row.areas_en,
    phone: row.phone,
    whatsapp: row.whatsapp,
    enabled: row.enabled === 1,
    position: row.position,
    projectIds,
    published: row.enabled === 1 && lacks.length === 0 && (hasIntro(row) || projectIds.length > 0),
    lacks,
    updatedAt: row.updated_at,
  };
}

async function projectIdsByCity(db: Db, cityId?: string): Promise<Map<string, string[]>> {
  let q = db
    .selectFrom('cards')
    .select(['id', 'city_id'])
    .where('type', '=', 'portfolio')
    .where('city_id', 'is not', null);
  if (cityId) q = q.where('city_id', '=', cityId);
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  const by = new Map<string, string[]>();
  for (const r of rows) by.set(r.city_id!, [...(by.get(r.city_id!) ?? []), r.id]);
  return by;
}

/** Every city entry, on or off, with its projects: the admin's list. */
export async function listCities(db: Db): Promise<City[]> {
  const [rows, projects] = await Promise.all([ordered(db).execute(), projectIdsByCity(db)]);
  return rows.map((r) => toCity(r, projects.get(r.id) ?? []));
}

export async function findCityRow(db: Db, id: string): Promise<CityRow | undefined> {
  return db.selectFrom('cities').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether a city with this id exists (the faq's tie to a city page). */
export async function cityExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('cities').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function getCity(db: Db, id: string): Promise<City | undefined> {
  const row = await findCityRow(db, id);
  if (!row) return undefined;
  return toCity(row, (await projectIdsByCity(db, id)).get(id) ?? []);
}

/** A city by its page's address, when switched on (published or not: the caller decides). */
export async function findCityBySlug(db: Db, slug: string): Promise<CityRow | undefined> {
  return db.selectFrom('cities').selectAll().where('slug', '=', slug).where('enabled', '=', 1).executeTakeFirst();
}

export async function countCities(db: Db): Promise<number> {
  const row = await db
    .selectFrom('cities')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function slugTaken(db: Db, slug: string, except?: string): Promise<boolean> {
  let q = db.selectFrom('cities').select('id').where('slug', '=', slug);
  if (except) q = q.where('id', '!=', except);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertCity(db: Db, row: CityRow): Promise<void> {
  await db.insertInto('cities').values(row).execute();
}

/** A compare-and-set on updated_at: false when the row changed (or went) since it was read. */
export async function updateCity(
  db: Db,
  id: string,
  changes: Omit<CityRow, 'id' | 'created_at'>,
  readAt: string,
): Promise<boolean> {
  const r = await db
    .updateTable('cities')
    .set(changes)
    .where('id', '=', id)
    .where('updated_at', '=', readAt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteCityRow(db: Db, id: string): Promise<boolean> {
  await db.updateTable('cards').set({ city_id: null }).where('city_id', '=', id).execute();
  const r = await db.deleteFrom('cities').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Makes exactly `projectIds` the portfolio entries of the city (an entry named here leaves its former city). */
export async function setCityProjects(db: Db, cityId: string, projectIds: readonly string[]): Promise<string[]> {
  const found = projectIds.length
    ? (
        await db
          .selectFrom('cards')
          .select('id')
          .where('type', '=', 'portfolio')
          .where('id', 'in', [...projectIds])
          .execute()
      ).map((r) => r.id)
    : [];
  const unknown = projectIds.filter((id) => !found.includes(id));
  let clear = db.updateTable('cards').set({ city_id: null }).where('city_id', '=', cityId);
  if (found.length) clear = clear.where('id', 'not in', found);
  await clear.execute();
  if (found.length) await db.updateTable('cards').set({ city_id: cityId }).where('id', 'in', found).execute();
  return unknown;
}

/** The cities other than `except` that `projectIds` name now (a save naming them takes them). */
export async function citiesNaming(db: Db, projectIds: readonly string[], except: string): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .selectFrom('cards')
    .select('city_id')
    .distinct()
    .where('id', 'in', [...projectIds])
    .where('type', '=', 'portfolio')
    .where('city_id', 'is not', null)
    .where('city_id', '!=', except)
    .orderBy('city_id')
    .execute();
  return rows.map((r) => r.city_id!);
}

/** Those of `ids` that are portfolio entries still there (a city's projects restored from the History). */
export async function existingProjects(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = new Set(
    (
      await db
        .selectFrom('cards')
        .select('id')
        .where('type', '=', 'portfolio')
        .where('id', 'in', [...ids])
        .execute()
    ).map((r) => r.id),
  );
  return ids.filter((id) => found.has(id));
}

/**
 * Names the city on those of `ids` that are still portfolio entries and name no other city (a
 * city put back from the Trash takes back its projects, never another city's).
 */
export async function relinkProjects(db: Db, cityId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('cards')
    .set({ city_id: cityId })
    .where('type', '=', 'portfolio')
    .where('city_id', 'is', null)
    .where('id', 'in', [...ids])
    .execute();
}

/** The portfolio entries of a city, newest first (card rows: the pages localise them). */
export async function cityProjectIds(db: Db, cityId: string): Promise<string[]> {
  return (await projectIdsByCity(db, cityId)).get(cityId) ?? [];
}
