import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { HttpClient } from '../helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines, startServer, type TestServer } from '../helpers/server.ts';
import { startSmtp, type ReceivedMail, type SmtpReceiver } from '../helpers/smtp.ts';

const isChange = (mail: ReceivedMail) => mail.subject.includes('A change to how you sign in');
const NEW_EMAIL = 'new.owner@test.example';

for (const engine of engines()) {
  describe(`email that reaches the owner: the test email and changing the address [${engine}]`, () => {
    let smtp: SmtpReceiver;
    let srv: TestServer;
    before(async () => {
      smtp = await startSmtp();
      srv = await startServer(engine, { SMTP_URL: smtp.url, MAIL_FROM: 'Site <no-reply@test.example>' });
    });
    after(async () => {
      await srv?.close();
      await smtp?.close();
    });
    const mailRow = async (c: HttpClient) =>
      (await c.get('/api/checklist')).body.data.find((r: { key: string }) => r.key === 'mail');

    it('sends a test email through the SMTP server, shows its answer and ticks the checklist row', async () => {
      const owner = await srv.admin();
      assert.equal((await srv.anon().post('/api/mail/test')).status, 401);
      assert.deepEqual((await owner.get('/api/mail/status')).body.data, {
        configured: true,
        ok: null,
        at: null,
        answer: '',
      });
      assert.equal((await mailRow(owner)).done, false, 'no test yet');
      const sent = await owner.post('/api/mail/test');
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.equal(sent.body.data.ok, true);
      assert.match(sent.body.data.answer, /^250 /, "the SMTP server's own answer");
      const mail = await smtp.waitFor(ADMIN_EMAIL, (m) => m.subject.includes('A test email from your site'));
      assert.match(mail.text, /Email works/);
      assert.equal((await mailRow(owner)).done, true);
    });

    it("shows the SMTP server's own refusal", async () => {
      const refusing = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(_address, _session, callback) {
          callback(Object.assign(new Error('5.1.1 Mailbox unavailable: no such user here'), { responseCode: 550 }));
        },
      });
      await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
      const port = (refusing.server.address() as { port: number }).port;
      const other = await startServer(engine, { SMTP_URL: `smtp://127.0.0.1:${port}` });
      try {
        const owner = await other.admin();
        const sent = await owner.post('/api/mail/test');
        assert.equal(sent.status, 200);
        assert.equal(sent.body.data.ok, false);
        assert.match(sent.body.data.answer, /550 5\.1\.1 Mailbox unavailable: no such user here/);
        assert.equal((await mailRow(owner)).done, false);
      } finally {
        await other.close();
        await new Promise<void>((resolve) => refusing.close(() => resolve()));
      }
    });

    it("changes the account's email after the re-check and a code sent to the new address; the old one can undo it", async () => {
      const owner = await srv.admin();
      assert.equal(
        (await owner.post('/api/auth/email', { newEmail: NEW_EMAIL })).status,
        403,
        'not without the re-check',
      );
      assert.equal((await owner.post('/api/auth/recheck', { password: ADMIN_PASSWORD })).status, 200);
      assert.equal((await owner.post('/api/auth/email', { newEmail: ADMIN_EMAIL })).status, 409);
      const asked = await owner.post('/api/auth/email', { newEmail: NEW_EMAIL });
      assert.equal(asked.status, 200, JSON.stringify(asked.body));
      const code = /^\s*(\d{6})\s*$/m.exec((await smtp.waitFor(NEW_EMAIL)).text)![1]!;
      const wrong = await owner.post('/api/auth/email/confirm', {
        code: String((Number(code) + 1) % 1_000_000).padStart(6, '0'),
      });
      assert.equal(wrong.status, 400);
      const other = await srv.admin();
      assert.equal((await other.post('/api/auth/recheck', { password: ADMIN_PASSWORD })).status, 200);
      assert.equal((await other.post('/api/auth/email/confirm', { code })).status, 400, 'only the browser that asked');
      const done = await owner.post('/api/auth/email/confirm', { code });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      assert.equal((await owner.get('/api/auth/is-logged-in')).body.data.email, NEW_EMAIL);
      assert.equal(
        (await srv.anon().post('/api/auth/login', { email: NEW_EMAIL, password: ADMIN_PASSWORD })).status,
        200,
      );
      const told = await smtp.waitFor(ADMIN_EMAIL, isChange);
      assert.match(told.text, /changed to new\.owner@test\.example/);
      const token = /\/en\/auth\/undo#([A-Za-z0-9_-]+)/.exec(told.text)![1]!;
      assert.equal((await srv.anon().post('/api/auth/undo', { token })).status, 200);
      assert.equal(
        (await srv.anon().post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
        200,
        'the old address is back',
      );
      assert.equal((await owner.get('/api/auth/is-logged-in')).status, 401, 'every session ended');
    });
  });

  describe(`without SMTP_URL the site says plainly that email is not set up [${engine}]`, () => {
    let srv: TestServer;
    before(async () => {
      srv = await startServer(engine, {});
    });
    after(async () => {
      await srv?.close();
    });

    it("the reset answers say so, alike for the admin's address and any other; the test email and the checklist too", async () => {
      assert.deepEqual((await srv.anon().get('/api/auth/email-status')).body, { data: { configured: false } });
      const admin = await srv.anon().post('/api/auth/forget-password', { email: ADMIN_EMAIL });
      const stranger = await srv.anon().post('/api/auth/forget-password', { email: 'someone@test.example' });
      assert.equal(admin.status, 200);
      assert.deepEqual(stranger.body, admin.body, 'nothing tells the two apart');
      assert.match(admin.body.message, /Email is not set up on this site/);
      assert.doesNotMatch(admin.body.message, /has been sent/);
      const owner = await srv.admin();
      const test = await owner.post('/api/mail/test');
      assert.equal(test.body.data.configured, false);
      assert.match(test.body.message, /set SMTP_URL/);
      const row = (await owner.get('/api/checklist')).body.data.find((r: { key: string }) => r.key === 'mail');
      assert.equal(row.done, false);
    });
  });
}
