import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { MAX_STRANGER_GUESSES_PER_DAY } from '../../src/server/features/auth/password-reset.ts';
import { HttpClient, postFrom } from '../helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, describeEachEngine, type TestServer } from '../helpers/server.ts';
import { isResetCode, startSmtp, type SmtpReceiver } from '../helpers/smtp.ts';

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

/**
 * Strangers (other addresses, other browsers) cannot take the owner's way back in with wrong codes.
 * A flood of sign-ins that would starve the owner's is in reset-strangers.test.ts, which runs alone.
 */
describeEachEngine(
  "strangers' wrong codes and the owner's reset",
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
  },
  {
    get SMTP_URL() {
      return smtp.url;
    },
  } as Record<string, string>,
);
