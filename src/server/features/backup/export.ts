import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { BackupError, endLine, FORMAT, FORMAT_VERSION, rowLine, type Header } from './format.ts';
import { readRows } from './rows.ts';
import { assertClassified, exportedTables, isBinaryType, liveTables, type LiveTable } from './tables.ts';

export interface ExportSummary {
  tables: number;
  rows: number;
  /** Size of the written file. */
  bytes: number;
}

/**
 * Writes the whole site to `file` while it keeps serving. Every row is read in one read-only
 * snapshot (REPEATABLE READ on PostgreSQL; on SQLite one read transaction, which in WAL mode sees
 * one commit point while writers go on). The file is written under a temporary name and renamed
 * when complete, so a backup that stopped half-way never looks like a backup.
 */
export interface ExportOptions {
  file: string;
  /** Carry the quote requests and their photos too (personal data: only when the operator asks). */
  withRequests?: boolean;
  /** Called once a table has been read (tests write to the live site there to check the snapshot). */
  afterTable?: (table: string) => Promise<void>;
}

export async function exportSite(db: Kysely<any>, engine: Engine, opts: ExportOptions): Promise<ExportSummary> {
  const target = resolve(opts.file);
  const dir = dirname(target);
  const dirStat = await stat(dir).catch(() => undefined);
  if (!dirStat?.isDirectory()) throw new BackupError(`The folder ${dir} does not exist.`);
  if ((await stat(target).catch(() => undefined))?.isDirectory())
    throw new BackupError(`${target} is a folder: name the backup file.`);
  const temp = join(dir, `.${basename(target)}.partial-${process.pid}`);
  const summary: ExportSummary = { tables: 0, rows: 0, bytes: 0 };

  try {
    // The file is created before anything is read: a folder that cannot take it fails at once,
    // and the temporary name is on disk for as long as the export runs.
    const out = await open(temp, 'wx');
    try {
      await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (trx) => {
          const live = await liveTables(trx);
          if (!live.some((t) => t.name === 'kysely_migration')) {
            throw new BackupError(
              'The database is empty (the site was never started on it): there is nothing to export.',
            );
          }
          assertClassified(live);
          const migrations = (await trx.selectFrom('kysely_migration').select('name').orderBy('name').execute()).map(
            (r) => String(r.name),
          );
          const lines = siteLines(trx, engine, live, migrations, opts, summary);
          await pipeline(Readable.from(lines), createGzip(), out.createWriteStream());
        });
    } finally {
      await out.close(); // closed already when the pipeline ran; not when the export stopped before it
    }
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  summary.bytes = (await stat(target)).size;
  return summary;
}

async function* siteLines(
  trx: Kysely<any>,
  engine: Engine,
  live: LiveTable[],
  migrations: string[],
  opts: ExportOptions,
  summary: ExportSummary,
): AsyncGenerator<string> {
  const tables = exportedTables(live, opts.withRequests);
  const header: Header = {
    format: FORMAT,
    version: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    engine,
    migrations,
    tables: tables.map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) })),
  };
  yield `${JSON.stringify(header)}\n`;

  const counts: Record<string, number> = {};
  for (const table of tables) {
    counts[table.name] = 0;
    // Rows with bytes in them (image_files: a picture each, up to a few MB) come a few at a time,
    // so memory holds a handful of pictures whatever the table's size; plain rows by the hundred.
    const batch = table.columns.some((c) => isBinaryType(c.dataType)) ? 8 : 500;
    for await (const rows of readRows(trx, engine, table.name, batch)) {
      // One chunk for the whole batch: the gzip stream does its work (a hop to a worker thread) per
      // chunk, and a million rows one line at a time took four times as long.
      yield rows.map((row) => rowLine(table.name, row)).join('');
      counts[table.name]! += rows.length;
      summary.rows += rows.length;
    }
    await opts.afterTable?.(table.name);
  }
  summary.tables = tables.length;
  yield endLine({ rows: counts });
}
