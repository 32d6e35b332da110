import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { postFrom, type HttpClient } from '../helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, describeEachEngine } from '../helpers/server.ts';
import { isResetCode, startSmtp, type SmtpReceiver } from '../helpers/smtp.ts';

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

let smtp: SmtpReceiver;
before(async () => {
  smtp = await startSmtp();
});
after(() => smtp.close());

describeEachEngine(
  'strangers cannot lock the owner out',
  (server) => {
    let owner: HttpClient;

    before(async () => {
      // The owner's browser has signed in before: it holds the device cookie.
      owner = await server().admin();
      assert.equal((await owner.post('/api/auth/logout')).status, 200);
      assert.equal((await owner.get('/api/auth/is-logged-in')).status, 401);
    });

    it("a flood of wrong passwords from many addresses is answered 429, and the owner's browser still signs in", async (t) => {
      const statuses: number[] = [];
      for (const from of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5']) {
        for (let i = 0; i < 12; i++)
          statuses.push(
            await postFrom(server().url, from, '/api/auth/login', {
              email: ADMIN_EMAIL,
              password: `guess-${from}-${i}`,
            }),
          );
      }
      t.diagnostic(`wrong-password flood: ${JSON.stringify(tally(statuses))}`);
      // 10 failures per address and account, 30 per account (the owner's own sign-in before, a
      // success, does not count): the rest is refused without a check.
      assert.deepEqual(tally(statuses), { 401: 30, 429: 18 });
      assert.deepEqual(statuses.slice(-12), Array<number>(12).fill(429), 'the last address is refused outright');
      // A stranger who now has the right password is held back too …
      assert.equal(
        await postFrom(server().url, '127.0.0.6', '/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
        429,
      );
      // … but the owner's browser is not.
      const signIn = await owner.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      assert.equal(signIn.status, 200, JSON.stringify(signIn.body));
      assert.equal((await owner.get('/api/auth/is-logged-in')).status, 200);
      // A forged or foreign device cookie is no pass.
      const forged = server().anon();
      forged.headers.cookie = 'device=b3duZXJAdGVzdC5leGFtcGxl.1.x.forged';
      assert.equal(
        (await forged.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
        429,
      );
    });

    it("a flood of reset requests is answered 429, and the owner's browser still receives a code and resets", async (t) => {
      const statuses: number[] = [];
      for (const from of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6']) {
        for (let i = 0; i < 6; i++)
          statuses.push(await postFrom(server().url, from, '/api/auth/forget-password', { email: ADMIN_EMAIL }));
      }
      t.diagnostic(`reset-request flood: ${JSON.stringify(tally(statuses))}`);
      assert.equal(statuses.filter((s) => s >= 500).length, 0);
      assert.ok(
        statuses.filter((s) => s === 200).length <= 1,
        'strangers get at most one code sent, then the cooldown and the limits',
      );
      assert.deepEqual(statuses.slice(-6), Array<number>(6).fill(429), 'the last address is refused outright');
      smtp.messages.length = 0;

      const asked = await owner.post('/api/auth/forget-password', { email: ADMIN_EMAIL });
      assert.equal(asked.status, 200, JSON.stringify(asked.body));
      const mail = await smtp.waitFor(ADMIN_EMAIL, isResetCode);
      const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
      assert.ok(code, 'the owner receives a code');
      // Code checks from strangers are limited the same way; the owner's check goes through.
      for (const from of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5']) {
        for (let i = 0; i < 11; i++)
          await postFrom(server().url, from, '/api/auth/verify-reset-password', { email: ADMIN_EMAIL, otp: '000000' });
      }
      const verified = await owner.post('/api/auth/verify-reset-password', { email: ADMIN_EMAIL, otp: code });
      // The strangers' wrong guesses may have killed this code (5 tries): then the owner asks again.
      if (verified.status !== 200) {
        assert.match(verified.body.message, /code/i);
        assert.equal((await owner.post('/api/auth/forget-password', { email: ADMIN_EMAIL })).status, 200);
        const again = /^\s*(\d{6})\s*$/m.exec((await smtp.waitFor(ADMIN_EMAIL, isResetCode)).text)?.[1];
        const retry = await owner.post('/api/auth/verify-reset-password', { email: ADMIN_EMAIL, otp: again });
        assert.equal(retry.status, 200, JSON.stringify(retry.body));
        verified.body = retry.body;
      }
      const reset = await owner.put(
        '/api/auth/reset-password',
        { password: ADMIN_PASSWORD },
        { authorization: `Bearer ${verified.body.token as string}` },
      );
      assert.equal(reset.status, 200, JSON.stringify(reset.body));
    });
  },
  {
    get SMTP_URL() {
      return smtp.url;
    },
  } as Record<string, string>,
);
