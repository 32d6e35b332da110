import type { Db } from '../../db/database.ts';
import { isUniqueViolation, nowIso } from '../../db/database.ts';
import { createDecodeQueue, type DecodeQueue } from './decode-queue.ts';
import { encodeOriginal, encodeVariants, type EncodedFile, type EncodedImage } from './image-encode.ts';
import { ImageCache, type CachedFile } from './image-cache.ts';
import {
  deleteImageIfUnused,
  findImage,
  insertImage,
  listOrphans,
  readImageFile,
  touchImage,
  type StoredImage,
} from './images-repository.ts';

export { MAX_UPLOAD_BYTES } from './image-encode.ts';
export { storedImageNames, variantName } from './images-repository.ts';

/** Stored names: 32 hex characters (a hash of the bytes; older uploads got random ones) and .webp. */
const NAME_RE = /^[a-f0-9]{32}\.webp$/;
/** Served file names: a stored name, or a stored name with a variant's width. */
const FILE_RE = /^[a-f0-9]{32}(-[1-9][0-9]{1,3})?\.webp$/;
/** What this server keeps of the files it served: the images of a few pages. */
const DEFAULT_CACHE_BYTES = 8 * 1024 * 1024;

export interface ImageStore {
  /** Decodes, validates and re-encodes an upload; stores it, with resized variants, under a name made from its bytes. */
  save(db: Db, input: Buffer): Promise<StoredImage>;
  /** Stores a picture this code encoded already (the demo's, prepared by the build), as save() would. */
  saveEncoded(db: Db, original: EncodedImage, variants: EncodedFile[]): Promise<StoredImage>;
  /** Stored facts for an image name, or undefined when it is not ours. */
  find(db: Db, name: string): Promise<StoredImage | undefined>;
  /** One served file (original or variant) from memory or the database, or undefined. */
  read(db: Db, fileName: string): Promise<CachedFile | undefined>;
  /** Deletes each image (row and files) that no card, detail item or slide uses any more. */
  releaseUnused(db: Db, names: string[]): Promise<void>;
  /**
   * Frees images uploaded before `before` that nothing uses: uploads whose form was never sent.
   * Returns how many were removed.
   */
  sweepOrphans(db: Db, before: Date): Promise<number>;
  /** The files this server keeps in memory. */
  readonly cache: ImageCache;
  /** Bounds the decoding of uploads: save() waits its turn here; an upload takes a place first. */
  readonly decodes: DecodeQueue;
}

export const isImageName = (name: string): boolean => NAME_RE.test(name);

export function createImageStore(opts: { cacheBytes?: number } = {}): ImageStore {
  const cache = new ImageCache(opts.cacheBytes ?? DEFAULT_CACHE_BYTES);
  const decodes = createDecodeQueue();
  /** Reads in flight, so a burst of visitors asking for one cold file costs one database read. */
  const loading = new Map<string, Promise<CachedFile | undefined>>();

  async function load(db: Db, name: string): Promise<CachedFile | undefined> {
    const row = await readImageFile(db, name);
    if (!row) return undefined;
    // The bytes under a name never change, so the name is a strong validator.
    const file = { image: row.image, bytes: row.bytes, etag: `"${name.replace(/\.webp$/, '')}"` };
    cache.set(name, file);
    return file;
  }

  async function release(db: Db, name: string, uploadedBefore?: Date): Promise<boolean> {
    if (!isImageName(name)) return false;
    const deleted = await deleteImageIfUnused(db, name, uploadedBefore);
    if (deleted) cache.deleteImage(name);
    return deleted;
  }

  async function insert(db: Db, original: EncodedImage, variants: EncodedFile[]): Promise<StoredImage> {
    try {
      return await insertImage(db, original, variants, nowIso());
    } catch (err) {
      // The same picture stored by another request meanwhile: theirs is ours.
      if (!isUniqueViolation(err)) throw err;
      const again = await touchImage(db, original.name, nowIso());
      if (!again) throw err;
      return again;
    }
  }

  return {
    cache,
    decodes,

    async save(db, input) {
      // The original and its variants are made in one turn: an upload never waits twice.
      const encoded = await decodes.run(async () => {
        const original = await encodeOriginal(input);
        const stored = await touchImage(db, original.name, nowIso());
        return stored ?? { original, variants: await encodeVariants(original) };
      });
      if (!('original' in encoded)) return encoded;
      return insert(db, encoded.original, encoded.variants);
    },

    async saveEncoded(db, original, variants) {
      return (await touchImage(db, original.name, nowIso())) ?? insert(db, original, variants);
    },

    async find(db, name) {
      return isImageName(name) ? findImage(db, name) : undefined;
    },

    async read(db, fileName) {
      if (!FILE_RE.test(fileName)) return undefined;
      const hit = cache.get(fileName);
      if (hit) return hit;
      let pending = loading.get(fileName);
      if (!pending) {
        pending = load(db, fileName).finally(() => loading.delete(fileName));
        loading.set(fileName, pending);
      }
      return pending;
    },

    async releaseUnused(db, names) {
      for (const name of new Set(names)) await release(db, name);
    },

    async sweepOrphans(db, before) {
      let removed = 0;
      // Each deletion checks again, in its own statement, that nothing uses the image and that it
      // was not uploaded again since: an image attached or re-uploaded meanwhile is kept.
      for (const name of await listOrphans(db, before)) if (await release(db, name, before)) removed++;
      return removed;
    },
  };
}
