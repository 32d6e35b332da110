import type { FastifyBaseLogger } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/database.ts';
import { isImageName, variantName } from './image-store.ts';

/**
 * The upgrade from images kept as files in DATA_DIR/uploads: on start, every image whose bytes are
 * not in the database yet is read from there and stored under its old name, so its URLs keep working.
 *
 * Idempotent and safe when several servers start at once: each file is inserted only if its name is
 * not stored yet, and an image is done once its original is in. An image whose original file is
 * missing here (lost, or on another server's disk) is logged and skipped, and tried again at the
 * next start; a missing variant is dropped from the image's widths, so no srcset names it.
 *
 * The files are left where they are: the move is then undone by starting the previous release, and
 * nothing reads or writes that folder any more, so the operator deletes it once satisfied.
 */
export async function moveUploadsIntoDatabase(db: Db, dataDir: string, log: FastifyBaseLogger): Promise<void> {
  const pending = await db
    .selectFrom('images')
    .select(['name', 'width', 'variants'])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('image_files').select('name').whereRef('image_files.name', '=', 'images.name'))),
    )
    .execute();
  if (pending.length === 0) return;
  const dir = join(dataDir, 'uploads');
  let moved = 0;
  const missing: string[] = [];
  for (const row of pending) {
    try {
      if (await moveOne(db, dir, row)) moved++;
      else missing.push(row.name);
    } catch (err) {
      log.warn(
        { err, image: row.name },
        'an image could not be moved into the database; it is tried again at the next start',
      );
    }
  }
  if (moved > 0)
    log.info(
      { moved, from: dir },
      'images moved from the uploads folder into the database; the folder is no longer used',
    );
  if (missing.length > 0) {
    log.warn(
      { count: missing.length, images: missing.slice(0, 20), from: dir },
      'images whose file is not in the uploads folder stay unserved until it is there at a start',
    );
  }
}

async function moveOne(db: Db, dir: string, row: { name: string; width: number; variants: string }): Promise<boolean> {
  // A name not of our shape is no file of ours: nothing is read outside the folder.
  if (!isImageName(row.name)) return false;
  const original = await readIfThere(join(dir, row.name));
  if (!original) return false;
  const listed = (JSON.parse(row.variants) as unknown[]).filter(
    (w): w is number => Number.isInteger(w) && (w as number) > 0 && (w as number) < row.width,
  );
  const variants: { width: number; bytes: Buffer }[] = [];
  for (const width of listed) {
    const bytes = await readIfThere(join(dir, variantName(row.name, width)));
    if (bytes) variants.push({ width, bytes });
  }
  await db.transaction().execute(async (trx) => {
    // The original last: once it is in, the image counts as moved (the query above skips it).
    for (const v of variants) {
      await trx
        .insertInto('image_files')
        .values({ name: variantName(row.name, v.width), image: row.name, width: v.width, bytes: v.bytes })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    await trx
      .insertInto('image_files')
      .values({ name: row.name, image: row.name, width: row.width, bytes: original })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const widths = [...variants.map((v) => v.width), row.width];
    if (JSON.stringify(widths) !== row.variants)
      await trx
        .updateTable('images')
        .set({ variants: JSON.stringify(widths) })
        .where('name', '=', row.name)
        .execute();
  });
  return true;
}

async function readIfThere(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
