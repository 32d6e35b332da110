import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changePassword } from '../../../auth/login.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import { deleteUserSessions, endSession, listSessions, SESSION_COOKIE } from '../../../auth/sessions.ts';
import { describeUserAgent } from '../../../auth/user-agent.ts';
import { failureLimit, sessionCookieOptions, sessionToken } from '../../../plugins/auth.ts';
import { ChangePassword, errors, IdParams, MessageOnly, SessionList, tags } from './schemas.ts';

/** The owner's own sessions and password (the admin's Security screen). Every call needs the session. */
const sessions: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const MINUTE = 60_000;
  // A wrong current password is a guess like a wrong sign-in: counted per address, per account and
  // address, and per account (the signed-in one), so a stolen session cannot be used to find the password.
  const passwordLimit = failureLimit(app, {
    name: 'password-change',
    perAddress: { max: 10, windowMs: 15 * MINUTE },
    perAccountAndAddress: { max: 5, windowMs: 15 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE },
    accountOf: (request) => request.admin?.email ?? '',
  });

  app.get('/sessions', {
    config: { admin: true },
    schema: {
      tags, summary: 'The signed-in sessions of the account, the most recently used first; `current` marks this one',
      response: { 200: SessionList, ...errors(401) },
    },
  }, async (request) => {
    const list = await listSessions(db, request.admin!.id);
    return {
      data: list.map((s) => ({
        id: s.id, ...describeUserAgent(s.userAgent), createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, current: s.id === request.admin!.sessionId,
      })),
    };
  });

  app.delete('/sessions/:id', {
    config: { admin: true },
    schema: {
      tags, summary: 'End one session of the account; ending this one signs out (the cookie is cleared)',
      params: IdParams, response: { 200: MessageOnly, ...errors(401, 404) },
    },
  }, async (request, reply) => {
    await endSession(db, request.admin!.id, request.params.id);
    if (request.params.id !== request.admin!.sessionId) return { message: 'Session ended' };
    reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(app));
    return { message: 'Signed out' };
  });

  app.delete('/sessions', {
    config: { admin: true },
    schema: {
      tags, summary: 'End every session of the account but this one (sign out all other devices)',
      response: { 200: MessageOnly, ...errors(401) },
    },
  }, async (request) => {
    const ended = await deleteUserSessions(db, request.admin!.id, sessionToken(request));
    return { message: ended === 1 ? '1 other session ended' : `${ended} other sessions ended` };
  });

  app.put('/password', {
    config: { admin: true },
    ...passwordLimit,
    schema: {
      tags, summary: 'Change the password with the current one; ends every other session and keeps this one',
      description: 'A wrong current password answers 400 and counts as a failed try: 10 per address, 5 per account and address '
        + 'and 10 per account in 15 minutes, then 429. Pending reset codes are dropped.',
      body: ChangePassword, response: { 200: MessageOnly, ...errors(400, 401, 429) },
    },
  }, async (request) => {
    const token = sessionToken(request)!;
    await changePassword(db, request.admin!.id, request.body.currentPassword, () => hashPassword(request.body.newPassword), {
      ticket: { address: request.ip, priority: true }, log: request.log, keepToken: token,
    });
    return { message: 'Password changed. Other devices have been signed out.' };
  });
};

export default sessions;
