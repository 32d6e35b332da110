import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './database.ts';

const EVERY_MS = 1000;

/**
 * SQLite has no notifications. Here the server's content version simply is the version the
 * triggers keep in the database: read once a second (so a content write made by another process on
 * the same file, an import run while the site serves, reaches the kept pages within a second) and
 * right after each of the server's own writes (`ownWrite`, before the answer leaves). Both reads
 * land on the same number, so a write is never counted twice and pages rendered after it are kept.
 * Nothing is read per request.
 */
export function pollContentVersion(
  db: Db,
  content: { version: number },
  log: FastifyBaseLogger,
): { close(): void; ownWrite(): Promise<void> } {
  /** True when the version could be read. */
  const read = async (): Promise<boolean> => {
    try {
      const row = await db.selectFrom('content_version').select('version').where('id', '=', 1).executeTakeFirst();
      if (row === undefined) return false;
      content.version = Number(row.version);
      return true;
    } catch (err) {
      log.debug({ err }, 'reading the content version failed');
      return false;
    }
  };
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    void read().finally(() => {
      busy = false;
    });
  };
  tick();
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  return {
    close: () => clearInterval(timer),
    // When the version cannot be read (the database failing), the write is counted by hand.
    async ownWrite() {
      if (!(await read())) content.version++;
    },
  };
}
