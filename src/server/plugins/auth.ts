import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests, unauthorized } from '../lib/http-error.ts';
import { countHit, forgetHits, refundHit } from '../features/auth/rate-limit-store.ts';
import { DEVICE_COOKIE, DEVICE_TTL_MS, isKnownDevice, issueDeviceCookie } from '../features/auth/device-cookie.ts';
import { findSessionUser, SESSION_COOKIE, touchSession, type SessionUser } from '../features/auth/sessions.ts';
import { RESET_COOKIE_TTL_MS } from '../features/auth/reset-requester.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, set by `app.requireAdmin`. */
    admin?: SessionUser;
    /** Set by an account limit: the browser has signed in to the account of the body's email before. */
    knownDevice?: boolean;
    /** The failure counters this request was counted on (see `failureLimit`). */
    failureKeys?: string[];
  }
  interface FastifyInstance {
    /** The check of every admin route, run first (before the body is read or validated): 401 unless a valid session cookie is sent. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyContextConfig {
    /** Signed-in admin only: declared in a route's options (`config: { admin: true }`), enforced by registerAuth. */
    admin?: boolean;
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
  app.decorateRequest('failureKeys', undefined);
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const token = sessionToken(request);
    const found = token ? await findSessionUser(app.ctx.db, token) : undefined;
    if (!token || !found) throw unauthorized('auth.sign_in_first');
    const { stale, ...user } = found;
    request.admin = user;
    // When the session was last used is kept for the Security screen, written at most every few minutes.
    if (stale) {
      await touchSession(app.ctx.db, token).catch((err: unknown) => {
        request.log.warn({ err }, 'when the session was last used could not be written');
      });
    }
  });
  // The one place the admin check is attached: every route declared with `config: { admin: true }`
  // runs it before anything else of its own, and the OpenAPI document marks it as needing the session.
  app.addHook('onRoute', (route) => {
    if (route.config?.admin !== true) return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [app.requireAdmin, ...own];
    if (route.schema && !route.schema.security) route.schema.security = [{ session: [] }];
  });
}

/**
 * Aborted once the client has gone (its connection closed before the answer was written), so
 * password checks still waiting for their turn are dropped (auth/hash-queue.ts).
 */
export function clientSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const res = reply.raw;
  if (res.destroyed) controller.abort();
  else
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
  return controller.signal;
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
function deviceCookieOptions(app: FastifyInstance) {
  return {
    ...sessionCookieOptions(app, new Date(Date.now() + DEVICE_TTL_MS)),
    path: '/api/auth',
    sameSite: 'strict' as const,
  };
}

/** The reset requester cookie's options: sent only to the reset calls, for as long as a code lives and a little more. */
export function resetCookieOptions(app: FastifyInstance) {
  return {
    ...sessionCookieOptions(app, new Date(Date.now() + RESET_COOKIE_TTL_MS)),
    path: '/api/auth',
    sameSite: 'strict' as const,
  };
}

/** Sets the device cookie that exempts this browser from the account's own limit from now on. */
export async function rememberDevice(app: FastifyInstance, reply: FastifyReply, email: string): Promise<void> {
  reply.setCookie(DEVICE_COOKIE, await issueDeviceCookie(app.ctx.db, email), deviceCookieOptions(app));
}

const emailOf = (req: FastifyRequest) =>
  String((req.body as { email?: unknown } | undefined)?.email ?? '')
    .trim()
    .toLowerCase();

function refuse(reply: FastifyReply, ttlMs: number, forAccount: boolean): never {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  reply.header('retry-after', String(seconds));
  const wait =
    seconds < 120
      ? { wait: seconds, unit: 'seconds' as const }
      : { wait: Math.ceil(seconds / 60), unit: 'minutes' as const };
  throw tooManyRequests(forAccount ? 'rate.account' : 'rate.too_many_requests', wait);
}

interface Bound {
  max: number;
  windowMs: number;
}

export interface FailureLimitOptions {
  /** Names the counters; no two limits share one. */
  name: string;
  /** Failures from one address, whatever the account (also bounds bodies that fail validation). */
  perAddress: Bound;
  /** With `perAccount`, for calls whose body's email names an account: failures at it from one address. */
  perAccountAndAddress?: Bound;
  /** Failures at one account from anywhere; a browser that signed in to it before is not held back. */
  perAccount?: Bound;
  /** The account a request is at: the body's email unless told otherwise (a signed-in call names the session's). */
  accountOf?: (request: FastifyRequest) => string;
}

