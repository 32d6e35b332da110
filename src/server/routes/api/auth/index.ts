import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { login } from '../../../auth/login.ts';
import { deleteSession, SESSION_COOKIE } from '../../../auth/sessions.ts';
import { getPhone, setPhone } from '../../../about/phone-repository.ts';
import { failureLimit, rememberDevice, sessionCookieOptions, sessionToken } from '../../../plugins/auth.ts';
import { describeUserAgent } from '../../../auth/user-agent.ts';
import { backgroundMail } from '../../../mail/background.ts';
import { newSignInEmail } from '../../../mail/new-sign-in-email.ts';
import { countHit } from '../../../auth/rate-limit-store.ts';
import passwordReset from './password-reset.ts';
import sessions from './sessions.ts';
import { errors, LoggedIn, Login, MessageOnly, PhoneAnswer, PhoneChange, PhoneSaved, SignedIn, tags } from './schemas.ts';


const auth: FastifyPluginAsyncTypebox = async (app) => {
  const DAY_MS = 24 * 60 * 60_000;
  const { db, config } = app.ctx;
  const sendMail = backgroundMail(app);
  const MINUTE = 60_000;
  const loginLimit = failureLimit(app, {
    name: 'login',
    perAddress: { max: 20, windowMs: MINUTE },
    perAccountAndAddress: { max: 10, windowMs: 15 * MINUTE },
    perAccount: { max: 30, windowMs: 15 * MINUTE },
  });

  app.post('/login', {
    ...loginLimit,
    schema: {
      tags, summary: 'Sign in; sets the session cookie and returns the same token', body: Login,
      description: 'A browser that has not signed in to the account before (no device cookie) makes the server email the owner. '
        + 'Failed sign-ins are limited (20 a minute per address, 10 per account and address and 30 per account in 15 minutes, '
        + 'the last not for a browser that signed in before); successful ones are not counted and clear the address\'s failures.',
      response: { 200: SignedIn, ...errors(400, 401, 429) },
    },
  }, async (request, reply) => {
    const userAgent = request.headers['user-agent'] ?? '';
    const { token, expiresAt, email } = await login(db, request.body.email, request.body.password, {
      ticket: { address: request.ip, priority: request.knownDevice }, log: request.log, userAgent,
    });
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(app, expiresAt));
    await rememberDevice(app, reply, request.body.email);
    // A browser without the account's device cookie has not signed in to it before: the owner hears
    // of it by email. The answer neither waits for the mail nor tells of it.
    // A client of the API that keeps no cookies (a script signing in afresh for each task) is new
    // every time: the owner hears of each browser and address once a day, not of every sign-in.
    if (!request.knownDevice) {
      const device = describeUserAgent(userAgent);
      const seen = await countHit(db, `new-sign-in-mail:${email}:${request.ip}:${device.browser ?? '?'}:${device.os ?? '?'}`, DAY_MS);
      if (seen.current === 1) {
        sendMail({ to: email, ...newSignInEmail({ at: new Date(), device, publicUrl: config.publicUrl }) }, request.log, 'the new sign-in email');
      }
    }
    return { token, message: 'Welcome Back' };
  });

  app.post('/logout', {
    schema: { tags, summary: 'Sign out: ends this session and clears the cookie', response: { 200: MessageOnly } },
  }, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await deleteSession(db, token);
    reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(app));
    return { message: 'Signed out' };
  });

  app.get('/is-logged-in', {
    config: { admin: true },
    schema: {
      tags, summary: 'Whether the session is valid', 
      response: { 200: LoggedIn, ...errors(401) },
    },
  }, async (request) => ({ message: 'Logged in', data: { email: request.admin!.email } }));

  app.get('/phone', {
    schema: { tags: ['contact'], summary: 'The contact phone number', response: { 200: PhoneAnswer } },
  }, async () => ({ data: await getPhone(db) }));

  app.put('/change-phone', {
    config: { admin: true },
    schema: {
      tags: ['contact'], summary: 'Change the contact phone number', body: PhoneChange,
      response: { 200: PhoneSaved, ...errors(400, 401) },
    },
  }, async (request) => {
    const data = await setPhone(db, request.body.phoneNumber);
    return { message: 'Phone number updated', data };
  });

  await app.register(passwordReset);
  await app.register(sessions);
};

export default auth;
