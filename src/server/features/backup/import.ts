import { stat } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Db, Engine } from '../../db/database.ts';
import { knownMigrations, migrateToLatest } from '../../db/migrate.ts';
import { rebuildTotals } from '../leads/lead-totals.ts';
import { fillMissingCardSlugs } from '../cards/card-slugs.ts';
import { DEFAULT_SITE_LIMITS, importBounds, type ImportBounds, type SiteLimits } from './bounds.ts';
import {
  ADDED_SINCE,
  BackupError,
  type AddedSince,
  decodeRow,
  FORMAT_VERSION,
  shown,
  parseHeader,
  parseLine,
  readLines,
  type Header,
} from './format.ts';
import { clearTable, continueSequences, insertRows, type Row } from './rows.ts';
import {
  assertClassified,
  EXPORTED_TABLES,
  exportedTables,
  liveTables,
  REQUEST_TABLES,
  SKIPPED_TABLES,
  type LiveTable,
} from './tables.ts';
import { assertValueRules, checkRow, checkValues } from './values.ts';

export interface ImportSummary {
  tables: number;
  rows: number;
  bytes: number;
}

/** Rows sent in one INSERT: well under both engines' limit on bound values, and 4 MiB at most (or one longer row alone). */
const MAX_BATCH_ROWS = 100;
const MAX_BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Loads a backup into the database (migrated to the latest version first). A target that holds
 * content (any row of an exported table: the admin account, cards, settings, …) is refused unless
 * `replace`; everything (the delete of what was there and the load, images and their bytes
 * included) happens in ONE transaction, so a failure leaves the target as it was. The file is read
 * line by line and stored in bounded batches: it never sits in memory whole.
 *
 * Nothing in the file is trusted: it is read within what an export of a site can write (bounds.ts:
 * a longer line, a larger file, more lines or more rows of a table than a site holds are refused as
 * soon as they are read), and each row is checked against its
 * table's rules (values.ts: types, ranges, password hash parameters, image bytes against their
 * row) before it is stored. One wrong value refuses the whole file, naming its line and column.
 */
export interface ImportOptions {
  file: string;
  replace: boolean;
  /** The importing site's LEADS_KEEP_DAYS and HISTORY_VERSIONS, from which the bounds follow (the defaults when not given). */
  limits?: SiteLimits;
  /** Other bounds than those `limits` give (tests). */
  bounds?: ImportBounds;
}

export async function importSite(db: Kysely<any>, engine: Engine, opts: ImportOptions): Promise<ImportSummary> {
  const fileStat = await stat(opts.file).catch(() => undefined);
  const bounds = opts.bounds ?? importBounds(opts.limits ?? DEFAULT_SITE_LIMITS);
  const lines = readLines(opts.file, bounds)[Symbol.asyncIterator]();
  try {
    if (!fileStat) throw new BackupError(`There is no file ${opts.file}.`);
    if (!fileStat.isFile()) throw new BackupError(`${opts.file} is not a file.`);
    const header = parseHeader((await lines.next()).value as string | undefined);
    // An older format's file was written before the migrations added since: it is ours without them.
    const added = header.version === FORMAT_VERSION ? undefined : ADDED_SINCE[header.version];
    const expected = (names: string[]) => names.filter((name) => !added?.migrations.includes(name));
    assertSameMigrations(header.migrations, expected(knownMigrations()), 'this version is');
    try {
      await migrateToLatest(db);
    } catch (err) {
      throw new BackupError(
        `The target database could not be brought up to this version of the site: ${(err as Error).message}.`,
      );
    }
    const executed = (await db.selectFrom('kysely_migration').select('name').orderBy('name').execute()).map((r) =>
      String(r.name),
    );
    assertSameMigrations(header.migrations, expected(executed), 'the target database is');
    const live = await liveTables(db);
    assertClassified(live);
    // A file exported --with-requests names the requests' tables (both or neither: assertSameTables).
    const withRequests = header.tables.some((t) => REQUEST_TABLES.includes(t.name));
    const inFile = exportedTables(live, withRequests)
      .filter((t) => !added?.tables.includes(t.name))
      .map((t) => ({ ...t, columns: t.columns.filter((c) => !(c.name in (added?.columns[t.name] ?? {}))) }));
    assertSameTables(header, inFile);
    assertValueRules(exportedTables(live, true));

    const summary = await db.transaction().execute(async (trx) => {
      await prepareTarget(trx, opts.replace, withRequests);
      const loaded = await load(trx, lines, live, withRequests, added?.columns ?? {}, bounds.rows);
      // lead_totals is derived from lead_counts, which the file carries.
      await rebuildTotals(trx);
      // A file from before the cards' addresses (format 10): each gets them from its titles.
      if (added?.columns.cards && 'slug_ar' in added.columns.cards) await fillMissingCardSlugs(trx as unknown as Db);
      for (const table of exportedTables(live, withRequests))
        await continueSequences(trx, engine, table.name, table.columns);
      // The rows fire the content-version triggers like any write: at commit, servers running on the
      // target (notified on PostgreSQL, reading the version on SQLite) drop the pages they kept.
      return loaded;
    });
    return { ...summary, bytes: fileStat.size };
  } catch (err) {
    // Every refusal happens before the transaction or inside it (rolled back): the content is as it was.
    if (err instanceof BackupError) throw new BackupError(`${err.message} Nothing was changed.`);
    throw err;
  } finally {
    await lines.return?.(undefined);
  }
}

