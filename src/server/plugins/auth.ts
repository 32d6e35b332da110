import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests, unauthorized } from '../lib/http-error.ts';
import { DEVICE_COOKIE, DEVICE_TTL_MS, isKnownDevice, issueDeviceCookie } from '../auth/device-cookie.ts';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from '../auth/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, set by `app.requireAdmin`. */
    admin?: SessionUser;
    /** Set by an account limit: the browser has signed in to the account of the body's email before. */
    knownDevice?: boolean;
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
  app.decorateRequest('knownDevice', false);
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

/** The device cookie's options: sent only to the sign-in and reset calls, for a year. */
export function deviceCookieOptions(app: FastifyInstance) {
  return { ...sessionCookieOptions(app, new Date(Date.now() + DEVICE_TTL_MS)), path: '/api/auth', sameSite: 'strict' as const };
}

/** Sets the device cookie that exempts this browser from the account's own limit from now on. */
export async function rememberDevice(app: FastifyInstance, reply: FastifyReply, email: string): Promise<void> {
  reply.setCookie(DEVICE_COOKIE, await issueDeviceCookie(app.ctx.db, email), deviceCookieOptions(app));
}

type Limit = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * The per-account limits of a sign-in or reset call, after OWASP's guidance on brute force, to add
 * as a preHandler next to the route's per-address `config.rateLimit`:
 * - per account and address (`perAddress`): one address guessing at one account is slowed down;
 * - per account (`max`): many addresses guessing at one account are slowed down too, but this
 *   limit does not hold back a browser that has signed in to that account before (its device
 *   cookie), so strangers cannot lock the owner out.
 * Both are counted in the database (the store registered in app.ts), so N servers allow what one does.
 * (`app.rateLimit()` cannot serve here: @fastify/rate-limit runs only the first of its handlers
 * on a request, so its preHandler is skipped once the per-address limit has run.)
 */
export function accountRateLimit(app: FastifyInstance, opts: { name: string; max: number; perAddress: number; timeWindow: string }) {
  const email = (req: FastifyRequest) => String((req.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase();
  // The kind of limit comes before the email in each key, so no email can make one key look like another's.
  const perAddress = app.createRateLimit({ max: opts.perAddress, timeWindow: opts.timeWindow, keyGenerator: (req) => `${opts.name}:address:${req.ip}:${email(req)}` });
  const perAccount = app.createRateLimit({ max: opts.max, timeWindow: opts.timeWindow, keyGenerator: (req) => `${opts.name}:account:${email(req)}` });
  const check = async (limit: Limit, request: FastifyRequest, reply: FastifyReply) => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    const wait = result.ttlInSeconds < 120 ? `${result.ttlInSeconds} seconds` : `${Math.ceil(result.ttlInSeconds / 60)} minutes`;
    throw tooManyRequests(`Too many attempts for this account. Please try again in ${wait}.`);
  };
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await check(perAddress, request, reply);
    if (await isKnownDevice(app.ctx.db, request.cookies[DEVICE_COOKIE], email(request))) {
      request.knownDevice = true;
      return;
    }
    await check(perAccount, request, reply);
  };
}
