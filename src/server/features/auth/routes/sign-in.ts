import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { countHit } from '../rate-limit-store.ts';
import { createSession, SESSION_COOKIE } from '../sessions.ts';
import { describeUserAgent } from '../user-agent.ts';
import { backgroundMail } from '../../../mail/background.ts';
import { newSignInEmail } from '../emails/new-sign-in-email.ts';
import { rememberDevice, sessionCookieOptions } from '../../../plugins/auth.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The end of every sign-in (a password alone, a password and a second step, a passkey): the
 * session cookie, the device cookie, and, for a browser that has not signed in to the account
 * before, an email to the owner. A client of the API that keeps no cookies (a script signing in
 * afresh for each task) is new every time: the owner hears of each browser and address once a day.
 * The answer neither waits for the mail nor tells of it.
 */
export function signInFinisher(app: FastifyInstance) {
  const sendMail = backgroundMail(app);
  const { db, config } = app.ctx;
  return {
    /** Sets the cookies of a session made already (by `login`). */
    async cookies(
      request: FastifyRequest,
      reply: FastifyReply,
      session: { token: string; expiresAt: Date },
      email: string,
    ): Promise<void> {
      reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(app, session.expiresAt));
      await rememberDevice(app, reply, email);
      if (request.knownDevice) return;
      const userAgent = request.headers['user-agent'] ?? '';
      const device = describeUserAgent(userAgent);
      const seen = await countHit(
        db,
        `new-sign-in-mail:${email}:${request.ip}:${device.browser ?? '?'}:${device.os ?? '?'}`,
        DAY_MS,
      );
      if (seen.current === 1) {
        sendMail(
          { to: email, ...newSignInEmail({ at: new Date(), device, publicUrl: config.publicUrl }) },
          request.log,
          'the new sign-in email',
        );
      }
    },
    /** A new session for the account, with its cookies; answers the token (the contract's login answer carries it). */
    async session(request: FastifyRequest, reply: FastifyReply, user: { id: string; email: string }): Promise<string> {
      const session = await createSession(db, user.id, request.headers['user-agent'] ?? '');
      await this.cookies(request, reply, session, user.email);
      return session.token;
    },
  };
}