function assertSameMigrations(file: string[], code: string[], here: string): void {
  if (file.join('\n') === code.join('\n')) return;
  const last = (list: string[]) => shown(list.at(-1) ?? 'none');
  throw new BackupError(
    `The backup was written by a version of the site whose database is at migration ${last(file)} (${file.length} migrations); ` +
      `${here} at ${last(code)} (${code.length}). Import it with the same version of the site that wrote it, ` +
      'or start the source site once with this version and export it again.',
  );
}

function assertSameTables(header: Header, tables: LiveTable[]): void {
  const inFile = new Map(header.tables.map((t) => [t.name, [...t.columns].sort().join(',')]));
  for (const table of tables) {
    const columns = table.columns
      .map((c) => c.name)
      .sort()
      .join(',');
    if (inFile.get(table.name) !== columns) {
      throw new BackupError(
        `The backup's table ${table.name} does not match this database's (columns ${shown(inFile.get(table.name) ?? 'missing', 400)} in the file, ${columns} here).`,
      );
    }
    inFile.delete(table.name);
  }
  if (inFile.size > 0)
    throw new BackupError(
      `The backup holds tables this database does not have: ${shown([...inFile.keys()].join(', '), 400)}.`,
    );
}

/**
 * Refuses a target with content unless replacing it; when replacing, empties it inside the import's
 * transaction (its quote requests too when the file carries requests: else they are kept).
 */
async function prepareTarget(trx: Kysely<any>, replace: boolean, withRequests: boolean): Promise<void> {
  const loaded = withRequests ? [...EXPORTED_TABLES, ...REQUEST_TABLES] : EXPORTED_TABLES;
  const held: string[] = [];
  for (const table of loaded) {
    const row = await trx
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(row.n) > 0) held.push(`${table}: ${Number(row.n)}`);
  }
  if (held.length === 0) return;
  if (!replace) {
    throw new BackupError(
      `The target database already holds a site (${held.join(', ')} rows). ` +
        'Import with --replace to delete it and load the backup in its place.',
    );
  }
  for (const [table, skipped] of Object.entries(SKIPPED_TABLES))
    if (skipped.clearOnReplace) await clearTable(trx, table);
  for (const table of [...loaded].reverse()) await clearTable(trx, table);
}

