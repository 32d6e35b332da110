import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import { buildApp } from '../../src/server/app.ts';
import { hashPassword } from '../../src/server/features/auth/passwords.ts';
import { loadConfig } from '../../src/server/config.ts';
import { HttpClient } from '../helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines, startServer, type TestServer } from '../helpers/server.ts';
import { isResetCode, startSmtp, type ReceivedMail, type SmtpReceiver } from '../helpers/smtp.ts';

const codeIn = (mail: ReceivedMail): string => {
  const match = /^\s*(\d{6})\s*$/m.exec(mail.text);
  assert.ok(match, `no 6-digit code on a line of its own in:\n${mail.text}`);
  return match[1]!;
};
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const unknownEmail = () => `nobody-${Math.random().toString(36).slice(2)}@test.example`;

for (const engine of engines()) {
  describe(`password reset [${engine}]`, () => {
    let smtp: SmtpReceiver;
    let srv: TestServer;
    let ip = 0;
    before(async () => {
      smtp = await startSmtp();
      // TRUST_PROXY lets each test speak from its own address, so per-IP limits never couple tests.
      srv = await startServer(engine, {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Site <no-reply@test.example>',
        TRUST_PROXY: 'true',
      });
    });
    after(async () => {
      await srv?.close();
      await smtp?.close();
    });

    const newAddress = () => {
      ip++;
      return `198.51.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
    };
    const client = (): HttpClient => {
      const c = srv.anon();
      c.headers['x-forwarded-for'] = newAddress();
      return c;
    };
    const db = () => srv.app.ctx.db;
    // Moves the last send of every pending code a minute back (a real write), so the next request is not in the cooldown.
    const endCooldown = () =>
      db()
        .updateTable('password_resets')
        .set({ last_sent_at: new Date(Date.now() - 61_000).toISOString() })
        .execute();
    const requestCode = async (c: HttpClient): Promise<string> => {
      await endCooldown();
      // Each test's code stands for another hour: the account is sent at most 5 reset emails an hour.
      await db().deleteFrom('rate_limits').execute();
      const res = await c.post('/api/auth/forget-password', { email: ADMIN_EMAIL });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return codeIn(await smtp.waitFor(ADMIN_EMAIL, isResetCode));
    };
    const verify = (c: HttpClient, otp: string, email = ADMIN_EMAIL) =>
      c.post('/api/auth/verify-reset-password', { email, otp });
    const restoreAdminPassword = async () => {
      await db()
        .updateTable('users')
        .set({ password_hash: await hashPassword(ADMIN_PASSWORD) })
        .where('email', '=', ADMIN_EMAIL)
        .execute();
    };

    it('resets the password through the emailed code, signs out other sessions and signs this browser in', async () => {
      const older = await srv.admin();
      assert.equal((await older.get('/api/auth/is-logged-in')).status, 200);
      const c = client();
      await endCooldown();
      const asked = await c.post('/api/auth/forget-password', { email: ADMIN_EMAIL.toUpperCase() });
      assert.equal(asked.status, 200);
      assert.equal(typeof asked.body.message, 'string');

      const mail = await smtp.waitFor(ADMIN_EMAIL, isResetCode);
      assert.match(mail.from, /no-reply@test\.example/);
      assert.match(mail.subject, /كلمة المرور/);
      assert.match(mail.subject, /Password reset/);
      const arText = mail.text.indexOf('استخدم هذا الرمز');
      assert.ok(arText >= 0 && arText < mail.text.indexOf('Use this code'), 'Arabic text comes before English');
      const arHtml = mail.html.indexOf('dir="rtl" lang="ar"');
      assert.ok(
        arHtml >= 0 && arHtml < mail.html.indexOf('lang="en"'),
        'the Arabic block comes before the English one',
      );
      assert.match(mail.text, /10 minutes/);
      assert.match(mail.text, /ignore this email/);
      const code = codeIn(mail);
      assert.ok(mail.html.includes(`>${code}<`), 'the code stands on its own in the HTML');
      assert.ok(mail.html.includes(`${srv.app.ctx.config.publicUrl}/auth/login`));
      assert.ok(mail.html.includes(`${srv.app.ctx.config.publicUrl}/en/auth/login`));

      const verified = await verify(c, code);
      assert.equal(verified.status, 200, JSON.stringify(verified.body));
      assert.equal(typeof verified.body.message, 'string');
      assert.ok(verified.body.token.length >= 32);

      const newPassword = 'a brand new passphrase';
      try {
        const reset = await c.put(
          '/api/auth/reset-password',
          { password: newPassword },
          { authorization: `Bearer ${verified.body.token}` },
        );
        assert.equal(reset.status, 200, JSON.stringify(reset.body));
        assert.match(reset.body.message, /Welcome Back/);
        const cookie = reset.headers.getSetCookie().find((l) => l.startsWith('sid='));
        assert.ok(
          cookie && /HttpOnly/i.test(cookie) && /SameSite=Lax/i.test(cookie),
          'the reset signs this browser in',
        );
        assert.equal((await c.get('/api/auth/is-logged-in')).status, 200);
        assert.equal((await older.get('/api/auth/is-logged-in')).status, 401, 'the older session was signed out');

        const oldLogin = await client().post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
        assert.equal(oldLogin.status, 401);
        const newLogin = await client().post('/api/auth/login', { email: ADMIN_EMAIL, password: newPassword });
        assert.equal(newLogin.status, 200);
      } finally {
        await restoreAdminPassword();
      }
    });

    it('answers an unknown email exactly as it answers the admin, and sends it nothing', async () => {
      let nobody = '';
      for (const path of ['/api/auth/forget-password', '/api/auth/resend-otp']) {
        nobody = unknownEmail();
        await endCooldown();
        const stranger = await client().post(path, { email: nobody });
        await endCooldown();
        const owner = await client().post(path, { email: ADMIN_EMAIL });
        assert.equal(stranger.status, 200);
        assert.deepEqual(stranger.body, owner.body, path);
        await smtp.waitFor(ADMIN_EMAIL, isResetCode);
      }
      // Asking again at once meets the same cooldown, and a guess meets the same try counter.
      const strangerAgain = await client().post('/api/auth/forget-password', { email: nobody });
      const ownerAgain = await client().post('/api/auth/forget-password', { email: ADMIN_EMAIL });
      assert.equal(strangerAgain.status, 429);
      assert.equal(ownerAgain.status, 429);
      assert.match(strangerAgain.body.message, /wait \d+ seconds/);
      // A guess from a browser that did not ask for the code (a fresh client) meets the same answer.
      const strangerGuess = await verify(client(), '123456', nobody);
      const ownerGuess = await verify(client(), '123456');
      assert.equal(strangerGuess.status, 400);
      assert.equal(strangerGuess.body.message, 'Wrong code. Please check the code in the email and try again.');
      assert.deepEqual(strangerGuess.body, ownerGuess.body);
      assert.ok(!smtp.messages.some((m) => m.to.includes(nobody)), 'no email to an address without an account');
    });

    it('refuses a new email within 60 seconds with 429; a live code is sent again, an expired one replaced', async () => {
      const c = client();
      const first = await requestCode(c);
      for (const path of ['/api/auth/resend-otp', '/api/auth/forget-password']) {
        const again = await c.post(path, { email: ADMIN_EMAIL });
        assert.equal(again.status, 429, path);
        const seconds = Number(/wait (\d+) seconds/.exec(again.body.message)?.[1]);
        assert.ok(seconds >= 1 && seconds <= 60, again.body.message);
        assert.equal(again.headers.get('retry-after'), String(seconds));
      }
      // While the code is live, a new request (this browser's or a stranger's) sends the same code again:
      // nobody can replace the code the owner is about to type.
      await endCooldown();
      const stranger = client();
      assert.equal((await stranger.post('/api/auth/forget-password', { email: ADMIN_EMAIL })).status, 200);
      assert.equal(codeIn(await smtp.waitFor(ADMIN_EMAIL, isResetCode)), first, 'the pending code, sent again');
      await endCooldown();
      assert.equal((await c.post('/api/auth/resend-otp', { email: ADMIN_EMAIL })).status, 200);
      assert.equal(codeIn(await smtp.waitFor(ADMIN_EMAIL, isResetCode)), first);
      // The stranger who asked has tries of its own: spending them leaves the owner's browser its five.
      for (let i = 0; i < 5; i++) assert.equal((await verify(stranger, otherCode(first))).status, 400);
      assert.match((await verify(stranger, first)).body.message, /5 wrong tries/);
      // Once the code has expired, a request makes a new one; a fresh code repeats the old one by chance
      // once in a million: ask again until it differs (a few times at most).
      let second = first;
      for (let asked = 0; second === first && asked < 3; asked++) {
        await db().deleteFrom('rate_limits').execute();
        await db()
          .updateTable('password_resets')
          .set({
            expires_at: new Date(Date.now() - 1000).toISOString(),
            last_sent_at: new Date(Date.now() - 61_000).toISOString(),
          })
          .execute();
        const resent = await c.post('/api/auth/resend-otp', { email: ADMIN_EMAIL });
        assert.equal(resent.status, 200);
        second = codeIn(await smtp.waitFor(ADMIN_EMAIL, isResetCode));
      }
      assert.notEqual(second, first, 'a new code once the old one expired');
      assert.equal((await verify(c, first)).status, 400, 'the replaced code no longer works');
      assert.equal((await verify(c, second)).status, 200);
    });

    it('kills a code after 5 wrong tries, telling how many remain', async () => {
      const c = client();
      const code = await requestCode(c);
      const wrong = otherCode(code);
      for (const left of [4, 3, 2, 1]) {
        const res = await verify(c, wrong);
        assert.equal(res.status, 400);
        assert.equal(res.body.message, `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
      }
      const fifth = await verify(c, wrong);
      assert.equal(fifth.status, 400);
      assert.match(fifth.body.message, /last try.*request a new code/);
      const right = await verify(c, code);
      assert.equal(right.status, 400, 'the right code is dead too');
      assert.match(right.body.message, /5 wrong tries.*request a new code/);
    });

    it('accepts a code once', async () => {
      const c = client();
      const code = await requestCode(c);
      assert.equal((await verify(c, code)).status, 200);
      const again = await verify(c, code);
      assert.equal(again.status, 400);
      assert.match(again.body.message, /already been used/);
    });

    it('refuses an expired code', async () => {
      const c = client();
      const code = await requestCode(c);
      await db()
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      const res = await verify(c, code);
      assert.equal(res.status, 400);
      assert.match(res.body.message, /expired/);
    });

    it('validates the code and the email', async () => {
      const c = client();
      for (const [body, field] of [
        [{ email: ADMIN_EMAIL, otp: '12345' }, 'otp'],
        [{ email: ADMIN_EMAIL, otp: '12a456' }, 'otp'],
        [{ email: ADMIN_EMAIL }, 'otp'],
        [{ otp: '123456' }, 'email'],
        [{ email: 'not-an-email', otp: '123456' }, 'email'],
      ] as const) {
        const res = await c.post('/api/auth/verify-reset-password', body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.match(res.body.message, new RegExp(field));
      }
      for (const path of ['/api/auth/forget-password', '/api/auth/resend-otp']) {
        const res = await c.post(path, { email: 'nope' });
        assert.equal(res.status, 400);
        assert.match(res.body.message, /email/);
      }
    });

    it('uses the reset token once, only for reset-password, never as a session', async () => {
      const c = client();
      const { token } = (await verify(c, await requestCode(c))).body;
      const bearer = { authorization: `Bearer ${token}` };
      assert.equal((await client().post('/api/word/', { word: 'not allowed' }, bearer)).status, 401);
      assert.equal((await client().get('/api/auth/is-logged-in', bearer)).status, 401);

      assert.equal((await c.put('/api/auth/reset-password', { password: ADMIN_PASSWORD })).status, 401, 'no token');
      assert.equal(
        (await c.put('/api/auth/reset-password', { password: ADMIN_PASSWORD }, { authorization: 'Bearer nonsense' }))
          .status,
        401,
      );
      const short = await c.put('/api/auth/reset-password', { password: 'short' }, bearer);
      assert.equal(short.status, 400);
      assert.match(short.body.message, /password/);
      assert.equal((await c.put('/api/auth/reset-password', { password: 'x'.repeat(201) }, bearer)).status, 400);

      const done = await c.put('/api/auth/reset-password', { password: ADMIN_PASSWORD }, bearer);
      assert.equal(done.status, 200, JSON.stringify(done.body));
      const reused = await c.put('/api/auth/reset-password', { password: 'another passphrase' }, bearer);
      assert.equal(reused.status, 401);
      assert.equal(typeof reused.body.message, 'string');
      assert.equal(
        (await client().post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
        200,
      );
    });

    it('refuses an expired reset token with 401', async () => {
      const c = client();
      const { token } = (await verify(c, await requestCode(c))).body;
      await db()
        .updateTable('password_resets')
        .set({ reset_token_expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      const res = await c.put(
        '/api/auth/reset-password',
        { password: 'a brand new passphrase' },
        { authorization: `Bearer ${token}` },
      );
      assert.equal(res.status, 401);
      assert.equal(
        (await client().post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
        200,
        'password unchanged',
      );
    });

    it('limits requests per address and per account with 429', async () => {
      const c = client();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await c.post('/api/auth/forget-password', { email: unknownEmail() })).status);
      assert.deepEqual(statuses.slice(0, 10), Array(10).fill(200));
      assert.equal(statuses[10], 429);

      // Guesses for one account from many addresses still hit the account's limit.
      const target = unknownEmail();
      let last = await verify(client(), '000000', target);
      for (let i = 0; i < 30 && last.status !== 429; i++) last = await verify(client(), '000000', target);
      assert.equal(last.status, 429);
      assert.match(last.body.message, /account/);
    });
  });
}

/** Waits for the first .eml in the folder: the mailer writes it just after the answer goes out. */
async function firstEml(dir: string): Promise<string> {
  for (let i = 0; i < 500; i++) {
    const files = (() => {
      try {
        return readdirSync(dir).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
    })();
    if (files.length > 0) return join(dir, files[0]!);
    await sleep(20);
  }
  throw new Error(`no .eml file in ${dir}`);
}

// The outbox and the log stream do not depend on the database engine, so this runs once, on SQLite.
describe('password reset email without SMTP_URL', () => {
  it('writes the email to DATA_DIR/outbox, and logs never hold the code, the token or the password', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'site-test-'));
    const lines: string[] = [];
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, SEED_DEMO: 'false', PORT: '0' });
    const app = await buildApp(config, {
      logger: {
        level: 'trace',
        stream: {
          write: (line: string) => {
            lines.push(line);
          },
        },
      },
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const c = new HttpClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      assert.equal((await c.post('/api/auth/forget-password', { email: ADMIN_EMAIL })).status, 200);

      const mail = await simpleParser(readFileSync(await firstEml(join(dataDir, 'outbox'))));
      assert.match(mail.subject ?? '', /Password reset/);
      assert.equal((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address, ADMIN_EMAIL);
      const code = /^\s*(\d{6})\s*$/m.exec(mail.text ?? '')?.[1];
      assert.ok(code, 'the outbox email carries the code');

      const { token } = (await c.post('/api/auth/verify-reset-password', { email: ADMIN_EMAIL, otp: code })).body;
      const password = 'outbox passphrase 42';
      const reset = await c.put('/api/auth/reset-password', { password }, { authorization: `Bearer ${token}` });
      assert.equal(reset.status, 200);
      const session = /^sid=([^;]+)/.exec(reset.headers.getSetCookie().find((l) => l.startsWith('sid=')) ?? '')?.[1];
      assert.ok(session);

      const log = lines.join('');
      assert.match(log, /outbox/, 'the server says where the email went');
      assert.match(log, /reset-password/, 'requests are logged at all');
      // Log lines are full of timestamps, so the code counts only as a number of its own.
      assert.doesNotMatch(log, new RegExp(`(?<!\\d)${code}(?!\\d)`), 'the code reached the log');
      for (const secret of [token, password, session]) assert.ok(!log.includes(secret), 'a secret reached the log');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
