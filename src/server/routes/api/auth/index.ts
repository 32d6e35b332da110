import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorAnswer, Login, Message, PhoneChange } from '../../../../shared/schemas.ts';
import { login } from '../../../auth/login.ts';
import { deleteSession, SESSION_COOKIE } from '../../../auth/sessions.ts';
import { getPhone, setPhone } from '../../../about/phone-repository.ts';
import { accountRateLimit, rememberDevice, sessionCookieOptions, sessionToken } from '../../../plugins/auth.ts';
import passwordReset from './password-reset.ts';

const tags = ['auth'];

const auth: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.post('/login', {
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    preHandler: accountRateLimit(app, { name: 'login', max: 30, perAddress: 10, timeWindow: '15 minutes' }),
    schema: {
      tags, summary: 'Sign in; sets the session cookie and returns the same token', body: Login,
      response: { 200: Type.Object({ token: Type.String(), message: Type.String() }), 400: ErrorAnswer, 401: ErrorAnswer, 429: ErrorAnswer },
    },
  }, async (request, reply) => {
    const { token, expiresAt } = await login(db, request.body.email, request.body.password, request.log);
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(app, expiresAt));
    await rememberDevice(app, reply, request.body.email);
    return { token, message: 'Welcome Back' };
  });

  app.post('/logout', {
    schema: { tags, summary: 'Sign out: ends this session and clears the cookie', response: { 200: Message } },
  }, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await deleteSession(db, token);
    reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(app));
    return { message: 'Signed out' };
  });

  app.get('/is-logged-in', {
    onRequest: app.requireAdmin,
    schema: {
      tags, summary: 'Whether the session is valid', security: [{ session: [] }],
      response: { 200: Type.Object({ message: Type.String(), data: Type.Object({ email: Type.String() }) }), 401: ErrorAnswer },
    },
  }, async (request) => ({ message: 'Logged in', data: { email: request.admin!.email } }));

  app.get('/phone', {
    schema: { tags: ['contact'], summary: 'The contact phone number', response: { 200: Type.Object({ data: Type.String() }) } },
  }, async () => ({ data: await getPhone(db) }));

  app.put('/change-phone', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['contact'], summary: 'Change the contact phone number', security: [{ session: [] }], body: PhoneChange,
      response: { 200: Type.Object({ message: Type.String(), data: Type.String() }), 400: ErrorAnswer, 401: ErrorAnswer },
    },
  }, async (request) => {
    const data = await setPhone(db, request.body.phoneNumber);
    return { message: 'Phone number updated', data };
  });

  await app.register(passwordReset);
};

export default auth;
