import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { smtpAnswerOf } from '../../mail/mailer.ts';
import { getOptions } from '../leads/leads-service.ts';
import { requestEmail } from './request-email.ts';
import {
  claimRequestMail,
  findRequest,
  listDueMail,
  markMailFailed,
  markMailSent,
  readRequestPhotos,
} from './requests-repository.ts';

/** How often each server looks for emails due (a request stored through another server, a retry). */
const TICK_MS = 20_000;
/** The first retry after a refused send, doubled each time up to MAX_RETRY_MS. */
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 10 * 60_000;
/** Emails sent in one pass at most: a flood is sent over several passes, never all at once. */
const BATCH = 10;

const retryDelay = (attempts: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

/**
 * Sends the owner's emails about requests, from the database: a request's email is 'pending' on
 * its row until the SMTP server accepts it. Each send is claimed first by a conditional UPDATE
 * that also sets the next try (so a server that dies mid-send leaves it due again, for any server),
 * and on success the row says 'sent'. Nothing is held only in memory: a restart loses nothing.
 * Answers how many were sent.
 */
export async function sendDueRequestMails(ctx: AppContext, log: FastifyBaseLogger, now = Date.now()): Promise<number> {
  let sent = 0;
  const due = await listDueMail(ctx.db, new Date(now).toISOString(), BATCH);
  if (due.length === 0) return 0;
  const owner = await ctx.db.selectFrom('users').select('email').orderBy('created_at').executeTakeFirst();
  if (!owner) return 0;
  const { language } = await getOptions(ctx.db);
  for (const row of due) {
    const next = new Date(now + retryDelay(row.attempts + 1)).toISOString();
    if (!(await claimRequestMail(ctx.db, row.id, row.nextAt, next))) continue; // another server has it
    // A request the owner put in the Trash before its email went is still told: it was stored.
    const request = await findRequest(ctx.db, row.id, { trashed: true });
    if (!request) continue;
    try {
      const photos = await readRequestPhotos(ctx.db, row.id);
      await ctx.mailer.send(requestEmail(request, photos, language, ctx.config.publicUrl, owner.email));
      await markMailSent(ctx.db, row.id);
      sent++;
    } catch (err) {
      const answer = smtpAnswerOf(err);
      log.warn(
        { request: request.reference, attempts: row.attempts + 1, answer },
        'the email about a request was not accepted; it will be tried again',
      );
      await markMailFailed(ctx.db, row.id, answer);
    }
  }
  return sent;
}

export interface RequestOutbox {
  /** Looks for due emails now (a request was just stored), without waiting for the next tick. */
  nudge(): void;
  /** Resolves when the pass running now (if any) is over. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The loop on each server: a pass every TICK_MS and on every nudge, one pass at a time. */
export function createRequestOutbox(ctx: AppContext, log: FastifyBaseLogger): RequestOutbox {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const pass = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = sendDueRequestMails(ctx, log)
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err }, 'the request emails could not be looked at'),
      )
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          pass();
        }
      });
  };
  const timer = setInterval(pass, TICK_MS).unref();
  return {
    nudge: pass,
    settled: async () => {
      while (running) await running;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
