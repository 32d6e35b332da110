import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';

/**
 * The backup file: gzipped JSON Lines, so it is written and read as a stream (a site with hundreds
 * of MB of images never sits in memory) and survives any copy tool. Line by line:
 *
 *   {"format":"bird-barrier-site","version":2,"createdAt":…,"engine":…,"migrations":[…],"tables":[…]}
 *   {"t":"cards","r":{"id":…,"title":…}}          one line per row, tables in dependency order
 *   {"end":{"rows":{"cards":12,…}}}                the trailer: a file without it is incomplete
 *
 * Values are JSON as the database gives them, except bytes ({"$bytes":"<base64>"}) and dates (ISO strings).
 * Images are rows like the rest (images, then image_files with their bytes).
 *
 * Version 1 also carried image files from the uploads folder; this version does not read it (the
 * site that wrote it exports it again once it runs this version). Version 3 adds the leads counts
 * (007) and the trash and the history (008); a version 2 file still imports (ADDED_SINCE), leaving
 * them empty. Version 4 adds each image's focal point (009, two columns of images); an older file's
 * images import with the centre, which is how they were cropped. Version 5 adds two counts of
 * lead_counts (011, page visitors and visitors who got in touch); an older file's rows import with
 * 0, and a page's visitors are then read from the visitors who entered on it. Version 6 adds the
 * cities (012: a table, and cards.city_id; an older file's projects import without a city) and names
 * 013 (quote requests, which a backup carries only when asked) and 014 (backup_runs, which backups skip).
 * Version 7 adds the trust settings' check links (in a settings row's JSON). Version 8 adds the
 * requests counted as leads (015, lead_counts.requests); an older file's rows import with 0. Version 9
 * adds the requests' trash and history (016: two columns of requests and request_changes, carried
 * with the requests when asked); an older file's requests import as not deleted, with no changes.
 * Version 10 adds the products' and projects' readable addresses (017: two columns of cards and
 * card_slugs); an older file's cards get addresses made from their titles as they import.
 * Version 11 adds deleted cities and their changes to the trash and the history (kind 'city',
 * issue 34): no table or column, but a version 10 site would refuse such rows as damaged, so it
 * refuses the file by its version instead; a version 10 file imports as it is.
 * Version 12 adds the questions and answers (018: the faqs table, and the kind 'faq' in the trash
 * and the history); an older file imports without any.
 * Version 13 adds the search titles' changes to the history (kind 'seo'): as with version 11, a
 * version 12 site would refuse such rows as damaged, so it refuses the file by its version; a
 * version 12 file imports as it is.
 */
export const FORMAT = 'bird-barrier-site';
export const FORMAT_VERSION = 13;

/**
 * What each older version still read lacks, so its files keep importing: the migrations added
 * since (the file's list is ours without them), the tables they made (left empty by the import)
 * and the columns they added to tables the file has (each row gets the value given here).
 * Version 3 added the second factors (006, tables a backup skips), the leads counts (007) and the trash
 * and the history (008); version 4 the focal point of images (009); version 5 two lead counts (011; 010 adds only a table backups skip); version 6 nothing a backup carries (014); version 7 the trust settings' check links (in the settings row's JSON: a
 * version 6 file reads as without them, and a version 6 site refuses a version 7 file by its version, not as damaged);
 * version 8 the requests counted as leads (015, a column of lead_counts); version 9 the requests'
 * trash and history (016); version 10 the cards' addresses (017); version 11 nothing but the kind 'city' in the trash and the history;
 * version 12 the questions and answers (018); version 13 nothing but the kind 'seo' in the history.
 */
export interface AddedSince {
  migrations: readonly string[];
  tables: readonly string[];
  columns: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}
