import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './database.ts';

const EVERY_MS = 1000;

/**
 * SQLite has no notifications: a content write made by another process on the same file (an
 * import run while the site serves, a second process) is seen by reading the version the triggers
 * keep, once a second. The server's own writes move it too, which costs one needless render of a
 * page after an admin write, never a stale one. Nothing is read per request.
 */
export function pollContentVersion(db: Db, onChange: () => void, log: FastifyBaseLogger): { close(): void } {
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
  return { close: () => clearInterval(timer) };
}
