import { availableParallelism } from 'node:os';
import type { AppContext } from '../context.ts';

/** Draws one demo picture as an SVG document. */
export type Art = () => string;

/**
 * Renders each picture and stores it through the same pipeline as an upload (re-encoding,
 * variants), a few at a time. Answers the stored name of each picture. If anything fails,
 * the images stored so far are released again and the error is rethrown.
 */
export async function storeDemoImages(ctx: AppContext, arts: Art[]): Promise<Map<Art, string>> {
  // Loaded here, not at start: a restart with content in place never loads libvips.
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  const names = new Map<Art, string>();
  const queue = [...new Set(arts)];
  // sharp already spreads one image over its own threads; two at a time fills the gaps between its stages.
  const workers = Math.min(2, availableParallelism());
  let failure: unknown;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let art = queue.shift(); art && failure === undefined; art = queue.shift()) {
        try {
          const jpeg = await sharp(Buffer.from(art())).jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer();
          names.set(art, (await ctx.images.save(ctx.db, jpeg)).name);
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