const FOCUS_COLUMNS = { images: { focus_x: 0.5, focus_y: 0.5 } };
/** 015: lead_counts counts the quote requests. */
const REQUEST_COUNTS = { migrations: ['015-lead-requests'], columns: { lead_counts: { requests: 0 } } };
const LEAD_COLUMNS = { lead_counts: { page_visitors: 0, contacted: 0, ...REQUEST_COUNTS.columns.lead_counts } };
/** 012: the cities served become entries (a table of their own), and a project names its city. */
const CITY_COLUMNS = { cards: { city_id: null } };
const CITIES = {
  migrations: ['012-cities-slugs-faq', '013-quote-requests', '014-backup-runs', ...REQUEST_COUNTS.migrations],
  tables: ['cities'],
};
const BEFORE_8: Readonly<Record<number, AddedSince>> = {
  2: {
    migrations: [
      '006-second-factors',
      '007-leads',
      '008-trash-history',
      '009-image-focus',
      '010-account-guard',
      '011-lead-bounds',
      ...CITIES.migrations,
    ],
    tables: ['lead_counts', 'lead_options', 'trash', 'history', 'kept_images', ...CITIES.tables],
    columns: { ...FOCUS_COLUMNS, ...CITY_COLUMNS },
  },
  3: {
    migrations: ['009-image-focus', '010-account-guard', '011-lead-bounds', ...CITIES.migrations],
    tables: CITIES.tables,
    columns: { ...FOCUS_COLUMNS, ...LEAD_COLUMNS, ...CITY_COLUMNS },
  },
  4: {
    migrations: ['010-account-guard', '011-lead-bounds', ...CITIES.migrations],
    tables: CITIES.tables,
    columns: { ...LEAD_COLUMNS, ...CITY_COLUMNS },
  },
  5: {
    migrations: CITIES.migrations,
    tables: CITIES.tables,
    columns: { ...CITY_COLUMNS, ...REQUEST_COUNTS.columns },
  },
  6: { migrations: REQUEST_COUNTS.migrations, tables: [], columns: REQUEST_COUNTS.columns },
  7: { migrations: REQUEST_COUNTS.migrations, tables: [], columns: REQUEST_COUNTS.columns },
};
/** 016: a request the owner deleted is marked on its row; the owner's changes have a table of their own. */
const REQUEST_TRASH: AddedSince = {
  migrations: ['016-request-trash'],
  tables: ['request_changes'],
  columns: { requests: { deleted_at: null, deleted_by: '' } },
};
/** 017: a card has an address in each language ('' here: the import makes them from the titles), and keeps its former ones. */
const CARD_SLUGS: AddedSince = {
  migrations: ['017-card-slugs'],
  tables: ['card_slugs'],
  columns: { cards: { slug_ar: '', slug_en: '' } },
};
const andLater = (a: AddedSince, later: AddedSince): AddedSince => ({
  migrations: [...a.migrations, ...later.migrations],
  tables: [...a.tables, ...later.tables],
  columns: Object.fromEntries(
    [...new Set([...Object.keys(a.columns), ...Object.keys(later.columns)])].map((t) => [
      t,
      { ...a.columns[t], ...later.columns[t] },
    ]),
  ),
});
/** 11: the cities' trash and history rows (kind 'city') go in tables every version since 3 has. */
const CITY_TRASH: AddedSince = { migrations: [], tables: [], columns: {} };
/** 018: the questions and answers, a table of their own. */
const FAQ: AddedSince = { migrations: ['018-faq'], tables: ['faqs'], columns: {} };
/** 13: the search titles' history rows (kind 'seo') go in a table every version since 3 has. */
const SEO_HISTORY: AddedSince = { migrations: [], tables: [], columns: {} };
export const ADDED_SINCE: Readonly<Record<number, AddedSince>> = {
  ...Object.fromEntries(
    Object.entries(BEFORE_8).map(([v, a]) => [
      v,
      andLater(andLater(andLater(andLater(andLater(a, REQUEST_TRASH), CARD_SLUGS), CITY_TRASH), FAQ), SEO_HISTORY),
    ]),
  ),
  8: andLater(andLater(andLater(andLater(REQUEST_TRASH, CARD_SLUGS), CITY_TRASH), FAQ), SEO_HISTORY),
  9: andLater(andLater(andLater(CARD_SLUGS, CITY_TRASH), FAQ), SEO_HISTORY),
  10: andLater(andLater(CITY_TRASH, FAQ), SEO_HISTORY),
  11: andLater(FAQ, SEO_HISTORY),
  12: SEO_HISTORY,
};

