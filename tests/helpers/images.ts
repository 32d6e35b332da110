import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** Real image files made at test time with sharp, so fixtures never drift from what the pipeline decodes. */

export type Format = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
export const FORMATS: readonly Format[] = ['jpeg', 'png', 'webp', 'gif', 'avif'];
const MIME: Record<Format, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};
const EXT: Record<Format, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', avif: 'avif' };

export interface Fixture {
  bytes: Buffer;
  filename: string;
  type: string;
}

/** A plain picture with a gradient-free fill, `width`×`height` pixels, in the given format. */
export async function makeImage(
  format: Format = 'png',
  width = 400,
  height = 300,
  background = '#2f7d4a',
): Promise<Fixture> {
  const bytes = await sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
  return { bytes, filename: `photo.${EXT[format]}`, type: MIME[format] };
}

/**
 * A picture no other call makes (a corner of random pixels on a fill): stored names are made from
 * the bytes, so two uploads of it are two images only if the pictures differ.
 */
export async function uniqueImage(format: Format = 'png', width = 400, height = 300): Promise<Fixture> {
  const patch = await sharp(randomBytes(16 * 16 * 3), { raw: { width: 16, height: 16, channels: 3 } })
    .resize(64, 64, { kernel: 'nearest' })
    .png()
    .toBuffer();
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#2f7d4a' } })
    .composite([{ input: patch, top: 0, left: 0 }])
    .toFormat(format)
    .toBuffer();
  return { bytes, filename: `photo.${EXT[format]}`, type: MIME[format] };
}

/** Marker stored in the GPS block, so a test can tell the GPS data is present in the fixture and gone after. */
export const GPS_MARKER = 'WGS-84';

/** A phone-style JPEG carrying a camera make and a GPS position (Dammam) in its EXIF. */
export async function jpegWithGps(): Promise<Fixture> {
  const bytes = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#336699' } })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Pocket 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '26/1 25/1 3000/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '50/1 6/1 0/1',
        GPSMapDatum: GPS_MARKER,
      },
    })
    .jpeg()
    .toBuffer();
  return { bytes, filename: 'IMG_0001.jpg', type: 'image/jpeg' };
}

/** A valid PNG of 7000×6000 = 42 megapixels: small on disk, over the 40-megapixel limit once decoded. */
export async function hugePixelPng(): Promise<Fixture> {
  const bytes = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#88aa44' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { bytes, filename: 'panorama.png', type: 'image/png' };
}

/** A real PNG of random noise (which does not compress) that weighs more than 10 MB. */
export async function overTenMegabytePng(): Promise<Fixture> {
  const width = 2000;
  const height = 1800;
  const bytes = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  if (bytes.length <= 10 * 1024 * 1024) throw new Error(`fixture too small: ${bytes.length} bytes`);
  return { bytes, filename: 'noise.png', type: 'image/png' };
}

export function svgImage(): Fixture {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><script>alert(1)</script><rect width="200" height="100" fill="red"/></svg>';
  return { bytes: Buffer.from(svg), filename: 'logo.svg', type: 'image/svg+xml' };
}

/** Text that claims to be a JPEG by its name and type. */
export function textAsJpeg(): Fixture {
  return {
    bytes: Buffer.from('This is not a picture, only text with a .jpg name.\n'),
    filename: 'holiday.jpg',
    type: 'image/jpeg',
  };
}

/** A multipart form carrying `fixture` in the field `field` (the contract's field is "image"). */
export function imageForm(fixture: Fixture, field = 'image'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(fixture.bytes)], { type: fixture.type }), fixture.filename);
  return form;
}
