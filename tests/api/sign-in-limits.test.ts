import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { postFrom } from '../helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, describeEachEngine } from '../helpers/server.ts';
import { isResetCode, startSmtp, type SmtpReceiver } from '../helpers/smtp.ts';

let smtp: SmtpReceiver;
before(async () => {
  smtp = await startSmtp();
});
after(() => smtp.close());

/**
 * The limits on calls that check a secret count failures, not tries: a client of the API contract
 * that signs in afresh for each task (no cookies kept, one address) is never held back by its own
 * successes. Each test sends from its own loopback address, so the tests do not share counters.
 */
describeEachEngine(
  'sign-in limits count failures',
  (server) => {
    const right = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    const wrong = (i: number) => ({ email: ADMIN_EMAIL, password: `wrong-${i}` });

    it('lets 15 right sign-ins in a row from one address through', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) statuses.push(await postFrom(server().url, '127.0.0.21', '/api/auth/login', right));
      assert.deepEqual(statuses, Array<number>(15).fill(200));
    });

    it("forgets an address's failures at the account once it signs in", async () => {
      const from = '127.0.0.22';
      const statuses: number[] = [];
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 8; i++) statuses.push(await postFrom(server().url, from, '/api/auth/login', wrong(i)));
        statuses.push(await postFrom(server().url, from, '/api/auth/login', right));
      }
      assert.deepEqual(statuses, [...Array<number>(8).fill(401), 200, ...Array<number>(8).fill(401), 200]);
      // The failures still count: 20 a minute from one address, 10 at one account in 15 minutes.
      const more: number[] = [];
      for (let i = 0; i < 11; i++) more.push(await postFrom(server().url, from, '/api/auth/login', wrong(i)));
      const firstRefused = more.indexOf(429);
      assert.ok(firstRefused > 0 && firstRefused <= 10, JSON.stringify(more));
      assert.deepEqual(more.slice(firstRefused), Array<number>(11 - firstRefused).fill(429));
      assert.equal(
        await postFrom(server().url, from, '/api/auth/login', right),
        429,
        'the right password waits too, once the limit is reached',
      );
    });

    it('counts every reset email sent, successful or not', async () => {
      // The mailer is guarded by what is sent: 5 an hour per account and address. The owner's browser
      // (signed in before, so no cooldown between codes) gets five codes, and the sixth request waits.
      const owner = await server().admin();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await owner.post('/api/auth/forget-password', { email: ADMIN_EMAIL })).status);
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
      // Five emails went out (sent after the answers): taken here, so that none arrives late in the
      // next test and is read there as the code it asked for.
      for (let i = 0; i < 5; i++) await smtp.waitFor(ADMIN_EMAIL, isResetCode);
    });

    it("forgets an address's wrong codes once a right code goes through", async () => {
      const from = '127.0.0.24';
      const statuses: number[] = [];
      // Three rounds: 12 wrong codes in all, past the 10 an address may get wrong at one account.
      for (let round = 0; round < 3; round++) {
        smtp.messages.length = 0;
        // The cooldown between codes is not what this test is about: wait it out.
        await server()
          .app.ctx.db.updateTable('password_resets')
          .set({ last_sent_at: new Date(0).toISOString() })
          .execute();
        assert.equal(
          await postFrom(server().url, '127.0.0.25', '/api/auth/forget-password', { email: ADMIN_EMAIL }),
          200,
        );
        const code = /^\s*(\d{6})\s*$/m.exec((await smtp.waitFor(ADMIN_EMAIL, isResetCode)).text)?.[1];
        assert.ok(code);
        // Four wrong codes (the code itself survives four), then the right one, from the same address.
        for (let i = 0; i < 4; i++)
          statuses.push(
            await postFrom(server().url, from, '/api/auth/verify-reset-password', {
              email: ADMIN_EMAIL,
              otp: code === '000000' ? '111111' : '000000',
            }),
          );
        statuses.push(
          await postFrom(server().url, from, '/api/auth/verify-reset-password', { email: ADMIN_EMAIL, otp: code }),
        );
      }
      assert.deepEqual(statuses, [400, 400, 400, 400, 200, 400, 400, 400, 400, 200, 400, 400, 400, 400, 200]);
    });
  },
  {
    get SMTP_URL() {
      return smtp.url;
    },
  } as Record<string, string>,
);
