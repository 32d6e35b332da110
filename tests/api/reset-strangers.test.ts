// npm test: serial (a flood of production-cost hashes and a 200 ms head start).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, it } from 'node:test';
import { MAX_STRANGER_GUESSES_PER_DAY } from '../../src/server/features/auth/password-reset.ts';
import { setHashCostForTests } from '../../src/server/features/auth/passwords.ts';
import { HttpClient, postFrom } from '../helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, describeEachEngine, type TestServer } from '../helpers/server.ts';
import { isResetCode, startSmtp, type SmtpReceiver } from '../helpers/smtp.ts';

// The flood below starves the owner only if each password check takes as long as in production:
// at the tests' cheap cost the 24 strangers would be done before the owner asks.
setHashCostForTests('production');

let smtp: SmtpReceiver;
before(async () => {
  smtp = await startSmtp();
});
after(() => smtp.close());

/** A new code for the admin, asked for by `client` (the cooldown between codes is waited out first). */
async function askForCode(server: TestServer, client: HttpClient): Promise<string> {
  await server.app.ctx.db
    .updateTable('password_resets')
    .set({ last_sent_at: new Date(0).toISOString() })
    .execute();
  smtp.messages.length = 0;
  const asked = await client.post('/api/auth/forget-password', { email: ADMIN_EMAIL });
  assert.equal(asked.status, 200, JSON.stringify(asked.body));
  const code = /^\s*(\d{6})\s*$/m.exec((await smtp.waitFor(ADMIN_EMAIL, isResetCode)).text)?.[1];
  assert.ok(code);
  return code;
}

/** Each test starts with no limit counted (they share one server). */
const forgetLimits = (server: TestServer) => server.app.ctx.db.deleteFrom('rate_limits').execute();

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** Strangers (other addresses, other browsers) cannot take the owner's way back in. */
describeEachEngine(
  "strangers and the owner's reset",
  (server) => {
    it("does not let wrong codes from other browsers spend the owner's code", async () => {
      await forgetLimits(server());
      const owner = server().anon();
      const code = await askForCode(server(), owner);
      const statuses: number[] = [];
      for (const from of ['127.0.0.41', '127.0.0.42']) {
        for (let i = 0; i < 6; i++)
          statuses.push(
            await postFrom(server().url, from, '/api/auth/verify-reset-password', {
              email: ADMIN_EMAIL,
              otp: wrongFor(code),
            }),
          );
      }
      assert.deepEqual(statuses, Array<number>(12).fill(400));
      const verified = await owner.post('/api/auth/verify-reset-password', { email: ADMIN_EMAIL, otp: code });
      assert.equal(verified.status, 200, JSON.stringify(verified.body));
      const reset = await owner.put(
        '/api/auth/reset-password',
        { password: ADMIN_PASSWORD },
        { authorization: `Bearer ${verified.body.token as string}` },
      );
      assert.equal(reset.status, 200);
    });

    it('counts at most 25 wrong codes a day from other browsers, and never holds back the one that asked', async () => {
      await forgetLimits(server());
      const owner = server().anon();
      const code = await askForCode(server(), owner);
      const statuses: number[] = [];
      for (let a = 0; a < 6; a++) {
        for (let i = 0; i < 5; i++)
          statuses.push(
            await postFrom(server().url, `127.0.0.${51 + a}`, '/api/auth/verify-reset-password', {
              email: ADMIN_EMAIL,
              otp: wrongFor(code),
            }),
          );
      }
      assert.deepEqual(statuses, [
        ...Array<number>(MAX_STRANGER_GUESSES_PER_DAY).fill(400),
        ...Array<number>(30 - MAX_STRANGER_GUESSES_PER_DAY).fill(429),
      ]);
      // Even the right code waits now, from anywhere but the browser that asked for it …
      const elsewhere = server().anon();
      const refused = await elsewhere.post('/api/auth/verify-reset-password', { email: ADMIN_EMAIL, otp: code });
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers.get('retry-after')) > 23 * 3600, 'for the rest of the day');
      // … where its own tries are still all there: a wrong one says so, and the right one goes through.
      const typo = await owner.post('/api/auth/verify-reset-password', { email: ADMIN_EMAIL, otp: wrongFor(code) });
      assert.equal(typo.body.message, 'Wrong code. 4 tries left.');
      assert.equal(
        (await owner.post('/api/auth/verify-reset-password', { email: ADMIN_EMAIL, otp: code })).status,
        200,
      );
    });

    it('lets a client that keeps no cookies reset with the right code', async () => {
      await forgetLimits(server());
      const code = await askForCode(server(), server().anon());
      const verified = await server().anon().post('/api/auth/verify-reset-password', { email: ADMIN_EMAIL, otp: code });
      assert.equal(verified.status, 200, JSON.stringify(verified.body));
    });

    it("does not let sign-ins with unknown emails from many addresses starve the owner's", async () => {
      await forgetLimits(server());
      const ownersBrowser = await server().admin();
      const signIn = (from: string) =>
        postFrom(server().url, from, '/api/auth/login', {
          email: `${randomBytes(6).toString('hex')}@test.example`,
          password: 'guess',
        });
      // 24 addresses at once, each inside every limit of its own: more password checks than one queue
      // of 16 held, which answered the owner 429 "Too many sign-in attempts at once".
      const flood = Array.from({ length: 24 }, (_, a) => signIn(`127.0.1.${a + 1}`));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const fromNewBrowser = postFrom(server().url, '127.0.2.1', '/api/auth/login', {
        email: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
      });
      const fromOwnBrowser = ownersBrowser.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      assert.equal((await fromOwnBrowser).status, 200, 'the browser that signed in before');
      assert.equal(await fromNewBrowser, 200, 'a browser new to the account');
      const statuses = await Promise.all(flood);
      assert.deepEqual([...new Set(statuses)].sort(), [401], 'each stranger waits for its turn (and is told no)');
    });
  },
  {
    get SMTP_URL() {
      return smtp.url;
    },
  } as Record<string, string>,
);
