import { createHash } from 'node:crypto';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { InvalidInputError, TooLargeError, UnsupportedKindError } from '../../lib/domain-errors.ts';
import { LIMITS } from '../../../shared/limits.ts';

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;
let sharpFactory: SharpFactory | undefined;

/** sharp (and libvips) load on the first upload, not at start: most processes never decode an image. */
export async function loadSharp(): Promise<SharpFactory> {
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

export const MAX_UPLOAD_BYTES = LIMITS.uploadBytes;
/**
 * The most bytes a stored file (the original or a variant) may have: no more than an upload. A
 * re-encoded photo is far smaller in practice; the bound makes it a rule, from which a backup's
 * longest line follows (src/server/features/backup/bounds.ts).
 */
export const MAX_STORED_BYTES = LIMITS.uploadBytes;
/** Decoding bombs stop here: 40 megapixels is more than any phone camera this business uses. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The stored original is capped at this width; variants are made at these widths when smaller. */
const MAX_WIDTH = LIMITS.imageSide;
/**
 * 800 is for the phones most visitors hold: a picture across a 360-412 px screen at 1.75-2 device
 * pixels a CSS pixel needs 630-824 pixels, which without it took the 960 variant (the home page's
 * first slide, its largest paint: 23.2 KB at 960 against 19.0 KB at 800).
 */
const VARIANT_WIDTHS = [320, 640, 800, 960, 1280, 1920] as const;
const ORIGINAL_QUALITY = 82;
const VARIANT_QUALITY = 78;
/**
 * What the stored files of a picture depend on besides its pixels: a picture prepared under other
 * settings (src/server/seed/demo-images.ts) is made again, not stored as it was.
 */
export const ENCODING = `webp original ${MAX_WIDTH}w q${ORIGINAL_QUALITY}, variants ${VARIANT_WIDTHS.join('/')}w q${VARIANT_QUALITY}`;
/** Stored files of one image at most: the original and its variants. */
export const FILES_PER_IMAGE = 1 + VARIANT_WIDTHS.length;

/**
 * Options of every decode of an upload. sequentialRead (sharp's default, said here so it stays)
 * lets libvips stream the pixels through the resize a few lines at a time instead of holding the
 * whole decoded picture, which for 40 megapixels would be 120 MB.
 */
const INPUT: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true };

/** Said in what to do: a photo at most 6000 pixels on its longest side is under the limit whatever its shape. */
const TOO_MANY_PIXELS = 'image.too_many_pixels';
export const TOO_MANY_BYTES = 'image.too_many_bytes';
const tooManyPixels = () => new TooLargeError(TOO_MANY_PIXELS);
/** libvips' refusal of an input over limitInputPixels. */
const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export interface EncodedFile {
  width: number;
  bytes: Buffer;
}
export interface EncodedImage {
  name: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/**
 * Decodes and validates an upload and re-encodes it as the stored original (WebP, no metadata).
 * Its name is a hash of those bytes: the same picture uploaded twice is one stored image, and a
 * name never stands for other bytes, so its URL can be cached forever.
 */
export async function encodeOriginal(input: Buffer): Promise<EncodedImage> {
  if (input.length > MAX_UPLOAD_BYTES) throw new TooLargeError(TOO_MANY_BYTES);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // Only the header is read here, but under the same pixel limit as every decode: no call on an
    // upload runs without it (libvips refuses before allocating anything).
    meta = await sharp(input, INPUT).metadata();
  } catch (err) {
    if (isPixelLimit(err)) throw tooManyPixels();
    throw new UnsupportedKindError('image.unreadable');
  }
  const format = meta.format as string | undefined;
  if (!format || !ACCEPTED.has(format) || (format === 'heif' && meta.compression !== 'av1')) {
    throw new UnsupportedKindError('image.wrong_kind');
  }
  if (!meta.width || !meta.height) throw new UnsupportedKindError('image.no_dimensions');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooManyPixels();
  try {
    // rotate() applies the EXIF orientation before metadata is dropped (sharp keeps none by default).
    const { data, info } = await sharp(input, INPUT)
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: ORIGINAL_QUALITY })
      .toBuffer({ resolveWithObject: true });
    if (data.length > MAX_STORED_BYTES) throw new TooLargeError(TOO_MANY_BYTES);
    return { name: storedName(data), width: info.width, height: info.height, bytes: data };
  } catch (err) {
    if (err instanceof TooLargeError) throw err;
    throw new InvalidInputError('image', 'image.damaged');
  }
}

/** A stored original's name: a hash of its bytes. */
export const storedName = (bytes: Buffer): string =>
  `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.webp`;

/** WebP's own limit on a side, in pixels. */
export const MAX_DIMENSION = 16383;

/**
 * What the bytes of a stored file are, read from their header only (no pixels decoded), or
 * undefined when they are not an image: for checking bytes that come from elsewhere (a backup).
 * A WebP file must also be exactly as long as its RIFF header says (not cut off, nothing after it).
 */
export async function storedFileFacts(
  bytes: Buffer,
): Promise<{ format: string; width: number; height: number; whole: boolean } | undefined> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    return undefined;
  }
  if (!meta.format || !meta.width || !meta.height) return undefined;
  const riff =
    bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP';
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    whole: !riff || bytes.readUInt32LE(4) + 8 === bytes.length,
  };
}

/** The resized variants for srcset: every standard width below the original's, never upscaled. */
export async function encodeVariants(original: EncodedImage): Promise<EncodedFile[]> {
  const sharp = await loadSharp();
  const variants: EncodedFile[] = [];
  for (const width of VARIANT_WIDTHS) {
    if (width >= original.width) break;
    const bytes = await sharp(original.bytes, INPUT).resize({ width }).webp({ quality: VARIANT_QUALITY }).toBuffer();
    // Narrower and at a lower quality than an original within MAX_STORED_BYTES: never larger in practice, refused if it were.
    if (bytes.length > MAX_STORED_BYTES) throw new TooLargeError(TOO_MANY_BYTES);
    variants.push({ width, bytes });
  }
  return variants;
}
