import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './database.ts';

const EVERY_MS = 1000;

/**
 * SQLite has no notifications: a content write made by another process on the same file (an
 * import run while the site serves, a second process) is seen by reading the version the triggers
 * keep, once a second. Nothing is read per request. The server's own writes move the version too:
 * after each, `ownWrite` takes the new version as seen, so the pages rendered since are not thrown
 * away (a page rendered again while another process holds the write lock would have to wait for it).
 */
export function pollContentVersion(db: Db, onChange: () => void, log: FastifyBaseLogger): { close(): void; ownWrite(): Promise<void> } {
  let seen: number | undefined;
  let busy = false;
  const read = () => {
    if (busy) return;
    busy = true;
    db.selectFrom('content_version').select('version').where('id', '=', 1).executeTakeFirst()
      .then((row) => {
        const version = row === undefined ? undefined : Number(row.version);
        if (seen !== undefined && version !== seen) onChange();
        seen = version;
      })
      .catch((err: unknown) => log.debug({ err }, 'reading the content version failed'))
      .finally(() => { busy = false; });
  };
  read(); // the version at start, so a write in the first second is not taken for the starting point
  const timer = setInterval(read, EVERY_MS);
  timer.unref();
  return {
    close: () => clearInterval(timer),
    async ownWrite() {
      try {
        const row = await db.selectFrom('content_version').select('version').where('id', '=', 1).executeTakeFirst();
        if (row) seen = Number(row.version);
      } catch (err) {
        log.debug({ err }, 'reading the content version failed');
      }
    },
  };
}
