import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  completePasswordReset,
  findResetTokenUser,
  MAX_STRANGER_GUESSES_PER_DAY,
  OTP_TTL_MS,
  startPasswordReset,
  verifyResetCode,
} from '../password-reset.ts';
import { hashPassword } from '../passwords.ts';
import { SESSION_COOKIE } from '../sessions.ts';
import { forbidden, tooManyRequests, unauthorized } from '../../../lib/http-error.ts';
import { factorsOf, hasSecondFactor, issueTicket, methodsOf, STEP_MESSAGES } from '../second-step.ts';
import { backgroundMail } from '../../../mail/background.ts';
import { otpEmail } from '../emails/otp-email.ts';
import {
  accountRateLimit,
  failureLimit,
  rememberDevice,
  resetCookieOptions,
  sessionCookieOptions,
} from '../../../plugins/auth.ts';
import { RESET_COOKIE, requesterProof } from '../reset-requester.ts';
import { findUserById } from '../users.ts';
import { NO_EMAIL } from './admission.ts';
import {
  CodeVerified,
  EmailOnly,
  errors as errorAnswers,
  MessageOnly,
  ResetPassword,
  tags,
  VerifyOtp,
} from '../schemas.ts';

const errors = errorAnswers(400, 429);
const SENT = 'If this email belongs to an account, a 6-digit code has been sent to it. It expires in 10 minutes.';
/** The least time forget-password, resend-otp and verify-reset-password take to answer. */
export const ANSWER_FLOOR_MS = 150;
const RESENT = 'If this email belongs to an account, a new 6-digit code has been sent to it. It expires in 10 minutes.';