/** An expected failure (bad file, refused target, bad usage): its message is all the operator needs. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** A name or value from the file, as a message shows it: at most `max` characters (a file can hold megabytes where a name goes). */
export function shown(text: unknown, max = 80): string {
  const s = typeof text === 'string' ? text : String(JSON.stringify(text) ?? text);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

export interface Header {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  engine: string;
  migrations: string[];
  tables: { name: string; columns: string[] }[];
}

export interface Trailer {
  rows: Record<string, number>;
}

export type Line =
  /** A row as the file holds it (JSON values: bytes still as {"$bytes":…}), to be checked, then decodeRow'd. */
  { kind: 'row'; table: string; values: Record<string, unknown> } | { kind: 'end'; trailer: Trailer };

/** A database value as JSON: bytes as base64, dates as ISO strings, big integers as numbers. */
function encodeValue(value: unknown): unknown {
  if (value instanceof Uint8Array)
    return { $bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) return value.toString();
    return Number(value);
  }
  return value;
}

function encodeRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = encodeValue(value);
  return out;
}

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeValue(value: unknown, where: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  const bytes = (value as { $bytes?: unknown }).$bytes;
  if (Object.keys(value).length === 1 && typeof bytes === 'string' && BASE64_RE.test(bytes))
    return Buffer.from(bytes, 'base64');
  throw new BackupError(`${where} holds a value that is not a database value.`);
}

/** A row of the file as the database takes it: bytes as Buffers, everything else as it is. */
export function decodeRow(values: Record<string, unknown>, lineNo: number): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(values)) row[key] = decodeValue(v, `Line ${lineNo} of the backup`);
  return row;
}

export const rowLine = (table: string, row: Record<string, unknown>): string =>
  `${JSON.stringify({ t: table, r: encodeRow(row) })}\n`;
export const endLine = (trailer: Trailer): string => `${JSON.stringify({ end: trailer })}\n`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the first line of a file and answers its header. */
export function parseHeader(text: string | undefined): Header {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    value = undefined;
  }
  if (!isRecord(value) || value.format !== FORMAT)
    throw new BackupError('The file is not a site backup (its first line is not a backup header).');
  if (value.version !== FORMAT_VERSION && !(typeof value.version === 'number' && value.version in ADDED_SINCE)) {
    const versions = [...Object.keys(ADDED_SINCE), String(FORMAT_VERSION)];
    const read = `${versions.slice(0, -1).join(', ')} and ${versions.at(-1)}`;
    throw new BackupError(
      `The backup is format version ${shown(typeof value.version === 'object' ? 'unknown' : value.version, 20)}; this version of the site reads versions ${read} only. ` +
        'Start the site that wrote it with this version and export it again.',
    );
  }
  const tables = value.tables;
  if (
    !Array.isArray(value.migrations) ||
    !value.migrations.every((m) => typeof m === 'string') ||
    !Array.isArray(tables) ||
    !tables.every(
      (t) =>
        isRecord(t) &&
        typeof t.name === 'string' &&
        Array.isArray(t.columns) &&
        t.columns.every((c) => typeof c === 'string'),
    )
  ) {
    throw new BackupError('The backup header is damaged.');
  }
  return value as unknown as Header;
}

/** Parses a line after the header. */
export function parseLine(text: string, lineNo: number): Line {
  const where = `Line ${lineNo} of the backup`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError(`${where} is damaged (not valid JSON).`);
  }
  if (isRecord(value) && typeof value.t === 'string' && isRecord(value.r))
    return { kind: 'row', table: value.t, values: value.r };
  if (
    isRecord(value) &&
    isRecord(value.end) &&
    isRecord(value.end.rows) &&
    Object.values(value.end.rows).every((n) => Number.isSafeInteger(n) && (n as number) >= 0)
  ) {
    return { kind: 'end', trailer: value.end as unknown as Trailer };
  }
  throw new BackupError(`${where} is damaged (neither a row nor the end).`);
}

