import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Engine } from '../../db/database.ts';
import { exportSite } from './export.ts';
import { DEFAULT_SITE_LIMITS, importBounds, type SiteLimits } from './bounds.ts';
import { BackupError, FORMAT_VERSION, parseHeader, parseLine, readLines } from './format.ts';
import { importSite } from './import.ts';

/**
 * The restore drill (`npm run restore-check -- FILE`, and the nightly backup on every new file):
 * a backup is known to restore only once it has been restored. The file is checked against its
 * checksum file (FILE.sha256, as `sha256sum -c` reads it), imported into a database made for the
 * drill (a SQLite file in a temporary folder of DATA_DIR, or a new database on the PostgreSQL
 * server of DATABASE_URL), exported again from there, and the two compared table by table: the
 * rows each holds and a digest of them (the rows as the file writes them, in any order). The drill's
 * database and files are removed whatever the outcome; the site's own database is never written.
 */
export interface RestoreCheckResult {
  tables: number;
  rows: number;
  /** SHA-256 of the file's bytes. */
  sha256: string;
  /** False when there was no FILE.sha256 to check the bytes against. */
  checksumChecked: boolean;
  /** False when only the counts could be compared (a file of another engine or an older format). */
  digestsCompared: boolean;
}

interface TableSums {
  rows: number;
  digest: Buffer;
}

/** SHA-256 of a file's bytes, read as a stream. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The checksum file's line, as `sha256sum` writes it and `sha256sum -c` checks it. */
export const checksumLine = (sha256: string, file: string): string => `${sha256}  ${basename(file)}\n`;

/** The digest a checksum file gives, or undefined when there is none. */
async function expectedSha256(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(`${file}.sha256`, 'utf8');
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return undefined;
    throw err;
  }
  const match = /^([0-9a-f]{64})\s/i.exec(text);
  if (!match)
    throw new BackupError(`${basename(file)}.sha256 is not a checksum file (sha256sum's "<64 hex digits>  <name>").`);
  return match[1]!.toLowerCase();
}

/** Per table: the rows and the XOR of each row line's SHA-256 (rows are unique, so the order does not matter). */
async function tableSums(
  file: string,
  limits: SiteLimits,
): Promise<{ header: ReturnType<typeof parseHeader>; sums: Map<string, TableSums>; trailer: Record<string, number> }> {
  const lines = readLines(file, importBounds(limits))[Symbol.asyncIterator]();
  try {
    const header = parseHeader((await lines.next()).value as string | undefined);
    const sums = new Map<string, TableSums>(header.tables.map((t) => [t.name, { rows: 0, digest: Buffer.alloc(32) }]));
    let trailer: Record<string, number> | undefined;
    let lineNo = 1;
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      lineNo++;
      const line = parseLine(next.value, lineNo);
      if (line.kind === 'end') {
        trailer = line.trailer.rows;
        continue;
      }
      const sum = sums.get(line.table);
      if (!sum)
        throw new BackupError(`Line ${lineNo} of the backup names a table its header does not (${line.table}).`);
      sum.rows++;
      const digest = createHash('sha256').update(next.value).digest();
      for (let i = 0; i < 32; i++) sum.digest[i]! ^= digest[i]!;
    }
    if (!trailer) throw new BackupError('The backup has no end line: it was cut off while being written or copied.');
    return { header, sums, trailer };
  } finally {
    await lines.return?.(undefined);
  }
}

/** A database made for the drill, and how to remove it. */
async function drillDatabase(opts: { databaseUrl: string | undefined; workDir: string }) {
  await mkdir(opts.workDir, { recursive: true });
  if (!opts.databaseUrl) {
    const dir = await mkdtemp(join(opts.workDir, '.restore-check-'));
    const handle = openDatabase({ dataDir: dir, longRunning: true });
    return {
      handle,
      dir,
      remove: async () => {
        await handle.destroy();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `restore_check_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: opts.databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(opts.databaseUrl);
  url.pathname = `/${name}`;
  const dir = await mkdtemp(join(opts.workDir, '.restore-check-'));
  const handle = openDatabase({ databaseUrl: url.href, dataDir: dir, longRunning: true });
  return {
    handle,
    dir,
    remove: async () => {
      await handle.destroy();
      await rm(dir, { recursive: true, force: true });
      const dropper = new pg.Client({ connectionString: opts.databaseUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export async function restoreCheck(
  file: string,
  opts: { databaseUrl: string | undefined; workDir: string; limits?: SiteLimits },
): Promise<RestoreCheckResult> {
  const limits = opts.limits ?? DEFAULT_SITE_LIMITS;
  const sha256 = await fileSha256(file).catch((err: { code?: string }) => {
    throw err.code === 'ENOENT' ? new BackupError(`There is no file ${file}.`) : err;
  });
  const expected = await expectedSha256(file);
  if (expected !== undefined && expected !== sha256) {
    throw new BackupError(
      `${basename(file)} does not match its checksum file (${basename(file)}.sha256): it changed after it was written (a damaged disk or copy).`,
    );
  }
  const original = await tableSums(file, limits);
  for (const [table, sum] of original.sums) {
    if ((original.trailer[table] ?? 0) !== sum.rows) {
      throw new BackupError(
        `The backup's end line says ${original.trailer[table] ?? 0} rows of ${table}, the file holds ${sum.rows}.`,
      );
    }
  }

  const drill = await drillDatabase(opts);
  try {
    await importSite(drill.handle.db, drill.handle.engine, { file, replace: false, limits });
    const again = join(drill.dir, 'again.jsonl.gz');
    await exportSite(drill.handle.db, drill.handle.engine, { file: again });
    const restored = await tableSums(again, limits);
    // A file of the other engine or of an older format is stored with values the drill's export
    // writes differently (a new column's value, an engine's way of writing a date): counts only.
    const digestsCompared =
      original.header.version === FORMAT_VERSION && original.header.engine === (drill.handle.engine satisfies Engine);
    const problems: string[] = [];
    for (const [table, sum] of original.sums) {
      const back = restored.sums.get(table);
      if (!back) problems.push(`${table} is missing after the restore`);
      else if (back.rows !== sum.rows) problems.push(`${table}: ${sum.rows} rows in the file, ${back.rows} restored`);
      else if (digestsCompared && !back.digest.equals(sum.digest))
        problems.push(`${table}: the restored rows differ from the file's`);
    }
    if (problems.length > 0) throw new BackupError(`The restore check failed: ${problems.join('; ')}.`);
    let rows = 0;
    for (const sum of original.sums.values()) rows += sum.rows;
    return { tables: original.sums.size, rows, sha256, checksumChecked: expected !== undefined, digestsCompared };
  } finally {
    await drill.remove();
  }
}
