import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { lastMailTest, recordMailTest } from './mail-test.ts';
import { smtpAnswerOf } from '../../mail/mailer.ts';
import { testEmail } from './test-email.ts';
import { errors } from '../answers.ts';

const tags = ['mail'];
const MailTestAnswer = Type.Object({
  configured: Type.Boolean({ description: 'SMTP_URL is set: mail leaves the server' }),
  ok: Type.Union([Type.Boolean(), Type.Null()], {
    description: 'Whether the last test email was accepted by the SMTP server; null when none was sent',
  }),
  at: Type.Union([Type.String(), Type.Null()]),
  answer: Type.String({ description: "The SMTP server's own answer (or the connection's error), as it said it" }),
});

/** Whether email reaches the owner: its state, and a test email sent on request with the SMTP server's own answer. */
const mail: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, mailer } = app.ctx;
  const state = async () => {
    const last = await lastMailTest(db);
    return { configured: mailer.configured, ok: last?.ok ?? null, at: last?.at ?? null, answer: last?.answer ?? '' };
  };

  app.get(
    '/status',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Whether email is set up, and how the last test email went',
        response: { 200: Type.Object({ data: MailTestAnswer }), ...errors(401) },
      },
    },
    async () => ({ data: await state() }),
  );

  app.post(
    '/test',
    {
      config: { admin: true, rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: "Send a test email to the account's address now; answers the SMTP server's own answer",
        description:
          'Waits for the SMTP server (at most a minute). Without SMTP_URL nothing leaves the server: `configured` is false. ' +
          'At most 5 tests in 15 minutes per address (429).',
        response: { 200: Type.Object({ message: Type.String(), data: MailTestAnswer }), ...errors(401, 429) },
      },
    },
    async (request) => {
      if (!mailer.configured)
        return { message: 'Email is not set up: set SMTP_URL on the server first.', data: await state() };
      let outcome;
      try {
        const answer = await Promise.race([
          mailer.send({ to: request.admin!.email, ...testEmail(config.publicUrl) }),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('The SMTP server did not answer within a minute.')), 60_000).unref(),
          ),
        ]);
        outcome = { ok: true, answer };
      } catch (err) {
        outcome = { ok: false, answer: smtpAnswerOf(err) };
        request.log.warn({ answer: outcome.answer }, 'the test email was refused');
      }
      await recordMailTest(db, outcome);
      return {
        message: outcome.ok ? 'Test email accepted by the SMTP server.' : 'The SMTP server refused the test email.',
        data: await state(),
      };
    },
  );
};

export default mail;