/** What readLines reads at most (bounds.ts derives them from what an export can write). */
export interface ReadBounds {
  /** Bytes of one line, uncompressed (its newline not counted). */
  lineBytes: number;
  /** Bytes of the whole file, uncompressed. */
  fileBytes: number;
  /** Lines of the file: the header, the rows and the trailer. */
  lines: number;
}

/** 16 MiB, 4 GiB: a size as the operator reads it. */
function sizeName(bytes: number): string {
  const units: [number, string][] = [
    [1024 ** 3, 'GiB'],
    [1024 ** 2, 'MiB'],
    [1024, 'KiB'],
  ];
  for (const [unit, name] of units) if (bytes >= unit) return `${Number((bytes / unit).toFixed(1))} ${name}`;
  return `${bytes} bytes`;
}

/**
 * The lines of a gzipped file, read as a stream; a damaged or cut-off gzip stream is a BackupError.
 *
 * The file is unpacked a chunk (16 KiB) at a time and split into lines as bytes (a newline byte is
 * never part of a UTF-8 character). A line longer than `bounds.lineBytes` is refused as soon as the
 * chunk that makes it too long arrives, and so is a file past `bounds.fileBytes` or `bounds.lines`:
 * whatever the file, memory holds at most one line of the bound and one chunk.
 */
export async function* readLines(file: string, bounds: ReadBounds): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const stream = pipeline(createReadStream(file), gunzip, () => {});
  // A line can span many chunks (an image's base64): pieces are joined once, when its end arrives.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let lineNo = 1;
  let total = 0;
  const tooLong = () =>
    new BackupError(
      `Line ${lineNo} of the backup is longer than ${sizeName(bounds.lineBytes)}, more than any row of a site ` +
        '(an image file included): the file is damaged or is not a site backup.',
    );
  /** Each line is counted before it is handed on: a file of too many lines is refused at the first one past the bound. */
  const counted = (line: Buffer): string => {
    if (lineNo > bounds.lines) {
      throw new BackupError(
        `The backup has more than ${bounds.lines.toLocaleString('en')} lines, more than any site holds: ` +
          'the file is damaged or is not a site backup.',
      );
    }
    lineNo++;
    return line.toString('utf8');
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > bounds.fileBytes) {
        throw new BackupError(
          `The backup unpacks to more than ${sizeName(bounds.fileBytes)} (at line ${lineNo}), more than any site holds: ` +
            'the file is damaged or is not a site backup.',
        );
      }
      let from = 0;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, from)) {
        if (pendingBytes + at - from > bounds.lineBytes) throw tooLong();
        const piece = chunk.subarray(from, at);
        const line = pending.length === 0 ? piece : Buffer.concat([...pending, piece], pendingBytes + piece.length);
        pending = [];
        pendingBytes = 0;
        from = at + 1;
        yield counted(line);
      }
      if (from < chunk.length) {
        if (pendingBytes + chunk.length - from > bounds.lineBytes) throw tooLong();
        pending.push(chunk.subarray(from));
        pendingBytes += chunk.length - from;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ENOENT') throw new BackupError(`There is no file ${file}.`);
    if (code === 'EISDIR') throw new BackupError(`${file} is a folder, not a backup file.`);
    if (code === 'Z_BUF_ERROR')
      throw new BackupError(
        'The backup file is incomplete (it ends in the middle): it was cut off while being written or copied.',
      );
    if (code?.startsWith('Z_'))
      throw new BackupError('The file is not a site backup (not gzip data) or it is damaged.');
    throw err;
  } finally {
    stream.destroy();
  }
  if (pendingBytes > 0) yield counted(Buffer.concat(pending, pendingBytes));
}
