import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { markQuiet } from '../lib/quiet-requests.ts';

/** How long /readyz waits for the database before it answers 503. */
const READY_TIMEOUT_MS = 1000;

/**
 * Liveness and readiness for a load balancer: `/healthz` answers while the process runs;
 * `/readyz` answers 200 only when the database answers a trivial query within a second, else 503
 * with the reason and Retry-After, and 503 too once the server is draining before it stops (SIGTERM,
 * server.ts). Cheap, never cached, logged only at debug level (unless failing),
 * and hidden from the API document.
 */
export function registerHealth(app: FastifyInstance): void {
  const { db } = app.ctx;
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    markQuiet(request);
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.ctx.drain.draining) {
      markQuiet(request);
      return reply.code(503).header('retry-after', '5').send({ message: 'The server is shutting down.' });
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sql`select 1`.execute(db),
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS); }),
      ]);
      markQuiet(request);
      return { status: 'ready' };
    } catch (err) {
      const reason = err instanceof Error ? err.message.split('\n', 1)[0]!.slice(0, 200) : 'unknown error';
      request.log.warn({ reason }, 'not ready: database unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: `Database unavailable: ${reason}` });
    } finally {
      clearTimeout(timer);
    }
  });
}
