import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { login } from '../login.ts';
import { deleteSession, SESSION_COOKIE } from '../sessions.ts';
import { clientSignal, failureLimit, sessionCookieOptions, sessionToken } from '../../../plugins/auth.ts';
import { STEP_MESSAGES } from '../second-step.ts';
import factors from './factors.ts';
import admission from './admission.ts';
import emailChange from './email-change.ts';
import passwordReset from './password-reset.ts';
import recheck from './recheck.ts';
import secondStep from './second-step.ts';
import sessions from './sessions.ts';
import { signInFinisher } from './sign-in.ts';
import { errors, LoggedIn, Login, MessageOnly, SecondStepNeeded, SignedIn, tags } from '../schemas.ts';

const auth: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const finish = signInFinisher(app);
  const MINUTE = 60_000;
  const loginLimit = failureLimit(app, {
    name: 'login',
    perAddress: { max: 20, windowMs: MINUTE },
    perAccountAndAddress: { max: 10, windowMs: 15 * MINUTE },
    perAccount: { max: 30, windowMs: 15 * MINUTE },
  });

  app.post(
    '/login',
    {
      ...loginLimit,
      schema: {
        tags,
        summary: 'Sign in; sets the session cookie and returns the same token, or asks for a second step',
        body: Login,
        description:
          'A browser that has not signed in to the account before (no device cookie) makes the server email the owner. ' +
          'Failed sign-ins are limited (20 a minute per address, 10 per account and address and 30 per account in 15 minutes, ' +
          "the last not for a browser that signed in before); successful ones are not counted and clear the address's failures.\n\n" +
          'When the account has a second factor (a passkey or an authenticator app), the right password signs nobody in: the answer ' +
          'is still 200 but carries no `token` and sets no cookie; instead `secondStep.ticket` (good for 5 minutes) and ' +
          '`secondStep.methods` (`passkey`, `totp`, `recovery`). Send the ticket with a code to `POST /api/auth/second-step`, ' +
          'or with a passkey answer to `POST /api/auth/passkey/sign-in`; either answers what this call answers without a factor.',
        response: { 200: Type.Union([SignedIn, SecondStepNeeded]), ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const userAgent = request.headers['user-agent'] ?? '';
      const outcome = await login(db, request.body.email, request.body.password, {
        ticket: { address: request.ip, priority: request.knownDevice, signal: clientSignal(reply) },
        log: request.log,
        userAgent,
      });
      if (outcome.kind === 'second-step') {
        return { message: STEP_MESSAGES.needed, secondStep: { ticket: outcome.ticket, methods: outcome.methods } };
      }
      await finish.cookies(request, reply, outcome, outcome.email);
      return { token: outcome.token, message: 'Welcome Back' };
    },
  );

  app.post(
    '/logout',
    {
      schema: { tags, summary: 'Sign out: ends this session and clears the cookie', response: { 200: MessageOnly } },
    },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await deleteSession(db, token);
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(app));
      return { message: 'Signed out' };
    },
  );

  app.get(
    '/is-logged-in',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Whether the session is valid',
        response: { 200: LoggedIn, ...errors(401) },
      },
    },
    async (request) => ({
      message: 'Logged in',
      data: { email: request.admin!.email, trashDays: app.ctx.config.retention.trashDays },
    }),
  );

  await app.register(passwordReset);
  await app.register(sessions);
  await app.register(secondStep);
  await app.register(factors);
  await app.register(recheck);
  await app.register(admission);
  await app.register(emailChange);
};

export default auth;
