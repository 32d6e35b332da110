import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/http-error.ts';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from '../auth/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, set by `app.requireAdmin`. */
    admin?: SessionUser;
  }
  interface FastifyInstance {
    /** preHandler for every admin route: 401 unless a valid session cookie (or bearer session token) is sent. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** The session token from the cookie, or from `Authorization: Bearer` for API clients. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const fromCookie = request.cookies[SESSION_COOKIE];
  if (fromCookie) return fromCookie;
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
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
