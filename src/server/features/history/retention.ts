import type { AppContext } from '../../context.ts';
import { pruneHistory } from './history-service.ts';
import { pruneTrash } from '../trash/trash-service.ts';
import { dropOrphanSlugs } from '../cards/card-slugs.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Deletes what has outlived its keeping (config.retention): trashed items after TRASH_DAYS, versions
 * older than HISTORY_DAYS beyond the HISTORY_VERSIONS newest of their item; then frees the images
 * nothing names any more.
 */
export async function pruneRetention(
  ctx: Pick<AppContext, 'db' | 'images' | 'config'>,
  now = Date.now(),
): Promise<{ trash: number; history: number; images: number }> {
  const { trashDays, historyDays, historyVersions } = ctx.config.retention;
  const before = {
    trash: await ctx.db
      .selectFrom('trash')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    history: await ctx.db
      .selectFrom('history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  };
  const freed = await ctx.db.transaction().execute(async (trx) => {
    const images = [
      ...(await pruneTrash(trx, new Date(now - trashDays * DAY))),
      ...(await pruneHistory(trx, new Date(now - historyDays * DAY), historyVersions)),
    ];
    // The former addresses of cards just deleted for good go with them.
    await dropOrphanSlugs(trx);
    return images;
  });
  const imagesBefore = await ctx.db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  await ctx.images.releaseUnused(ctx.db, freed);
  const [trash, history, images] = await Promise.all([
    ctx.db
      .selectFrom('trash')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    trash: Number(before.trash.n) - Number(trash.n),
    history: Number(before.history.n) - Number(history.n),
    images: Number(imagesBefore.n) - Number(images.n),
  };
}