const passwordReset: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  // At most 5 reset emails an hour per account (from browsers that have not signed in to it before), and 5 per account and address.
  const perAccountSend = accountRateLimit(app, { name: 'otp-send', max: 5, perAddress: 5, timeWindow: '1 hour' });
  const verifyLimit = failureLimit(app, {
    name: 'otp-verify',
    perAddress: { max: 20, windowMs: 60_000 },
    perAccountAndAddress: { max: 10, windowMs: 15 * 60_000 },
    perAccount: { max: 30, windowMs: 15 * 60_000 },
  });
  const resetLimit = failureLimit(app, { name: 'reset', perAddress: { max: 10, windowMs: 60_000 } });

  // The answer does not wait for the mail. On shutdown, sends still running get a few seconds.
  const sendMail = backgroundMail(app);

  // The three calls that take an email answer no sooner than ANSWER_FLOOR_MS after the request
  // arrived, whatever happened: the admin's email (database work, a mail job) and an unknown one
  // (none) cannot be told apart by time, neither on success nor on a refusal.
  const FLOORED = new Set(['/api/auth/forget-password', '/api/auth/resend-otp', '/api/auth/verify-reset-password']);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!FLOORED.has(request.routeOptions.url ?? '')) return payload;
    const wait = ANSWER_FLOOR_MS - reply.elapsedTime;
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    return payload;
  });

  const sendCode = async (request: FastifyRequest, reply: FastifyReply, email: string) => {
    // The owner's own browser is not kept waiting by a cooldown that strangers' requests started.
    const outcome = await startPasswordReset(db, email, { cooldown: !request.knownDevice });
    if (outcome.kind === 'cooldown') {
      reply.header('retry-after', String(outcome.waitSeconds));
      throw tooManyRequests('reset.cooldown', { seconds: outcome.waitSeconds });
    }
    // This browser asked for the live code: its checks spend the code's own tries (auth/reset-requester.ts).
    reply.setCookie(
      RESET_COOKIE,
      await requesterProof(db, email, outcome.issuedAt, request.cookies[RESET_COOKIE]),
      resetCookieOptions(app),
    );
    if (outcome.kind !== 'send') return;
    const { email: to, otp } = outcome;
    // A failed send is logged only. The code stays as issued: cancelling it would make a later guess
    // answer "no active code" for the admin's email but "wrong code" for an unknown one, telling them apart.
    sendMail(
      { to, ...otpEmail({ code: otp, minutes: OTP_TTL_MS / 60_000, publicUrl: config.publicUrl }) },
      request.log,
      'the password reset email',
    );
  };

  app.post(
    '/forget-password',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      preHandler: perAccountSend,
      schema: {
        tags,
        summary: 'Email a 6-digit reset code (valid 10 minutes); the answer is the same for unknown emails',
        description:
          'While a code is live (10 minutes), a new request sends that same code again instead of replacing it. At most ' +
          'one email a minute per email (429 with the seconds to wait), and 5 an hour per account.',
        body: EmailOnly,
        response: { 200: MessageOnly, ...errors },
      },
    },
    async (request, reply) => {
      await sendCode(request, reply, request.body.email);
      return { message: app.ctx.mailer.configured ? SENT : NO_EMAIL };
    },
  );

  app.post(
    '/resend-otp',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      preHandler: perAccountSend,
      schema: {
        tags,
        summary: 'Email the reset code again (a new one once the last has expired or been spent); 60-second cooldown',
        body: EmailOnly,
        response: { 200: MessageOnly, ...errors },
      },
    },
    async (request, reply) => {
      await sendCode(request, reply, request.body.email);
      return { message: app.ctx.mailer.configured ? RESENT : NO_EMAIL };
    },
  );

  app.post(
    '/verify-reset-password',
    {
      ...verifyLimit,
      schema: {
        tags,
        summary: 'Check the emailed code; answers a one-time reset token (15 minutes) for PUT /api/auth/reset-password',
        description:
          'When the account has a second factor, the answer also carries `secondStep` (see POST /api/auth/login): the ' +
          'factor is asked (POST /api/auth/second-step or /passkey/sign-in with its ticket) before the token sets a password. ' +
          'A code dies after 5 wrong tries from the browser it was sent for (the `reset` cookie of forget-password ' +
          'or resend-otp) or one signed in before, and can be used once. Wrong codes from anywhere else do not spend those tries: ' +
          `at most ${MAX_STRANGER_GUESSES_PER_DAY} of them a day per email, then 429. The token is not a session.`,
        body: VerifyOtp,
        response: { 200: CodeVerified, ...errors },
      },
    },
    async (request, reply) => {
      const { token, userId, resetId } = await verifyResetCode(db, request.body.email, request.body.otp, {
        requesterCookie: request.cookies[RESET_COOKIE],
        knownDevice: request.knownDevice,
      });
      reply.clearCookie(RESET_COOKIE, { path: '/api/auth' });
      // With a second factor on, the emailed code alone sets no password: the factor is asked first.
      const factors = await factorsOf(db, userId);
      if (hasSecondFactor(factors)) {
        const ticket = await issueTicket(db, userId, 'reset', {
          resetId,
          userAgent: request.headers['user-agent'] ?? '',
        });
        return { message: STEP_MESSAGES.resetNeeded, token, secondStep: { ticket, methods: methodsOf(factors) } };
      }
      return { message: 'Code verified. Choose a new password.', token };
    },
  );

  app.put(
    '/reset-password',
    {
      ...resetLimit,
      schema: {
        tags,
        summary: 'Set a new password with the reset token; signs out every other session and signs this browser in',
        security: [{ bearer: [] }],
        body: ResetPassword,
        response: { 200: MessageOnly, ...errorAnswers(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
      // Checked before hashing so a bad token costs no scrypt work; the token is burnt in completePasswordReset.
      const reset = token ? await findResetTokenUser(db, token) : undefined;
      if (!token || !reset) throw unauthorized('reset.bad_token');
      const { userId } = reset;
      if (!reset.factorChecked && hasSecondFactor(await factorsOf(db, userId))) throw forbidden('reset.factor_needed');
      const session = await completePasswordReset(db, token, await hashPassword(request.body.password));
      reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(app, session.expiresAt));
      const user = await findUserById(db, userId);
      if (user) await rememberDevice(app, reply, user.email);
      return { message: 'Password changed. Welcome Back' };
    },
  );
};

export default passwordReset;
