import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests, unauthorized } from '../lib/http-error.ts';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from '../auth/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, set by `app.requireAdmin`. */
    admin?: SessionUser;
  }
  interface FastifyInstance {
    /** onRequest hook of every admin route (before the body is read or validated): 401 unless a valid session cookie is sent. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/**
 * The session token, from the httpOnly cookie only. The login answer also carries the token (the
 * contract stores it in the browser), but a script that reads browser storage must not hold a
 * session, so `Authorization: Bearer` is not a credential for admin calls.
 */
export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

export async function registerAuth(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('admin', undefined);
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const token = sessionToken(request);
    const user = token ? await findSessionUser(app.ctx.db, token) : undefined;
    if (!user) throw unauthorized();
    request.admin = user;
  });
}

export function sessionCookieOptions(app: FastifyInstance, expires?: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.ctx.config.publicUrl.startsWith('https:'),
    ...(expires ? { expires } : {}),
  };
}

/**
 * A per-account limit (keyed by the `email` of the body) to add as a preHandler next to a route's per-IP
 * `config.rateLimit`. `app.rateLimit()` cannot serve here: @fastify/rate-limit runs only the first of its
 * handlers on a request, so its preHandler is skipped once the per-IP limit has run.
 */
export function accountRateLimit(app: FastifyInstance, opts: { name: string; max: number; timeWindow: string }) {
  const limit = app.createRateLimit({
    max: opts.max,
    timeWindow: opts.timeWindow,
    keyGenerator: (req) => `${opts.name}:${String((req.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    const wait = result.ttlInSeconds < 120 ? `${result.ttlInSeconds} seconds` : `${Math.ceil(result.ttlInSeconds / 60)} minutes`;
    throw tooManyRequests(`Too many attempts for this account. Please try again in ${wait}.`);
  };
}
