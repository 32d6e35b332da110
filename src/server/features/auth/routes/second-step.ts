import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { isKnownDevice, DEVICE_COOKIE } from '../device-cookie.ts';
import {
  CHALLENGE_COOKIE,
  CHALLENGE_TTL_SECONDS,
  relyingPartyOf,
  signInOptions,
  verifyPasskeySignIn,
} from '../passkeys.ts';
import { markResetFactorChecked } from '../password-reset.ts';
import { checkSecondFactorCode, findTicket, spendTicket, type Ticket } from '../second-step.ts';
import { findUserById } from '../users.ts';
import { NotAuthenticatedError } from '../../../lib/domain-errors.ts';
import { failureLimit, sessionCookieOptions } from '../../../plugins/auth.ts';
import { signInFinisher } from './sign-in.ts';
import {
  errors,
  MessageOnly,
  PasskeyOptionsBody,
  PasskeySignIn,
  SecondStep,
  SignedIn,
  tags,
  WebAuthnOptions,
} from '../schemas.ts';

const RESET_CONFIRMED = 'Confirmed. Choose a new password.';

/**
 * The second step of a sign-in or a reset, and signing in with a passkey alone. Public calls: what
 * proves the caller is the ticket (from the password or the reset code) or the passkey itself.
 */
const secondStep: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const rp = relyingPartyOf(config.publicUrl, new URL(config.publicUrl).hostname);
  const finish = signInFinisher(app);
  const MINUTE = 60_000;
  const codeLimit = failureLimit(app, { name: 'second-step', perAddress: { max: 20, windowMs: 15 * MINUTE } });
  const passkeyLimit = failureLimit(app, { name: 'passkey', perAddress: { max: 30, windowMs: 15 * MINUTE } });
  const challengeCookie = {
    ...sessionCookieOptions(app),
    path: '/api/auth',
    sameSite: 'strict' as const,
    maxAge: CHALLENGE_TTL_SECONDS,
  };

  /** Completes what the ticket was for: a session (sign-in), or the right to set a password (reset). `known` is its account when read already. */
  const complete = async (
    request: FastifyRequest,
    reply: FastifyReply,
    ticket: Ticket,
    known?: { id: string; email: string },
  ) => {
    const user = known ?? (await findUserById(db, ticket.userId));
    if (!user) throw new NotAuthenticatedError('step.expired');
    if (ticket.purpose === 'reset') {
      await markResetFactorChecked(db, ticket.resetId ?? '');
      return { message: RESET_CONFIRMED };
    }
    return { token: await finish.session(request, reply, user), message: 'Welcome Back' };
  };

  app.post(
    '/second-step',
    {
      ...codeLimit,
      schema: {
        tags,
        summary:
          'Finish a sign-in (or a reset) that asked for a second step, with an authenticator app code or a recovery code',
        description:
          'For a sign-in, answers like POST /api/auth/login without a factor (`token`, session cookie); for a reset, ' +
          '`{ message }`, after which PUT /api/auth/reset-password takes the new password. A ticket takes 5 wrong codes; an account ' +
          'takes 10 wrong codes a day from browsers that have not signed in to it before (then 429). Each code works once.',
        body: SecondStep,
        response: { 200: Type.Union([SignedIn, MessageOnly]), ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const ticket = await findTicket(db, request.body.ticket);
      const user = await findUserById(db, ticket.userId);
      const knownDevice = user ? await isKnownDevice(db, request.cookies[DEVICE_COOKIE], user.email) : false;
      request.knownDevice = knownDevice;
      await checkSecondFactorCode(db, ticket.userId, request.body.code, { ticket: request.body.ticket, knownDevice });
      return complete(request, reply, await spendTicket(db, request.body.ticket), user);
    },
  );

  app.post(
    '/passkey/options',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'WebAuthn options for signing in with a passkey (alone, or as the second step named by `ticket`)',
        description:
          'Without a ticket, the browser offers any passkey it holds for this site (no email, no password). ' +
          'The challenge is good once, for 5 minutes, and only in the browser that asked (a signed `webauthn-sign-in` cookie): ' +
          "option requests store nothing on the server, so no number of them can push another browser's challenge out.",
        body: PasskeyOptionsBody,
        response: { 200: WebAuthnOptions, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const ticket = request.body.ticket ? await findTicket(db, request.body.ticket) : undefined;
      const { options, cookie } = await signInOptions(db, rp, ticket?.userId);
      reply.setCookie(CHALLENGE_COOKIE['sign-in'], cookie, challengeCookie);
      return { data: options };
    },
  );

  app.post(
    '/passkey/sign-in',
    {
      ...passkeyLimit,
      schema: {
        tags,
        summary: 'Sign in with a passkey (both factors at once), or pass a second step with one',
        description:
          'The passkey must verify the user (a PIN, a fingerprint, a face), answer the challenge this browser was given, ' +
          'and name its own account as `userHandle` when it names one. A forged, replayed or foreign answer is a 400 ' +
          'and counts as a failed try (30 per address in 15 minutes, then 429). No limit of passwords or codes applies here.',
        body: PasskeySignIn,
        response: { 200: Type.Union([SignedIn, MessageOnly]), ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const ticket = request.body.ticket ? await findTicket(db, request.body.ticket) : undefined;
      // The library's own types: the body schema has checked the shape and the lengths.
      const userId = await verifyPasskeySignIn(
        db,
        rp,
        request.body.response as Parameters<typeof verifyPasskeySignIn>[2],
        request.cookies[CHALLENGE_COOKIE['sign-in']],
        {
          ...(ticket ? { userId: ticket.userId } : {}),
        },
      );
      reply.clearCookie(CHALLENGE_COOKIE['sign-in'], { path: '/api/auth' });
      if (request.body.ticket) return complete(request, reply, await spendTicket(db, request.body.ticket));
      const user = await findUserById(db, userId);
      if (!user) throw new NotAuthenticatedError('passkey.not_registered');
      request.knownDevice = await isKnownDevice(db, request.cookies[DEVICE_COOKIE], user.email);
      return { token: await finish.session(request, reply, user), message: 'Welcome Back' };
    },
  );
};

export default secondStep;
