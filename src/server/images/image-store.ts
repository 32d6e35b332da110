import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Metadata, OutputInfo, Sharp, SharpOptions } from 'sharp';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { badRequest, tooLarge, unsupportedMedia } from '../lib/http-error.ts';

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;
let sharpFactory: SharpFactory | undefined;

/** sharp (and libvips) load on the first upload, not at start: most processes never decode an image. */
async function loadSharp(): Promise<SharpFactory> {
  if (!sharpFactory) {
    const { default: sharp } = await import('sharp');
    // A web server decodes few images: with libvips' operation cache off, memory is given back after an upload.
    sharp.cache(false);
    // One libvips worker thread: uploads are rare, and every thread keeps its own malloc arena.
    sharp.concurrency(1);
    sharpFactory = sharp;
  }
  return sharpFactory;
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Decoding bombs stop here: 40 megapixels is more than any phone camera this business uses. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The stored original is capped at this width; variants are made at these widths when smaller. */
export const MAX_WIDTH = 2400;
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
const NAME_RE = /^[a-f0-9]{32}\.webp$/;

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export interface StoredImage { name: string; width: number; height: number; variants: number[] }

export interface ImageStore {
  readonly dir: string;
  /** Decodes, validates and re-encodes an upload; stores it under a random name with resized variants. */
  save(db: Db, input: Buffer): Promise<StoredImage>;
  /** Stored facts for an image name, or undefined when it is not ours. */
  find(db: Db, name: string): Promise<StoredImage | undefined>;
  /** Deletes the files and row of each image no card, detail item or slide uses any more. */
  releaseUnused(db: Db, names: string[]): Promise<void>;
  /**
   * Frees images uploaded before `before` that nothing uses: uploads whose form was never sent.
   * Returns how many were removed.
   */
  sweepOrphans(db: Db, before: Date): Promise<number>;
}

export const isImageName = (name: string): boolean => NAME_RE.test(name);
export const imageUrl = (name: string): string => `/uploads/${name}`;
export const variantName = (name: string, width: number): string => name.replace(/\.webp$/, `-${width}.webp`);

export function createImageStore(dataDir: string): ImageStore {
  const dir = join(dataDir, 'uploads');

  return {
    dir,
    async save(db, input) {
      if (input.length > MAX_UPLOAD_BYTES) throw tooLarge('The image is too large (10 MB at most).');
      const sharp = await loadSharp();
      let meta: Metadata;
      try {
        // Only the header is read here, so no pixel limit yet: the explicit check below answers 413, not 415.
        meta = await sharp(input, { limitInputPixels: false }).metadata();
      } catch {
        throw unsupportedMedia('The file is not an image we can read. Use JPEG, PNG, WebP, AVIF or GIF.');
      }
      const format = meta.format as string | undefined;
      if (!format || !ACCEPTED.has(format) || (format === 'heif' && meta.compression !== 'av1')) {
        throw unsupportedMedia('Only JPEG, PNG, WebP, AVIF or GIF images are accepted.');
      }
      if (!meta.width || !meta.height) throw unsupportedMedia('The image has no dimensions.');
      if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooLarge('The image has too many pixels (40 megapixels at most).');

      const name = `${randomBytes(16).toString('hex')}.webp`;
      await mkdir(dir, { recursive: true });
      let main: { data: Buffer; info: OutputInfo };
      try {
        // rotate() applies the EXIF orientation before metadata is dropped (sharp keeps none by default).
        main = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width: MAX_WIDTH, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw badRequest('The image could not be decoded; it may be damaged.');
      }
      const variants: number[] = [];
      try {
        await writeFile(join(dir, name), main.data);
        for (const width of VARIANT_WIDTHS) {
          if (width >= main.info.width) break;
          await sharp(main.data).resize({ width }).webp({ quality: 78 }).toFile(join(dir, variantName(name, width)));
          variants.push(width);
        }
        variants.push(main.info.width);
        await db.insertInto('images').values({ name, width: main.info.width, height: main.info.height, variants: JSON.stringify(variants), created_at: nowIso() }).execute();
      } catch (err) {
        // No half-stored image: files without a row would never be freed.
        await Promise.all([name, ...variants.map((w) => variantName(name, w))].map((f) => rm(join(dir, f), { force: true })));
        throw err;
      }
      return { name, width: main.info.width, height: main.info.height, variants };
    },

    async find(db, name) {
      if (!isImageName(name)) return undefined;
      const row = await db.selectFrom('images').selectAll().where('name', '=', name).executeTakeFirst();
      return row ? { name: row.name, width: row.width, height: row.height, variants: JSON.parse(row.variants) as number[] } : undefined;
    },

    async releaseUnused(db, names) {
      for (const name of new Set(names)) {
        if (!isImageName(name)) continue;
        const used = await db.selectFrom('cards').select('id').where('image', '=', name)
          .unionAll(db.selectFrom('card_details').select('id').where('image', '=', name))
          .unionAll(db.selectFrom('slides').select('id').where('image', '=', name))
          .executeTakeFirst();
        if (used) continue;
        const row = await db.deleteFrom('images').where('name', '=', name).returning('variants').executeTakeFirst();
        const widths = row ? (JSON.parse(row.variants) as number[]) : [];
        await Promise.all([name, ...widths.map((w) => variantName(name, w))].map((f) => rm(join(dir, f), { force: true })));
      }
    },

    async sweepOrphans(db, before) {
      const rows = await db.selectFrom('images').select('name')
        .where('created_at', '<', before.toISOString())
        .where(({ not, exists, selectFrom }) => not(exists(
          selectFrom('cards').select('id').whereRef('cards.image', '=', 'images.name')
            .unionAll(selectFrom('card_details').select('id').whereRef('card_details.image', '=', 'images.name'))
            .unionAll(selectFrom('slides').select('id').whereRef('slides.image', '=', 'images.name')),
        )))
        .execute();
      // releaseUnused checks each name again, so an image attached meanwhile is kept.
      await this.releaseUnused(db, rows.map((r) => r.name));
      const left = rows.length === 0 ? [] : await db.selectFrom('images').select('name').where('name', 'in', rows.map((r) => r.name)).execute();
      return rows.length - left.length;
    },
  };
}
