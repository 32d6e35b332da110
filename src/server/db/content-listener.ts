import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { CONTENT_CHANNEL } from './content-triggers.ts';

/** The listening connection's name in pg_stat_activity, so an operator (or a test) can find it. */
export const LISTENER_APPLICATION_NAME = 'site-content-listener';

const FIRST_RETRY_MS = 200;
const LAST_RETRY_MS = 5_000;
/** A connection that died without a word (a network cut) is noticed by a ping that gets no answer. */
const PING_EVERY_MS = 30_000;

export interface ContentListener {
  /** True while the LISTEN connection is up. */
  readonly listening: boolean;
  close(): Promise<void>;
}

/**
 * Listens on PostgreSQL for content written through other servers (the triggers notify at commit)
 * and calls `onChange` for each notification. Its own pg.Client, not one of the pool's: a LISTEN lives
 * as long as its connection. When the connection is lost it reconnects by itself (backing off up
 * to 5 s) and then calls `onChange` once, since notifications sent meanwhile were missed. It never
 * throws into the process and never keeps it alive: every timer is unref'd and `close` ends it.
 */
export async function listenForContentChanges(opts: {
  databaseUrl: string;
  onChange: () => void;
  /**
   * Backends whose notifications to ignore: this server's own pool connections. The server that
   * took a write has already counted it before answering; counting it again when the notification
   * comes back would throw away pages rendered in between for nothing.
   */
  ignoreFrom?: ReadonlySet<number>;
  log: FastifyBaseLogger;
}): Promise<ContentListener> {
  const { log } = opts;
  let client: { c: pg.Client; drop: (err?: Error) => void } | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempts = 0;
  let failures = 0;

  const scheduleRetry = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };

  const connect = async (): Promise<void> => {
    const first = attempts++ === 0;
    const c = new pg.Client({
      connectionString: opts.databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: 1500,
      query_timeout: 5000,
      keepAlive: true,
    });
    let lost = false;
    const drop = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (client?.c === c) client = undefined;
      c.removeAllListeners('notification');
      // Not awaited: on a dead socket `end` may never settle, and nothing waits for it.
      c.end().catch(() => undefined);
      if (closed) return;
      // The first failure in a row is worth a warning; retries after it are not.
      if (failures++ === 0)
        log.warn(
          { err: err ? { message: err.message, code: (err as { code?: unknown }).code } : undefined },
          'content change listener lost its connection; reconnecting',
        );
      scheduleRetry();
    };
    c.on('error', drop);
    c.on('end', () => drop());
    c.on('notification', (message) => {
      if (message.channel === CONTENT_CHANNEL && !opts.ignoreFrom?.has(message.processId)) opts.onChange();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CONTENT_CHANNEL}`);
    } catch (err) {
      drop(err as Error);
      return;
    }
    if (closed || lost) {
      drop();
      return;
    }
    client = { c, drop };
    retryMs = FIRST_RETRY_MS;
    if (failures > 0) log.info('content change listener reconnected');
    failures = 0;
    // Whatever was written while no connection listened was not heard: count it as changed (on any
    // connection but one made at the first try, before this server kept anything).
    if (!first) opts.onChange();
  };

  const ping = setInterval(() => {
    const current = client;
    current?.c.query('SELECT 1').catch((err: Error) => current.drop(err));
  }, PING_EVERY_MS);
  ping.unref();

  // The first attempt is awaited so a server that starts listening hears every later write; if the
  // database is not there yet, the retries go on in the background.
  await connect();

  return {
    get listening() {
      return client !== undefined;
    },
    async close() {
      closed = true;
      clearInterval(ping);
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      if (!current) return;
      current.c.removeAllListeners('notification');
      await Promise.race([
        current.c.end().catch(() => undefined),
        new Promise((done) => setTimeout(done, 1000).unref()),
      ]);
    },
  };
}
