// npm test: serial load (floods of hundreds of requests from many addresses, and a hash at the production cost)
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { hashCounts } from '../../src/server/features/auth/hash-queue.ts';
import { softPasskey, type SoftPasskey } from '../helpers/authenticator.ts';
import { HttpClient } from '../helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines, startServer, type TestServer } from '../helpers/server.ts';
import { isResetCode, startSmtp, type ReceivedMail, type SmtpReceiver } from '../helpers/smtp.ts';

const appCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
const isAdmission = (mail: ReceivedMail) => mail.subject.includes('Code to let a new browser in');

for (const engine of engines()) {
  describe(`strangers cannot evict or lock out the owner [${engine}]`, () => {
    let smtp: SmtpReceiver;
    let srv: TestServer;
    let key: SoftPasskey;
    let secret = '';
    let recoveryCodes: string[] = [];
    before(async () => {
      smtp = await startSmtp();
      srv = await startServer(engine, {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Site <no-reply@test.example>',
        TRUST_PROXY: 'true',
      });
      key = softPasskey(srv.app.ctx.config.publicUrl);
      // The owner's factors: an app (with its recovery codes) and a passkey.
      const owner = await srv.admin();
      assert.equal((await owner.post('/api/auth/recheck', { password: ADMIN_PASSWORD })).status, 200);
      secret = (await owner.post('/api/auth/totp/setup')).body.data.secret;
      recoveryCodes = (await owner.post('/api/auth/totp', { code: appCode(secret) })).body.data.recoveryCodes;
      const options = await owner.post('/api/auth/passkeys/options');
      assert.equal(
        (await owner.post('/api/auth/passkeys', { name: 'Phone', response: key.register(options.body.data) })).status,
        200,
      );
    });
    after(async () => {
      await srv?.close();
      await smtp?.close();
    });
    const db = () => srv.app.ctx.db;
    /** A client speaking from loopback address 127.0.0.`n` as the proxy reports it. */
    const from = (n: number): HttpClient => {
      const c = srv.anon();
      c.headers['x-forwarded-for'] = `127.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
      return c;
    };
    let next = 1000;
    const newBrowser = () => from(next++);
    const signedIn = async (c: HttpClient) => (await c.get('/api/auth/is-logged-in')).status === 200;

    it("600 public option requests from 30 addresses leave the owner's passkey and second-step challenges valid", async () => {
      const alone = newBrowser();
      const aloneOptions = (await alone.post('/api/auth/passkey/options', {})).body.data;
      const stepped = newBrowser();
      const { ticket } = (await stepped.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).body
        .secondStep;
      const stepOptions = (await stepped.post('/api/auth/passkey/options', { ticket })).body.data;
      const statuses: number[] = [];
      for (let round = 0; round < 20; round++) {
        statuses.push(
          ...(await Promise.all(
            Array.from({ length: 30 }, (_, a) =>
              from(a + 1)
                .post('/api/auth/passkey/options', {})
                .then((r) => r.status),
            ),
          )),
        );
      }
      assert.equal(statuses.filter((s) => s === 200).length, 600, 'every stranger got options');
      assert.equal(
        Number(
          (
            await db()
              .selectFrom('webauthn_challenges')
              .where('purpose', '=', 'sign-in')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
        0,
        'and wrote nothing',
      );
      const signIn = await alone.post('/api/auth/passkey/sign-in', { response: key.assert(aloneOptions) });
      assert.equal(signIn.status, 200, JSON.stringify(signIn.body));
      const step = await stepped.post('/api/auth/passkey/sign-in', { ticket, response: key.assert(stepOptions) });
      assert.equal(step.status, 200, JSON.stringify(step.body));
      assert.ok(await signedIn(alone));
      assert.ok(await signedIn(stepped));
      // A challenge answers once, and only in the browser that asked for it.
      const replay = await alone.post('/api/auth/passkey/sign-in', { response: key.assert(aloneOptions) });
      assert.equal(replay.status, 400);
      const thief = newBrowser();
      const other = (await newBrowser().post('/api/auth/passkey/options', {})).body.data;
      assert.equal(
        (await thief.post('/api/auth/passkey/sign-in', { response: key.assert(other) })).status,
        400,
        "another browser's challenge",
      );
    });

    it('while 40 wrong passwords from 10 addresses hold new browsers back, a passkey still signs in and an emailed code lets a browser in', async () => {
      await db().deleteFrom('rate_limits').execute();
      for (let a = 0; a < 10; a++) {
        for (let i = 0; i < 4; i++)
          await from(200 + a).post('/api/auth/login', { email: ADMIN_EMAIL, password: `wrong ${i}` });
      }
      const owner = newBrowser();
      const held = await owner.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      assert.equal(held.status, 429, 'a browser not seen before is held back');
      assert.match(held.body.message, /Too many attempts for this account/);
      // A passkey is not a password: no password limit holds it back.
      const pk = newBrowser();
      const options = (await pk.post('/api/auth/passkey/options', {})).body.data;
      assert.equal((await pk.post('/api/auth/passkey/sign-in', { response: key.assert(options) })).status, 200);
      // The held-back browser asks for a code; strangers asking for the same account are answered alike.
      const asked = await owner.post('/api/auth/admission', { email: ADMIN_EMAIL });
      assert.equal(asked.status, 200);
      const unknown = await newBrowser().post('/api/auth/admission', { email: 'nobody@test.example' });
      assert.deepEqual([unknown.status, unknown.body], [asked.status, asked.body]);
      const mail = await smtp.waitFor(ADMIN_EMAIL, isAdmission);
      const code = /\b([2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4})\b/.exec(mail.text)![1]!;
      assert.match(mail.text, new RegExp(`/en/auth/admit#${code}`));
      // The code works only in the browser that asked.
      const elsewhere = newBrowser();
      assert.equal((await elsewhere.post('/api/auth/admission/verify', { email: ADMIN_EMAIL, code })).status, 400);
      assert.equal(
        (await owner.post('/api/auth/admission/verify', { email: ADMIN_EMAIL, code: 'AAAA-AAAA' })).status,
        400,
      );
      const admitted = await owner.post('/api/auth/admission/verify', { email: ADMIN_EMAIL, code: code.toLowerCase() });
      assert.equal(admitted.status, 200, JSON.stringify(admitted.body));
      const now = await owner.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      assert.equal(now.status, 200, JSON.stringify(now.body));
      assert.ok(now.body.secondStep, 'the password and the second step are still asked');
      assert.equal(
        (await elsewhere.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
        429,
        'other new browsers are still held back',
      );
    });

    it('emails at most 5 admission codes an hour per account, the same code again within 10 minutes', async () => {
      await db().deleteFrom('rate_limits').execute();
      smtp.messages.length = 0;
      const owner = newBrowser();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await owner.post('/api/auth/admission', { email: ADMIN_EMAIL })).status);
      for (let i = 0; i < 4; i++)
        statuses.push((await newBrowser().post('/api/auth/admission', { email: ADMIN_EMAIL })).status);
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429]);
      const codes = [];
      for (let i = 0; i < 5; i++)
        codes.push(
          /\b([2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4})\b/.exec((await smtp.waitFor(ADMIN_EMAIL, isAdmission)).text)![1],
        );
      assert.equal(new Set(codes.slice(0, 3)).size, 1, 'one browser asking again gets the same code');
      assert.equal(new Set(codes).size, 3, 'each other browser its own');
    });

    it('ten wrong app codes do not hold a recovery code back', async () => {
      await db().deleteFrom('rate_limits').execute();
      for (let i = 0; i < 11; i++) {
        const c = newBrowser();
        const { ticket } = (await c.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).body
          .secondStep;
        await c.post('/api/auth/second-step', { ticket, code: '000000' });
      }
      const c = newBrowser();
      const { ticket } = (await c.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).body
        .secondStep;
      assert.equal(
        (await c.post('/api/auth/second-step', { ticket, code: appCode(secret, 1) })).status,
        429,
        'app codes wait for the day',
      );
      const recovered = await c.post('/api/auth/second-step', { ticket, code: recoveryCodes[0] });
      assert.equal(recovered.status, 200, JSON.stringify(recovered.body));
      assert.ok(await signedIn(c));
    });

    it('sends at most 5 reset emails an hour per account, each the pending code again', async () => {
      await db().deleteFrom('rate_limits').execute();
      smtp.messages.length = 0;
      const statuses: number[] = [];
      for (let a = 0; a < 8; a++) {
        await db()
          .updateTable('password_resets')
          .set({ last_sent_at: new Date(Date.now() - 61_000).toISOString() })
          .execute();
        statuses.push((await from(400 + a).post('/api/auth/forget-password', { email: ADMIN_EMAIL })).status);
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429]);
      const codes = [];
      for (let i = 0; i < 5; i++)
        codes.push(/^\s*(\d{6})\s*$/m.exec((await smtp.waitFor(ADMIN_EMAIL, isResetCode)).text)![1]);
      assert.equal(new Set(codes).size, 1, 'the pending code, not a new one each time');
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(smtp.messages.filter(isResetCode).length, 5, 'five emails reached the owner, no more');
    });

    it('drops the password checks of sign-ins whose connection closed before their turn', async () => {
      await db().deleteFrom('rate_limits').execute();
      const { setHashCostForTests, hashPassword } = await import('../../src/server/features/auth/passwords.ts');
      setHashCostForTests('production');
      try {
        await db()
          .updateTable('users')
          .set({ password_hash: await hashPassword(ADMIN_PASSWORD) })
          .execute();
        const before = { ...hashCounts };
        // Eight sign-ins from eight addresses whose clients close their connections while the first hash runs.
        const body = JSON.stringify({ email: ADMIN_EMAIL, password: 'a guess' });
        const gone = Array.from({ length: 8 }, (_, i) => {
          const req = httpRequest(`${srv.url}/api/auth/login`, {
            method: 'POST',
            agent: false,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'x-forwarded-for': `127.0.3.${i + 1}`,
            },
          });
          req.on('error', () => undefined);
          req.end(body);
          return req;
        });
        await new Promise((r) => setTimeout(r, 200));
        for (const req of gone) req.destroy();
        // The owner's sign-in queues behind whatever is left: once it is answered, the queue has served or dropped the rest.
        const owner = newBrowser();
        assert.equal(
          (await owner.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
          200,
        );
        const ran = hashCounts.run - before.run;
        assert.ok(
          ran <= 3,
          `at most the hashes already running when the clients went, and the owner's: ${ran} ran, ${hashCounts.dropped - before.dropped} dropped`,
        );
      } finally {
        setHashCostForTests('cheap');
      }
    });
  });
}
