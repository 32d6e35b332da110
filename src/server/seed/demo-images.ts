import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { AppContext } from '../context.ts';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import {
  encodeOriginal,
  encodeVariants,
  ENCODING,
  loadSharp,
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

/** A prepared file's shape (writePrepared): the bytes in base64, the sides whole pixels. */
const Side = Type.Integer({ minimum: 1 });
const PreparedFile = Type.Object({
  name: Type.String(),
  width: Side,
  height: Side,
  bytes: Type.String(),
  variants: Type.Array(Type.Object({ width: Side, bytes: Type.String() })),
});

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
  const sharp = await loadSharp();
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
  if (!Value.Check(PreparedFile, parsed)) return undefined;
  const original = { ...parsed, bytes: Buffer.from(parsed.bytes, 'base64') };
  const variants = parsed.variants.map((v) => ({ width: v.width, bytes: Buffer.from(v.bytes, 'base64') }));
  const files = [original, ...variants];
  if (files.some((f) => f.bytes.length === 0 || f.bytes.length > MAX_STORED_BYTES)) return undefined;
  if (original.name !== storedName(original.bytes)) return undefined;
  const widths = [...variants.map((v) => v.width), original.width];
  if (widths.some((w, i) => i > 0 && w <= widths[i - 1]!)) return undefined;
  return { original, variants };
}

/** Runs `work` on each item, two at a time (sharp spreads one picture over its own threads: two fill the gaps between its stages). */
export async function twoAtATime<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(2, availableParallelism()) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/**
 * Stores each picture through the same pipeline as an upload (re-encoding, variants), a few at a
 * time: the build's prepared copy when it has one, else drawn and encoded here. Answers the stored
 * name of each picture. If anything fails, the images stored so far are released again and the
 * error is rethrown.
 */
export async function storeDemoImages(ctx: AppContext, arts: Art[]): Promise<Map<Art, string>> {
  const names = new Map<Art, string>();
  let failure: unknown;
  await twoAtATime([...new Set(arts)], async (art) => {
    if (failure !== undefined) return;
    try {
      const svg = art();
      const picture = readPrepared(svg) ?? (await ctx.images.decodes.run(() => encodeDemoPicture(svg)));
      names.set(art, (await ctx.images.saveEncoded(ctx.db, picture.original, picture.variants)).name);
    } catch (err) {
      failure = err;
    }
  });
  if (failure !== undefined) {
    await ctx.images.releaseUnused(ctx.db, [...names.values()]);
    throw failure;
  }
  return names;
}