/**
 * The limits of a call that checks a secret (a password, an emailed code): they count failures, not
 * tries, so the owner, or a client of the API that signs in afresh for each task, is never held
 * back by its own successes. Each try is counted before it is checked (so a burst of parallel
 * guesses cannot slip past a limit) and taken back once it succeeds; a success also clears the
 * address's failures at that account. A try refused for load (429, 503) or by a fault (5xx) is not
 * a guess either and is taken back. After OWASP's guidance on brute force, three counters:
 * - per address, counted on arrival (`onRequest`), before the body is read;
 * - per account and address: one address guessing at one account is slowed down;
 * - per account: many addresses guessing at one account are slowed down too, but a browser that has
 *   signed in to that account before (its device cookie) is not, so strangers cannot lock the owner out.
 * The counters are rows in the database, so N servers allow what one does.
 */
export function failureLimit(app: FastifyInstance, opts: FailureLimitOptions) {
  const { db } = app.ctx;
  const count = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    bound: Bound,
    forAccount: boolean,
  ) => {
    const hits = await countHit(db, key, bound.windowMs);
    (request.failureKeys ??= []).push(key);
    if (hits.current > bound.max) refuse(reply, hits.ttl, forAccount);
  };
  const addressKey = (request: FastifyRequest) => `failures:${opts.name}:address:${request.ip}`;
  return {
    onRequest: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      await count(request, reply, addressKey(request), opts.perAddress, false);
    },
    preHandler: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const email = (opts.accountOf ?? emailOf)(request).trim().toLowerCase();
      if (!opts.perAccountAndAddress || !email) return;
      // The kind of counter comes before the email in each key, so no email can make one key look like another's.
      await count(
        request,
        reply,
        `failures:${opts.name}:account-address:${request.ip}:${email}`,
        opts.perAccountAndAddress,
        true,
      );
      if (await isKnownDevice(db, request.cookies[DEVICE_COOKIE], email)) {
        request.knownDevice = true;
        return;
      }
      if (opts.perAccount) await count(request, reply, `failures:${opts.name}:account:${email}`, opts.perAccount, true);
    },
    /** Settles the counts before the answer leaves, so a client's next try already sees them. */
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const keys = request.failureKeys ?? [];
      request.failureKeys = undefined;
      const status = reply.statusCode;
      if (status < 400) {
        // A success: this address's failures at the account are forgotten; the rest only lose this try.
        await Promise.all(
          keys.map((key) => (key.includes(':account-address:') ? forgetHits(db, key) : refundHit(db, key))),
        );
      } else if (status === 429 || status >= 500) {
        await Promise.all(keys.map((key) => refundHit(db, key)));
      }
      return payload;
    },
  };
}

/**
 * The limits of a secret checked for a signed-in session (the current password, a factor's code):
 * a wrong one is a guess like a wrong sign-in, counted per address, per account and address, and
 * per account (the session's), so that a stolen session cannot be used to find the password.
 */
export function signedInGuessLimit(app: FastifyInstance, name: string) {
  const window = 15 * 60_000;
  return failureLimit(app, {
    name,
    perAddress: { max: 10, windowMs: window },
    perAccountAndAddress: { max: 5, windowMs: window },
    perAccount: { max: 10, windowMs: window },
    accountOf: (request) => request.admin?.email ?? '',
  });
}

type Limit = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * The per-account limits of a call that sends mail (a reset code), where every try counts, sent or
 * not, to add as a preHandler next to the route's per-address `config.rateLimit`:
 * - per account and address (`perAddress`): one address guessing at one account is slowed down;
 * - per account (`max`): many addresses guessing at one account are slowed down too, but this
 *   limit does not hold back a browser that has signed in to that account before (its device
 *   cookie), so strangers cannot lock the owner out.
 * Both are counted in the database (the store registered in app.ts), so N servers allow what one does.
 * (`app.rateLimit()` cannot serve here: @fastify/rate-limit runs only the first of its handlers
 * on a request, so its preHandler is skipped once the per-address limit has run.)
 */
export function accountRateLimit(
  app: FastifyInstance,
  opts: { name: string; max: number; perAddress: number; timeWindow: string },
) {
  // The kind of limit comes before the email in each key, so no email can make one key look like another's.
  const perAddress = app.createRateLimit({
    max: opts.perAddress,
    timeWindow: opts.timeWindow,
    keyGenerator: (req) => `${opts.name}:address:${req.ip}:${emailOf(req)}`,
  });
  const perAccount = app.createRateLimit({
    max: opts.max,
    timeWindow: opts.timeWindow,
    keyGenerator: (req) => `${opts.name}:account:${emailOf(req)}`,
  });
  const check = async (limit: Limit, request: FastifyRequest, reply: FastifyReply) => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    refuse(reply, result.ttlInSeconds * 1000, true);
  };
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await check(perAddress, request, reply);
    if (await isKnownDevice(app.ctx.db, request.cookies[DEVICE_COOKIE], emailOf(request))) {
      request.knownDevice = true;
      return;
    }
    await check(perAccount, request, reply);
  };
}
