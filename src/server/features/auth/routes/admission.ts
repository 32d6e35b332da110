import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ADMIT_COOKIE, ADMIT_TTL_MS, checkAdmission, startAdmission } from '../admission.ts';
import { findUserByEmail } from '../users.ts';
import { admissionEmail } from '../emails/admission-email.ts';
import { backgroundMail } from '../../../mail/background.ts';
import { accountRateLimit, failureLimit, rememberDevice, sessionCookieOptions } from '../../../plugins/auth.ts';
import { AdmissionCode, EmailOnly, errors, MessageOnly, tags } from '../schemas.ts';

/** What the reset and admission screens say when email does not leave the server: the same for every address. */
export const NO_EMAIL =
  'Email is not set up on this site, so no code can be sent by email. Whoever runs the server can set ' +
  'SMTP_URL (see the README) or read the code from the outbox folder in its data folder.';

/**
 * A new browser held back by strangers' wrong passwords asks for an emailed code that lets it in
 * (auth/admission.ts), and whether the site sends email at all.
 */
const admission: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, mailer } = app.ctx;
  const sendMail = backgroundMail(app);
  // At most 5 emails an hour per account, 3 per account and address; a browser that signed in before needs none.
  const perAccount = accountRateLimit(app, { name: 'admit-send', max: 5, perAddress: 3, timeWindow: '1 hour' });
  const verifyLimit = failureLimit(app, { name: 'admit-verify', perAddress: { max: 20, windowMs: 15 * 60_000 } });
  const cookieOptions = () => ({
    ...sessionCookieOptions(app, new Date(Date.now() + ADMIT_TTL_MS)),
    path: '/api/auth',
    sameSite: 'strict' as const,
  });

  app.get(
    '/email-status',
    {
      schema: {
        tags,
        summary: 'Whether the site sends email (SMTP_URL is set), so screens can say so instead of promising a code',
        response: { 200: Type.Object({ data: Type.Object({ configured: Type.Boolean() }) }) },
      },
    },
    async () => ({ data: { configured: mailer.configured } }),
  );

  app.post(
    '/admission',
    {
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      preHandler: perAccount,
      schema: {
        tags,
        summary:
          'Email a code that lets this browser in past the per-account sign-in limit; the answer is the same for unknown emails',
        description:
          'For a browser that has not signed in before and meets "Too many attempts for this account". The code works for ' +
          '15 minutes in this browser only (an `admit` cookie); asking again within 10 minutes sends the same code. At most 5 emails an hour per account.',
        body: EmailOnly,
        response: { 200: MessageOnly, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const started = await startAdmission(db, email, request.cookies[ADMIT_COOKIE]);
      reply.setCookie(ADMIT_COOKIE, started.cookie, cookieOptions());
      const user = await findUserByEmail(db, email);
      if (user) {
        sendMail(
          {
            to: user.email,
            ...admissionEmail({ code: started.code, minutes: ADMIT_TTL_MS / 60_000, publicUrl: config.publicUrl }),
          },
          request.log,
          'the admission email',
        );
      }
      if (!mailer.configured) return { message: NO_EMAIL };
      return {
        message:
          'If this email belongs to an account, a code has been sent to it. Type it here, in this browser, within 15 minutes.',
      };
    },
  );

  app.post(
    '/admission/verify',
    {
      ...verifyLimit,
      schema: {
        tags,
        summary:
          'Check the emailed code in the browser that asked: it is let in (the device cookie), then signs in as usual',
        body: AdmissionCode,
        response: { 200: MessageOnly, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const { email, code } = request.body;
      await checkAdmission(db, email, code, request.cookies[ADMIT_COOKIE]);
      reply.clearCookie(ADMIT_COOKIE, { path: '/api/auth' });
      await rememberDevice(app, reply, email);
      return { message: 'This browser is let in. Sign in with your password now.' };
    },
  );
};

export default admission;
