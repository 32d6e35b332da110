import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { AppContext } from '../context.ts';
import {
  encodeOriginal,
  encodeVariants,
  ENCODING,
  MAX_STORED_BYTES,
  storedName,
  type EncodedFile,
  type EncodedImage,
} from '../features/images/image-encode.ts';

/** Draws one demo picture as an SVG document. */
export type Art = () => string;

/** A demo picture as the image pipeline stores it: the original and its variants. */
export interface DemoPicture {
  original: EncodedImage;
  variants: EncodedFile[];
}

/**
 * Where the build keeps the demo pictures it drew and encoded (scripts/prepare-demo-images.ts):
 * drawing and encoding them costs seconds of CPU at a first start, the same bytes every time.
 */
export const PREPARED_DIR = resolve('dist/demo-images');

/** How the SVG is rasterised before it goes through the upload pipeline. */
const RASTER = 'jpeg q90 4:4:4';

/** A picture's prepared file: named by its drawing and the settings that encode it, so a stale one is never found. */
export const preparedFile = (svg: string, dir = PREPARED_DIR): string =>
  join(dir, `${createHash('sha256').update(`${RASTER}\n${ENCODING}\n${svg}`).digest('hex').slice(0, 32)}.json`);

/** Draws a picture and encodes it as an upload of it would be. */
export async function encodeDemoPicture(svg: string): Promise<DemoPicture> {
  // Loaded here, not at start: a restart with content in place never loads libvips.
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer();
  const original = await encodeOriginal(jpeg);
  return { original, variants: await encodeVariants(original) };
}

/** The prepared file's text for a picture. */
export function writePrepared(picture: DemoPicture): string {
  const { original, variants } = picture;
  return JSON.stringify({
    name: original.name,
    width: original.width,
    height: original.height,
    bytes: original.bytes.toString('base64'),
    variants: variants.map((v) => ({ width: v.width, bytes: v.bytes.toString('base64') })),
  });
}

/**
 * The prepared picture of a drawing, or undefined when the build has not prepared it (a tree run
 * from its sources, a drawing changed since) or its file is not what the build writes: the name
 * must be the hash of the original's bytes and the variants narrower, in order, and within a
 * stored file's bound.
 */
export function readPrepared(svg: string, dir = PREPARED_DIR): DemoPicture | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(preparedFile(svg, dir), 'utf8'));
  } catch {
    return undefined;
  }
  const p = parsed as {
    name?: unknown;
    width?: unknown;
    height?: unknown;
    bytes?: unknown;
    variants?: { width?: unknown; bytes?: unknown }[];
  };
  const side = (n: unknown): n is number => Number.isInteger(n) && (n as number) > 0;
  const file = (b: unknown) => (typeof b === 'string' ? Buffer.from(b, 'base64') : undefined);
  const bytes = file(p.bytes);
  if (!bytes || bytes.length === 0 || bytes.length > MAX_STORED_BYTES || p.name !== storedName(bytes)) return undefined;
  if (!side(p.width) || !side(p.height) || !Array.isArray(p.variants)) return undefined;
  const variants: EncodedFile[] = [];
  for (const v of p.variants) {
    const b = file(v.bytes);
    const narrower = variants.at(-1)?.width ?? 0;
    if (!side(v.width) || v.width <= narrower || v.width >= p.width || !b || b.length === 0) return undefined;
    if (b.length > MAX_STORED_BYTES) return undefined;
    variants.push({ width: v.width, bytes: b });
  }
  return { original: { name: p.name, width: p.width, height: p.height, bytes }, variants };
}

/**
 * Stores each picture through the same pipeline as an upload (re-encoding, variants), a few at a
 * time: the build's prepared copy when it has one, else drawn and encoded here. Answers the stored
 * name of each picture. If anything fails, the images stored so far are released again and the
 * error is rethrown.
 */
export async function storeDemoImages(ctx: AppContext, arts: Art[]): Promise<Map<Art, string>> {
  const names = new Map<Art, string>();
  const queue = [...new Set(arts)];
  // sharp already spreads one image over its own threads; two at a time fills the gaps between its stages.
  const workers = Math.min(2, availableParallelism());
  let failure: unknown;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let art = queue.shift(); art && failure === undefined; art = queue.shift()) {
        try {
          const svg = art();
          const picture = readPrepared(svg) ?? (await ctx.images.decodes.run(() => encodeDemoPicture(svg)));
          names.set(art, (await ctx.images.saveEncoded(ctx.db, picture.original, picture.variants)).name);
        } catch (err) {
          failure = err;
        }
      }
    }),
  );
  if (failure !== undefined) {
    await ctx.images.releaseUnused(ctx.db, [...names.values()]);
    throw failure;
  }
  return names;
}
