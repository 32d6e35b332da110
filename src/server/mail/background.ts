import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import type { MailMessage } from './mailer.ts';

/** How long a closing server waits for sends still running. */
const MAIL_GRACE_MS = 5_000;

/**
 * Sends mail without holding up the answer: a failure is logged, never thrown to the caller, and
 * on shutdown the sends still running get a few seconds. One per plugin that sends mail.
 */
export function backgroundMail(
  app: FastifyInstance,
): (message: MailMessage, log: FastifyBaseLogger, what: string) => void {
  const inFlight = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.race([Promise.allSettled(inFlight), new Promise((done) => setTimeout(done, MAIL_GRACE_MS).unref())]);
  });
  return (message, log, what) => {
    const job = app.ctx.mailer
      .send(message)
      .catch((err: unknown) => {
        log.error({ err }, `${what} could not be sent`);
      })
      .finally(() => inFlight.delete(job));
    inFlight.add(job);
  };
}
