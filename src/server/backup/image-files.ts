import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isBinaryType, type LiveTable } from './tables.ts';

/**
 * Images whose bytes are files under DATA_DIR/uploads (named by the `images` table) travel in the
 * backup as file lines. Once the bytes live in the database (a table with a binary column), they
 * travel as rows like everything else and no file is carried: this is the one place that decides.
 */
export function carriesImageFiles(live: readonly LiveTable[]): boolean {
  return !live.some((t) => t.columns.some((c) => isBinaryType(c.dataType)));
}

/** Stored image names and their variants: 32 hex digits, an optional width, .webp. Nothing else is written. */
const FILE_RE = /^[a-f0-9]{32}(-\d{1,5})?\.webp$/;
export const isImageFileName = (name: string): boolean => FILE_RE.test(name);

export const uploadsDir = (dataDir: string): string => join(dataDir, 'uploads');

/** The files of one `images` row: the stored image and each smaller variant. */
export function filesOfImage(row: Record<string, unknown>): string[] {
  const name = String(row.name);
  const width = Number(row.width);
  let widths: number[];
  try {
    widths = JSON.parse(String(row.variants)) as number[];
  } catch {
    widths = [];
  }
  // The widest "variant" is the stored image itself (see page-data.ts).
  return [name, ...widths.filter((w) => w < width).map((w) => name.replace(/\.webp$/, `-${w}.webp`))];
}

/** The bytes of a stored file, or undefined when it is gone (freed after the snapshot was taken). */
export async function readImageFile(dataDir: string, name: string): Promise<Buffer | undefined> {
  try {
    return await readFile(join(uploadsDir(dataDir), name));
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Files an import writes aside first and moves in only once the rows are committed, so a failed
 * import leaves the upload folder as it was.
 */
export interface StagedFiles {
  write(name: string, bytes: Buffer): Promise<void>;
  readonly count: number;
  /** Moves every staged file into the upload folder (after the commit). */
  commit(): Promise<void>;
  /** Drops what was staged (after a failure). */
  discard(): Promise<void>;
}

export function stageFiles(dataDir: string): StagedFiles {
  const dir = uploadsDir(dataDir);
  const staging = join(dir, `.import-${process.pid}-${randomBytes(4).toString('hex')}`);
  const names: string[] = [];
  return {
    async write(name, bytes) {
      if (names.length === 0) await mkdir(staging, { recursive: true });
      await writeFile(join(staging, name), bytes);
      names.push(name);
    },
    get count() { return names.length; },
    async commit() {
      for (const name of names) await rename(join(staging, name), join(dir, name));
      await rm(staging, { recursive: true, force: true });
    },
    async discard() {
      await rm(staging, { recursive: true, force: true });
    },
  };
}

/** Deletes files of the replaced site that the imported one does not use. */
export async function removeImageFiles(dataDir: string, names: Iterable<string>): Promise<void> {
  for (const name of names) {
    if (isImageFileName(name)) await rm(join(uploadsDir(dataDir), name), { force: true });
  }
}
