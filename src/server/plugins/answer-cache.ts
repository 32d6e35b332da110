import type { FastifyInstance, FastifyRequest } from 'fastify';
import { prepareReady, readyBytes, sendReady, type ReadyBytes } from '../lib/ready-bytes.ts';
import { boundedCache, bytesOf } from '../lib/bounded-cache.ts';

/**
 * The JSON API reads that visitors' pages and the admin call often. Every one of them is public
 * (none reads anything only the admin may see), so one kept answer serves everyone.
 */
const CACHED_ROUTES = new Set([
  '/api/card',
  '/api/card/home-portfolio',
  '/api/card/details',
  '/api/slider',
  '/api/aboutus',
  '/api/auth/phone',
  '/api/word',
]);
const MAX_ENTRIES = 300;
const MAX_BYTES = 16 * 1024 * 1024;

interface Entry {
  version: number;
  bytes: ReadyBytes;
}

/**
 * Keeps the 200 answers of those reads per URL and content version as ready bytes (compressed
 * once when large enough, with an ETag; 304 on If-None-Match), like the public pages. Any answer
 * made for a signed-in admin (a request `requireAdmin` accepted), and every sign-in or reset answer
 * (tokens, the admin's email), is sent with `no-store`.
 */
export function registerAnswerCache(app: FastifyInstance): void {
  const { content } = app.ctx;
  const entries = boundedCache<Entry>(MAX_ENTRIES, MAX_BYTES, (e) => bytesOf(e.bytes));
  /** The content version when the request arrived: an answer is kept under it, never a newer one. */
  const versionAt = new WeakMap<FastifyRequest, number>();

  const cached = (request: FastifyRequest) =>
    request.method === 'GET' && CACHED_ROUTES.has((request.routeOptions.url ?? '').replace(/\/$/, ''));

  app.addHook('onRequest', async (request, reply) => {
    if (!cached(request)) return;
    const hit = entries.get(request.url);
    if (hit && hit.version === content.version) {
      if (request.headers.origin === undefined) app.ctx.lane.put(request.url, hit.version, hit.bytes, 'no-cache');
      return sendReady(request, reply, hit.bytes, 'no-cache');
    }
    versionAt.set(request, content.version);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.admin || isPrivate(request.url)) {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    const version = versionAt.get(request);
    if (version === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    versionAt.delete(request);
    // Only the plain form of a query is kept (and compressed hard): made-up extra parameters would
    // otherwise each cost a Brotli-11 run and a cache slot.
    const canonical = canonicalUrl(request) === request.url;
    const bytes = await readyBytes(
      payload,
      String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      200,
      { once: !canonical },
    );
    if (canonical && version === content.version) {
      entries.set(request.url, { version, bytes });
      if (request.headers.origin === undefined) app.ctx.lane.put(request.url, version, bytes, 'no-cache');
    }
    // Answer with the kept bytes in the encoding asked for (304 if the browser has them).
    return prepareReady(request, reply, bytes, 'no-cache') ?? '';
  });
}

/**
 * The sign-in and reset calls answer with tokens, the admin's email or who is signed in: never
 * kept by a browser or a proxy, whatever the outcome. The public phone number is the exception.
 */
function isPrivate(url: string): boolean {
  return url.startsWith('/api/auth/') && !/^\/api\/auth\/phone\/?(\?|$)/.test(url);
}

/** The route's path with only the query parameters its schema knows, validated, in the order given. */
function canonicalUrl(request: FastifyRequest): string {
  const path = request.url.split('?', 1)[0]!;
  const known =
    (request.routeOptions.schema?.querystring as { properties?: Record<string, unknown> } | undefined)?.properties ??
    {};
  const query = new URLSearchParams(
    Object.entries((request.query ?? {}) as Record<string, unknown>)
      .filter(([k]) => Object.hasOwn(known, k))
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return query ? `${path}?${query}` : path;
}
