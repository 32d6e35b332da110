import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { getHeapStatistics } from 'node:v8';
import { serviceUnavailable } from '../lib/http-error.ts';

/** Heap in use past this share of V8's limit means the next burst could end the process. */
const HEAP_SHARE = 0.85;
const RETRY_AFTER_SECONDS = 5;
const CLOSE_IDLE_EVERY_MS = 1000;

/**
 * When the heap runs short the server sheds load instead of dying (docs/decisions/016): new
 * requests that reach the framework are answered 503 with Retry-After and close their connection,
 * and idle keep-alive connections are closed. Kept pages and API answers (lib/fast-lane.ts) are
 * still sent: they are ready bytes and cost no heap. `/healthz` keeps answering, so that a
 * liveness probe does not restart a process for being busy.
 */
export async function registerLoadShedding(app: FastifyInstance): Promise<void> {
  const { maxHeapUsedMb } = app.ctx.config.connections;
  const maxHeapUsedBytes =
    maxHeapUsedMb !== undefined
      ? maxHeapUsedMb * 1024 * 1024
      : Math.floor(getHeapStatistics().heap_size_limit * HEAP_SHARE);
  let idleClosedAt = 0;
  await app.register(underPressure, {
    maxHeapUsedBytes,
    sampleInterval: 500,
    // Resolving lets the request through; rejecting sends the error to the error handler (errors.ts).
    pressureHandler: async (request, reply) => {
      if (request.url === '/healthz') return;
      const now = Date.now();
      if (now - idleClosedAt >= CLOSE_IDLE_EVERY_MS) {
        idleClosedAt = now;
        app.server.closeIdleConnections();
      }
      reply.raw.shouldKeepAlive = false;
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw serviceUnavailable('server.busy');
    },
  });
}