/** `filled`: columns an older file's rows lack, with the value each row gets (ADDED_SINCE). */
async function load(
  trx: Kysely<any>,
  lines: AsyncIterator<string>,
  live: LiveTable[],
  withRequests: boolean,
  filled: AddedSince['columns'],
  most: ImportBounds['rows'],
): Promise<Omit<ImportSummary, 'bytes'>> {
  const columns = new Map(
    exportedTables(live, withRequests).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]),
  );
  const counts: Record<string, number> = {};
  let batch: { table: string; rows: Row[]; bytes: number; firstLine: number } | undefined;
  const flush = async () => {
    if (!batch) return;
    try {
      await insertRows(trx, batch.table, batch.rows);
    } catch (err) {
      throw new BackupError(
        `The rows of ${batch.table} from line ${batch.firstLine} on could not be stored (${(err as Error).message}).`,
      );
    }
    batch = undefined;
  };

  for (let lineNo = 2; ; lineNo++) {
    const next = await lines.next();
    if (next.done)
      throw new BackupError(
        'The backup file is incomplete (its last line is missing): it was cut off while being written or copied.',
      );
    const line = parseLine(next.value, lineNo);
    if (line.kind === 'row') {
      const known = columns.get(line.table);
      if (!known)
        throw new BackupError(
          `Line ${lineNo} of the backup is a row of ${shown(line.table)}, which a backup does not hold.`,
        );
      const stray = Object.keys(line.values).find((c) => !known.has(c) || c in (filled[line.table] ?? {}));
      if (stray)
        throw new BackupError(
          `Line ${lineNo} of the backup has a column ${line.table}.${shown(stray)} this database does not have.`,
        );
      const values = { ...line.values, ...filled[line.table] };
      checkValues(line.table, values, lineNo);
      const row = decodeRow(values, lineNo);
      // The rows before are stored first: an image file is checked against its image's stored row.
      if (
        batch &&
        (batch.table !== line.table ||
          batch.rows.length >= MAX_BATCH_ROWS ||
          batch.bytes + next.value.length > MAX_BATCH_BYTES)
      )
        await flush();
      await checkRow(trx, line.table, row, lineNo);
      batch ??= { table: line.table, rows: [], bytes: 0, firstLine: lineNo };
      batch.rows.push(row);
      batch.bytes += next.value.length;
      counts[line.table] = (counts[line.table] ?? 0) + 1;
      if (counts[line.table]! > (most[line.table] ?? 0)) throw tooManyRows(line.table, most[line.table] ?? 0, lineNo);
    } else {
      await flush();
      for (const table of new Set([...Object.keys(line.trailer.rows), ...Object.keys(counts)])) {
        if ((counts[table] ?? 0) !== line.trailer.rows[table]) {
          throw new BackupError(
            `The backup is damaged: it announces ${line.trailer.rows[table] ?? 0} rows of ${shown(table)} but holds ${counts[table] ?? 0}.`,
          );
        }
      }
      if (!(await lines.next()).done) throw new BackupError(`The backup has lines after its end (line ${lineNo + 1}).`);
      const rows = Object.values(counts).reduce((a, b) => a + b, 0);
      return { tables: columns.size, rows };
    }
  }
}

/** What bounds each table, for an operator whose file holds more (a site that kept more than this one keeps). */
const BOUNDED_BY: Record<string, string> = {
  lead_counts:
    ' (LEADS_KEEP_DAYS days of the rows a day can hold): if the site that wrote it kept its leads longer, set LEADS_KEEP_DAYS as it had',
  requests:
    ' (REQUESTS_KEEP_MONTHS months of the requests a day can hold): if the site that wrote it kept its requests longer, set REQUESTS_KEEP_MONTHS as it had',
  request_photos:
    ' (five photos to each request REQUESTS_KEEP_MONTHS keeps): if the site that wrote it kept its requests longer, set REQUESTS_KEEP_MONTHS as it had',
  history:
    ' (HISTORY_VERSIONS versions of each item): if the site that wrote it kept more versions, set HISTORY_VERSIONS as it had',
};

function tooManyRows(table: string, most: number, lineNo: number): BackupError {
  return new BackupError(
    `Line ${lineNo} of the backup is row ${(most + 1).toLocaleString('en')} of ${table}, more than a site holds` +
      `${BOUNDED_BY[table] ?? ''}; otherwise the file is damaged or is not a site backup.`,
  );
}
