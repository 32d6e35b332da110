import type { FastifyInstance } from 'fastify';
import { isQuiet } from '../lib/quiet-requests.ts';

/** A request taking longer than this is always logged (warn), whatever the route. */
const SLOW_REQUEST_MS = 500;

const STATIC = /^\/(assets|uploads)\//;

/**
 * One line per request at most: method, path (without the query, which can carry a reset token),
 * status, time and the request id (on every line of the request's logger). Cached pages, cached
 * API answers and static files are logged at debug level, so not at the default level; server
 * errors (error) and slow requests (warn) always are. Fastify's own two lines per request are off.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const q = request.url.indexOf('?');
    const line = {
      method: request.method,
      path: q === -1 ? request.url : request.url.slice(0, q),
      status,
      ms: Math.round(ms * 10) / 10,
    };
    if (status >= 500) request.log.error(line, 'request failed');
    else if (ms >= SLOW_REQUEST_MS) request.log.warn(line, 'slow request');
    else if (isQuiet(request) || STATIC.test(request.url) || request.url === '/favicon.svg')
      request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  });
}
