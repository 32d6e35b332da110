import { pruneRetention } from '../../src/server/features/history/retention.ts';
import type { TestServer } from './server.ts';

/** Every file stored for an image (original and variants) with its bytes, by served name. */
export async function imageFiles(server: TestServer, image: string): Promise<Record<string, string>> {
  const rows = await server.app.ctx.db
    .selectFrom('image_files')
    .select(['name', 'bytes'])
    .where('image', '=', image)
    .orderBy('name')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.name, Buffer.from(r.bytes).toString('base64')]));
}

/**
 * Runs the retention job as if everything had outlived its keeping (a day past a one-day trash and
 * history, no versions kept by count): the trash and the history are emptied and their images freed.
 */
export async function outliveRetention(server: TestServer): Promise<void> {
  const { ctx } = server.app;
  await pruneRetention(
    { ...ctx, config: { ...ctx.config, retention: { trashDays: 1, historyDays: 1, historyVersions: 0 } } },
    Date.now() + 2 * 86_400_000,
  );
}
