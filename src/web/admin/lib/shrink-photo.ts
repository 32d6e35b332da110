import { LIMITS } from '../../../shared/limits.ts';

/** What is sent for a chosen photo: the file itself, or a smaller copy made here. */
export interface Prepared {
  file: Blob;
  name: string;
  shrunk: boolean;
}

/** Thrown when the photo must be made smaller but this browser cannot read it. */
export class PhotoUnreadable extends Error {}

/** Encodings tried in turn: the smallest first, down to what every browser writes. */
const QUALITIES = [0.9, 0.82, 0.72];

/** The photo's size as shown (EXIF orientation applied), read from its header by the browser; undefined if it cannot read it. */
function shownSize(file: Blob): Promise<{ width: number; height: number } | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(undefined);
    };
    img.src = url;
  });
}

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

function encode(canvas: Canvas, type: string, quality: number): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

const baseName = (name: string) => name.replace(/\.[^.]*$/, '') || 'photo';

/**
 * A photo as it is sent to the server: as chosen when it is no larger than the site serves it
 * (longest side at most LIMITS.imageSide, at most LIMITS.uploadBytes), else a copy made smaller
 * here, turned as its EXIF orientation says, as WebP (JPEG where the browser cannot write WebP).
 * A file this browser cannot read goes as chosen when small enough, for the server to judge.
 */
export async function preparePhoto(file: File, signal?: AbortSignal): Promise<Prepared> {
  const size = await shownSize(file);
  signal?.throwIfAborted();
  const longest = size ? Math.max(size.width, size.height) : 0;
  if (!size || longest === 0) {
    if (file.size <= LIMITS.uploadBytes) return { file, name: file.name, shrunk: false };
    throw new PhotoUnreadable('unreadable');
  }
  if (longest <= LIMITS.imageSide && file.size <= LIMITS.uploadBytes) return { file, name: file.name, shrunk: false };

  const scale = Math.min(1, LIMITS.imageSide / longest);
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  let bitmap: ImageBitmap;
  try {
    // Decoded straight to the size sent, turned upright; a 108-megapixel photo never sits whole in a canvas.
    bitmap = await createImageBitmap(file, {
      resizeWidth: width,
      resizeHeight: height,
      resizeQuality: 'high',
      imageOrientation: 'from-image',
    });
  } catch {
    throw new PhotoUnreadable('unreadable');
  }
  signal?.throwIfAborted();
  try {
    const canvas = canvasOf(width, height);
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!ctx) throw new PhotoUnreadable('no canvas');
    ctx.drawImage(bitmap, 0, 0);
    let opaque = false;
    for (const quality of QUALITIES) {
      let blob = await encode(canvas, 'image/webp', quality);
      if (!blob || blob.type !== 'image/webp') {
        // JPEG has no transparency: what was see-through is white, as the site's pages are.
        if (!opaque) {
          ctx.globalCompositeOperation = 'destination-over';
          ctx.fillStyle = '#fff';
          ctx.fillRect(0, 0, width, height);
          opaque = true;
        }
        blob = await encode(canvas, 'image/jpeg', quality);
      }
      signal?.throwIfAborted();
      if (blob && blob.size <= LIMITS.uploadBytes) {
        return {
          file: blob,
          name: `${baseName(file.name)}.${blob.type === 'image/webp' ? 'webp' : 'jpg'}`,
          shrunk: true,
        };
      }
    }
    throw new PhotoUnreadable('too large even when smaller');
  } finally {
    bitmap.close();
  }
}
