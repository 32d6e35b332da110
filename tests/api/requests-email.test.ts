import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { sendDueRequestMails } from '../../src/server/features/requests/request-outbox.ts';
import { makeImage } from '../helpers/images.ts';
import { forgetRequestSenders, requestForm } from '../helpers/requests.ts';
import {
  ADMIN_EMAIL,
  createPgDatabase,
  describeEachEngine,
  engines,
  freePort,
  startServer,
  type TestServer,
} from '../helpers/server.ts';
import { startSmtp, type SmtpReceiver } from '../helpers/smtp.ts';

/**
 * The owner's email about a request (issue 35 point 4): through a real SMTP exchange on loopback,
 * with the photos attached and one-tap links, sent from the database by a job that tries again
 * until the mail server accepts, whichever server runs it, and after a restart.
 */
const ELEVEN_MINUTES = 11 * 60_000;

async function send(
  server: TestServer,
  fields: Record<string, string> = {},
  photos: Awaited<ReturnType<typeof makeImage>>[] = [],
): Promise<string> {
  await forgetRequestSenders(server.app.ctx.db);
  const res = await server.anon().post('/request', requestForm(fields, photos));
  assert.equal(res.status, 303, String(res.body).slice(0, 200));
  return /ref=([0-9]{6})/.exec(res.headers.get('location') ?? '')![1]!;
}
const rowOf = (server: TestServer, ref: string) =>
  server.app.ctx.db
    .selectFrom('requests')
    .select(['mail_state', 'mail_attempts', 'mail_error'])
    .where('reference', '=', ref)
    .executeTakeFirstOrThrow();
/** Waits (without a deadline of its own: the test's timeout bounds it) until the row says `ok`. */
async function until(server: TestServer, ref: string, ok: (row: Awaited<ReturnType<typeof rowOf>>) => boolean) {
  for (;;) {
    const row = await rowOf(server, ref);
    if (ok(row)) return row;
    await new Promise((done) => setTimeout(done, 50));
  }
}

let smtp: SmtpReceiver;
before(async () => {
  smtp = await startSmtp();
});
after(() => smtp.close());

describeEachEngine(
  'quote requests: the owner’s email',
  (server) => {
    it('reaches the owner with every detail, the photos attached and links to call, WhatsApp and open it', async () => {
      const ref = await send(server(), { name: 'Khalid', problem: 'Pigeons on the AC units' }, [
        await makeImage('jpeg', 640, 480),
        await makeImage('png', 300, 200),
      ]);
      const mail = await smtp.waitFor(ADMIN_EMAIL, (m) => m.subject.includes(ref));
      assert.equal(mail.subject, `طلب معاينة جديد ${ref}: Khalid، الرياض`);
      assert.match(mail.text, /Pigeons on the AC units/);
      assert.match(mail.text, /الجوال: 050 123 4567/);
      assert.match(mail.text, /tel:\+966501234567/);
      // WhatsApp opens with a greeting in the customer's language that names the request.
      const wa = /https:\/\/wa\.me\/966501234567\?text=([^\s]+)/.exec(mail.text);
      assert.ok(wa, 'a WhatsApp link to the customer');
      assert.equal(decodeURIComponent(wa[1]!), `مرحبًا Khalid، بخصوص طلب المعاينة رقم ${ref}: `);
      assert.match(mail.text, /\/admin\/requests\?id=/);
      assert.match(mail.html, /href="tel:\+966501234567"/);
      assert.equal(mail.attachments.length, 2);
      assert.deepEqual(
        mail.attachments.map((a) => a.filename),
        [`${ref}-1.webp`, `${ref}-2.webp`],
      );
      assert.equal((await sharp(mail.attachments[0]!.content).metadata()).width, 640);
      assert.equal((await until(server(), ref, (r) => r.mail_state === 'sent')).mail_attempts, 1);
    });

    it('is sent once, however many servers look at the same time', async () => {
      // Two passes as two servers would run them, beside the one the answer started.
      const ctx = server().app.ctx;
      const ref = await send(server(), { name: 'Once' });
      const passes = await Promise.all([
        sendDueRequestMails(ctx, server().app.log),
        sendDueRequestMails(ctx, server().app.log),
      ]);
      await ctx.requestMail.settled();
      await smtp.waitFor(ADMIN_EMAIL, (m) => m.subject.includes(ref));
      await until(server(), ref, (r) => r.mail_state === 'sent');
      assert.ok(passes.every((n) => n <= 1));
      assert.equal(
        await sendDueRequestMails(ctx, server().app.log, Date.now() + ELEVEN_MINUTES),
        0,
        'sent: never again',
      );
      assert.equal(smtp.messages.filter((m) => m.subject.includes(ref)).length, 1);
      assert.equal((await rowOf(server(), ref)).mail_attempts, 1, 'claimed once');
    });
  },
  {
    get SMTP_URL() {
      return smtp.url;
    },
  } as unknown as Record<string, string>,
);

for (const engine of engines()) {
  describe(`quote requests: the owner’s email when the mail server is down, and after a restart [${engine}]`, () => {
    let port: number;
    let dataDir: string;
    let pg: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
    let first: TestServer | undefined;
    let second: TestServer | undefined;
    let late: SmtpReceiver | undefined;
    before(async () => {
      port = await freePort();
      dataDir = mkdtempSync(join(tmpdir(), 'site-test-'));
      pg = engine === 'postgres' ? await createPgDatabase() : undefined;
    });
    after(async () => {
      await first?.close().catch(() => undefined);
      await second?.close();
      await late?.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps trying until the mail server accepts it, across a restart, and sends it once', async () => {
      const env = { SMTP_URL: `smtp://127.0.0.1:${port}` };
      first = await startServer(engine, env, { dataDir, ...(pg ? { databaseUrl: pg.url } : {}) });
      // Nothing listens on the port: the request is stored and answered all the same.
      const ref = await send(first, { name: 'Down' });
      const refused = await until(first, ref, (r) => r.mail_attempts >= 1 && r.mail_error !== '');
      assert.equal(refused.mail_state, 'pending');
      assert.match(refused.mail_error, /ECONNREFUSED/);
      await first.app.ctx.requestMail.settled();
      await first.close();
      first = undefined;

      // The mail server comes up; a new server on the same database sends what was left.
      late = await startSmtp(port);
      second = await startServer(engine, env, { dataDir, ...(pg ? { databaseUrl: pg.url } : {}) });
      // Its next try is 30 s after the refusal: asked as if that time had come.
      assert.equal(await sendDueRequestMails(second.app.ctx, second.app.log, Date.now() + ELEVEN_MINUTES), 1);
      const mail = await late.waitFor(ADMIN_EMAIL, (m) => m.subject.includes(ref));
      assert.match(mail.text, /Down/);
      const sent = await rowOf(second, ref);
      assert.equal(sent.mail_state, 'sent');
      assert.equal(sent.mail_attempts, 2);
      assert.equal(
        await sendDueRequestMails(second.app.ctx, second.app.log, Date.now() + 2 * ELEVEN_MINUTES),
        0,
        'never twice',
      );
    });
  });
}
