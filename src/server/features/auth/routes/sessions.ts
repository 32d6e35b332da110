import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changePassword } from '../login.ts';
import { hashPassword } from '../passwords.ts';
import { deleteUserSessions, endSession, listSessions, SESSION_COOKIE } from '../sessions.ts';
import { describeUserAgent } from '../user-agent.ts';
import { sessionCookieOptions, sessionToken, signedInGuessLimit } from '../../../plugins/auth.ts';
import { accountGuard } from './account-guard.ts';
import { ChangePassword, errors, IdParams, MessageOnly, SessionList, tags } from '../schemas.ts';

/**
 * The owner's own sessions and password (the admin's Security screen). Every call needs the session;
 * ending other sessions and changing the password need the re-check too, and are emailed to the owner
 * with a link that undoes them (account-guard.ts).
 */
const sessions: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const guard = accountGuard(app);
  // A wrong current password is a guess like a wrong sign-in (signedInGuessLimit).
  const passwordLimit = signedInGuessLimit(app, 'password-change');

  app.get(
    '/sessions',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'The signed-in sessions of the account, the most recently used first; `current` marks this one',
        response: { 200: SessionList, ...errors(401) },
      },
    },
    async (request) => {
      const list = await listSessions(db, request.admin!.id);
      return {
        data: list.map((s) => ({
          id: s.id,
          ...describeUserAgent(s.userAgent),
          createdAt: s.createdAt,
          lastSeenAt: s.lastSeenAt,
          current: s.id === request.admin!.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary:
          'End one session of the account; ending this one signs out (the cookie is cleared); ending another needs the re-check',
        params: IdParams,
        response: { 200: MessageOnly, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (request.params.id !== request.admin!.sessionId) {
        await guard.ensure(request, reply);
        await endSession(db, request.admin!.id, request.params.id);
        await guard.tell(request, { kind: 'sessions-ended' });
        return { message: 'Session ended' };
      }
      await endSession(db, request.admin!.id, request.params.id);
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(app));
      return { message: 'Signed out' };
    },
  );

  app.delete(
    '/sessions',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'End every session of the account but this one (sign out all other devices); needs the re-check',
        response: { 200: MessageOnly, ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      await guard.ensure(request, reply);
      const ended = await deleteUserSessions(db, request.admin!.id, sessionToken(request));
      if (ended > 0) await guard.tell(request, { kind: 'sessions-ended' });
      return { message: ended === 1 ? '1 other session ended' : `${ended} other sessions ended` };
    },
  );

  app.put(
    '/password',
    {
      config: { admin: true },
      ...passwordLimit,
      schema: {
        tags,
        summary: 'Change the password with the current one; ends every other session and keeps this one',
        description:
          'A wrong current password answers 400 and counts as a failed try: 10 per address, 5 per account and address ' +
          'and 10 per account in 15 minutes, then 429. Pending reset codes are dropped. When the account had a factor before this ' +
          'sign-in, a code of it (`code`) is asked too, unless the session passed the re-check in the last 5 minutes (else 400 on `code`). ' +
          'The owner is emailed a link that undoes the change.',
        body: ChangePassword,
        response: { 200: MessageOnly, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const token = sessionToken(request)!;
      const { currentPassword, code } = request.body;
      const checked = await guard.ensure(request, reply, { password: currentPassword, code });
      const passwordHash = await changePassword(
        db,
        request.admin!.id,
        currentPassword,
        () => hashPassword(request.body.newPassword),
        {
          ticket: { address: request.ip, priority: true },
          log: request.log,
          keepToken: token,
          currentChecked: checked === 'checked',
        },
      );
      await guard.tell(request, { kind: 'password-changed', passwordHash });
      return { message: 'Password changed. Other devices have been signed out.' };
    },
  );
};

export default sessions;
