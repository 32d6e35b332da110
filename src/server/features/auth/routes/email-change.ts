import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  checkEmailChange,
  EMAIL_CHANGE_COOKIE,
  EMAIL_CHANGE_TTL_MS,
  setEmail,
  startEmailChange,
} from '../email-change.ts';
import { serviceUnavailable } from '../../../lib/http-error.ts';
import { backgroundMail } from '../../../mail/background.ts';
import { emailChangeEmail } from '../emails/email-change-email.ts';
import { failureLimit, rememberDevice, sessionCookieOptions } from '../../../plugins/auth.ts';
import { accountGuard } from './account-guard.ts';
import { EmailChangeCode, EmailChangeStart, errors, MessageOnly, tags } from '../schemas.ts';

/** The owner changes the account's email from the Security screen: the re-check, then a code sent to the new address. */
const emailChange: FastifyPluginAsyncTypebox = async (app) => {
  const { db, mailer } = app.ctx;
  const guard = accountGuard(app);
  const sendMail = backgroundMail(app);
  const MINUTE = 60_000;
  const startLimit = failureLimit(app, { name: 'email-change-send', perAddress: { max: 5, windowMs: 60 * MINUTE } });
  const confirmLimit = failureLimit(app, {
    name: 'email-change-confirm',
    perAddress: { max: 10, windowMs: 15 * MINUTE },
  });
  const cookieOptions = () => ({
    ...sessionCookieOptions(app, new Date(Date.now() + EMAIL_CHANGE_TTL_MS)),
    path: '/api/auth',
    sameSite: 'strict' as const,
  });

  app.post(
    '/email',
    {
      config: { admin: true, rateLimit: { max: 5, timeWindow: '1 hour' } },
      ...startLimit,
      schema: {
        tags,
        summary: "Start changing the account's email: a 6-digit code is sent to the new address (needs the re-check)",
        description: 'The code works for 15 minutes in this browser and session. 5 requests an hour per address.',
        body: EmailChangeStart,
        response: { 200: MessageOnly, ...errors(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      await guard.ensure(request, reply);
      if (!mailer.configured) throw serviceUnavailable('email.not_set_up');
      const started = await startEmailChange(db, request.admin!.sessionId, request.body.newEmail);
      reply.setCookie(EMAIL_CHANGE_COOKIE, started.cookie, cookieOptions());
      sendMail(
        { to: started.email, ...emailChangeEmail({ code: started.code, minutes: EMAIL_CHANGE_TTL_MS / MINUTE }) },
        request.log,
        'the email change code',
      );
      return { message: `A 6-digit code has been sent to ${started.email}. Type it here to confirm.` };
    },
  );

  app.post(
    '/email/confirm',
    {
      config: { admin: true },
      ...confirmLimit,
      schema: {
        tags,
        summary: 'Confirm the new email with the code sent to it; the old address is told, with a link that undoes it',
        body: EmailChangeCode,
        response: { 200: MessageOnly, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await guard.ensure(request, reply);
      const email = await checkEmailChange(
        db,
        request.admin!.sessionId,
        request.cookies[EMAIL_CHANGE_COOKIE],
        request.body.code,
      );
      const old = await setEmail(db, request.admin!.id, email);
      reply.clearCookie(EMAIL_CHANGE_COOKIE, { path: '/api/auth' });
      // This browser stays known under the new address; the old address hears of it with the undo link.
      await rememberDevice(app, reply, email);
      await guard.tell(request, { kind: 'email-changed', email: old }, { email }, old);
      return { message: `The account's email is now ${email}.` };
    },
  );
};

export default emailChange;
