import { FILES_PER_IMAGE } from '../images/image-encode.ts';
import { FIXED_SOURCES } from '../leads/classify.ts';
import { SOURCES_PER_DAY } from '../leads/lead-counter.ts';
import { BY_SLUG } from '../../../shared/paths.ts';
import { CONTENT_HISTORY_KINDS } from '../../../shared/history.ts';
import { LANGUAGES } from '../../../shared/language.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { REQUEST_LIMITS } from '../../../shared/quote-request.ts';
import { OLD_SLUGS_KEPT } from '../../../shared/slugs.ts';
import { EXPORTED_TABLES, REQUEST_TABLES } from './tables.ts';
import { rowBytes } from './values.ts';

/**
 * What an import reads at most, derived from what an export of a site can hold: any file the export
 * writes, the import reads (issue 30; docs/decisions/030). Every figure follows from a constant the
 * site itself keeps to, so a bound moves when the rule it stands on moves:
 *
 * - a line (one row) at most the longest row of its table: every column at the longest its value
 *   rule (values.ts) lets through, an image file's bytes at most MAX_STORED_BYTES (image-encode.ts);
 * - rows per table from the rules that bound the table: lead_counts from the days kept
 *   (LEADS_KEEP_DAYS) × the rows a day can hold (pages × languages × devices × the fixed sources
 *   and SOURCES_PER_DAY campaign names), the history from HISTORY_VERSIONS × the items that can
 *   have one, image files from FILES_PER_IMAGE × the images, the content the owner makes from
 *   OWNER_ITEMS; quote requests (a file exported --with-requests) from REQUESTS_KEEP_MONTHS × the
 *   requests the site stores a day, and their photos from the photos a request carries;
 * - the file's lines and bytes from the sum of those.
 *
 * The target's own settings are used (the import loads into a site that keeps its leads and versions
 * by them): a file from a site that kept more is refused with a message naming the setting to raise.
 */
export interface SiteLimits {
  /** LEADS_KEEP_DAYS of the site importing. */
  leadsKeepDays: number;
  /** HISTORY_VERSIONS of the site importing. */
  historyVersions: number;
  /** REQUESTS_KEEP_MONTHS of the site importing (12 when not given). */
  requestsKeepMonths?: number;
}

/** The environment's defaults (src/server/environment.ts). */
export const DEFAULT_SITE_LIMITS: Readonly<SiteLimits> = Object.freeze({ leadsKeepDays: 730, historyVersions: 50 });

/**
 * The most cards, detail items, slides or keywords one site holds. The API does not count them (an
 * owner adds them one at a time, a few dozen in practice): this is the ceiling a backup is read
 * within, tens of times what the business shows.
 */
const OWNER_ITEMS = 1_000;
/**
 * Stored images: those the content names (a card, a detail item, a slide each) and those the trash
 * and the history keep, which are mostly the same pictures (an image no row names is swept).
 */
const IMAGES = 4 * OWNER_ITEMS;
/** Settings rows: the handful the site writes, and room for a later version's. */
const SETTING_ROWS = 64;
/** The header: the migrations' and the tables' names, a few KB. */
const HEADER_BYTES = 64 * 1024;

const DEVICES = 3;
/** The pages a day of leads counts: each page of the site (the detail pages' row of unknown ids among them), and each card's detail page. */
const LEAD_PAGES = new Set(Object.values(BY_SLUG)).size + OWNER_ITEMS;
/** Rows of lead_counts one day can hold, whatever is sent (decision 020). */
const LEAD_ROWS_PER_DAY = LEAD_PAGES * LANGUAGES.length * DEVICES * (FIXED_SOURCES.size + SOURCES_PER_DAY);

/** Items that have a history: the content the owner makes (live or deleted since), and the singletons (the about texts, contact, phone, proof). */
const CONTENT_KINDS = 4;
const HISTORY_ITEMS =
  2 * CONTENT_KINDS * OWNER_ITEMS + LANGUAGES.length + (CONTENT_HISTORY_KINDS.length - CONTENT_KINDS - 1);

export interface ImportBounds {
  /** Bytes of one line, uncompressed (its newline not counted). */
  lineBytes: number;
  /** Bytes of the whole file, uncompressed. */
  fileBytes: number;
  /** Lines of the file: the header, the rows and the trailer. */
  lines: number;
  /** Rows of each table. */
  rows: Readonly<Record<string, number>>;
  /** The longest row of each table. */
  rowBytes: Readonly<Record<string, number>>;
}

/** Rows of each exported table a site can hold under `limits`. */
function tableRows(limits: SiteLimits): Record<string, number> {
  const content = OWNER_ITEMS;
  // The cities (issue 34) have their history too: those there and as many deleted since.
  const history = limits.historyVersions * (HISTORY_ITEMS + 2 * LIMITS.cities);
  // A trashed card keeps its detail items: everything deleted within TRASH_DAYS, at most the content once more.
  const trash = CONTENT_KINDS * content + LIMITS.cities;
  // What a trash row (a card with its detail items: their images) and a history row (before and after) keep.
  const keptImages = 2 * content + 2 * history;
  const images = IMAGES;
  const rows: Record<string, number> = {
    users: 1,
    settings: SETTING_ROWS,
    words: content,
    about: LANGUAGES.length,
    images,
    image_files: FILES_PER_IMAGE * images,
    // The cities served: the admin refuses more than LIMITS.cities.
    cities: LIMITS.cities,
    // The questions and answers: the admin refuses more than LIMITS.faqs.
    faqs: LIMITS.faqs,
    cards: content,
    // Each card keeps its OLD_SLUGS_KEPT newest former addresses.
    card_slugs: content * OLD_SLUGS_KEPT,
    card_details: content,
    slides: content,
    trash,
    history,
    kept_images: keptImages,
    // The day of the oldest row the hourly job has not yet deleted, and today.
    lead_counts: (limits.leadsKeepDays + 2) * LEAD_ROWS_PER_DAY,
    lead_options: 1,
    // Months of 31 days, and the day the hourly job has not yet deleted and today.
    requests: ((limits.requestsKeepMonths ?? 12) * 31 + 2) * REQUEST_LIMITS.storedPerDay,
  };
  rows.request_photos = rows.requests! * REQUEST_LIMITS.photos;
  // The owner's changes to a request's status and notes: the last few of each are kept.
  rows.request_changes = rows.requests! * REQUEST_LIMITS.changesKept;
  return rows;
}

/** The bounds an import reads within, for a site of `limits`. */
export function importBounds(limits: SiteLimits = DEFAULT_SITE_LIMITS): ImportBounds {
  const rows = tableRows(limits);
  // A file with the requests (--with-requests) is the largest an export writes.
  const tables = [...EXPORTED_TABLES, ...REQUEST_TABLES];
  const bytes = Object.fromEntries(tables.map((t) => [t, rowBytes(t)]));
  let fileBytes = HEADER_BYTES + 1;
  let lines = 2;
  for (const table of tables) {
    fileBytes += rows[table]! * (bytes[table]! + 1);
    lines += rows[table]!;
  }
  // The trailer: each table's name and count.
  fileBytes += `{"end":{"rows":{}}}`.length + tables.reduce((n, t) => n + t.length + 20, 0) + 1;
  return Object.freeze({
    lineBytes: Math.max(HEADER_BYTES, ...Object.values(bytes)),
    fileBytes,
    lines,
    rows: Object.freeze(rows),
    rowBytes: Object.freeze(bytes),
  });
}
