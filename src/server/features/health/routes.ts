import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { errorBody } from '../../lib/http-error.ts';
import { markQuiet } from '../../lib/quiet-requests.ts';
import { systemFacts } from '../system/system-facts.ts';
import type { SystemFacts } from '../../../shared/schemas.ts';

/** How long /readyz waits for the database before it answers 503. */
const READY_TIMEOUT_MS = 1000;
/** /healthz's facts are read from the database at most this often, whatever the monitors' rate. */
const FACTS_MAX_AGE_MS = 60_000;

/** What /healthz tells a monitor beside "ok": what the System panel shows, without file names, errors or anything private. */
const forMonitors = (f: SystemFacts) => ({
  version: f.version,
  release: f.release,
  warnings: f.warnings,
  backup: f.backup && {
    at: f.backup.at,
    status: f.backup.status,
    restoreCheck: f.backup.restoreCheck,
    lastOkAt: f.backup.lastOkAt,
    bytes: f.backup.bytes,
  },
  mail: { configured: f.mail.configured, testOk: f.mail.testOk },
  disk: f.disk,
});

/**
 * Liveness and readiness for a load balancer: `/healthz` answers while the process runs (200 and
 * `status: ok`, with the System panel's facts and warnings for a monitor: the last backup and its
 * restore drill, email, free disk; read from the database at most once a minute, and left out
 * while the database does not answer, so liveness never waits on it);
 * `/readyz` answers 200 only when the database answers a trivial query within a second, else 503
 * with the reason and Retry-After, and 503 too once the server is draining before it stops (SIGTERM,
 * server.ts). Cheap, never cached, logged only at debug level (unless failing),
 * and hidden from the API document.
 */
const health: FastifyPluginAsync = async (app) => {
  const { db, config, mailer } = app.ctx;
  let facts: { at: number; value: ReturnType<typeof forMonitors> } | undefined;
  let reading: Promise<void> | undefined;
  const refresh = () => {
    reading ??= systemFacts(db, { dataDir: config.dataDir, mailConfigured: mailer.configured })
      .then((value) => {
        facts = { at: Date.now(), value: forMonitors(value) };
      })
      .catch((err: Error) => {
        app.log.debug({ reason: err.message }, 'healthz: facts not read');
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    markQuiet(request);
    reply.header('cache-control', 'no-store');
    if (!facts || Date.now() - facts.at > FACTS_MAX_AGE_MS) {
      // The first monitor's request waits a little for them; later ones get the last facts while they are read again.
      const read = refresh();
      if (!facts) await Promise.race([read, new Promise((r) => setTimeout(r, 250).unref())]);
    }
    return { status: 'ok', ...facts?.value };
  });
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.ctx.drain.draining) {
      markQuiet(request);
      return reply.code(503).header('retry-after', '5').send(errorBody('server.shutting_down'));
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sql`select 1`.execute(db),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
        }),
      ]);
      markQuiet(request);
      return { status: 'ready' };
    } catch (err) {
      const reason = err instanceof Error ? err.message.split('\n', 1)[0]!.slice(0, 200) : 'unknown error';
      request.log.warn({ reason }, 'not ready: database unavailable');
      return reply.code(503).header('retry-after', '5').send(errorBody('server.not_ready', { reason }));
    } finally {
      clearTimeout(timer);
    }
  });
};

export default health;
