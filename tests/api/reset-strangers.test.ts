// npm test: serial load (a flood of production-cost hashes and a 200 ms head start).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, it } from 'node:test';
import { setHashCostForTests } from '../../src/server/features/auth/passwords.ts';
import { postFrom } from '../helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, describeEachEngine, type TestServer } from '../helpers/server.ts';
import { startSmtp, type SmtpReceiver } from '../helpers/smtp.ts';

// The flood below starves the owner only if each password check takes as long as in production:
// at the tests' cheap cost the 24 strangers would be done before the owner asks.
setHashCostForTests('production');

let smtp: SmtpReceiver;
before(async () => {
  smtp = await startSmtp();
});
after(() => smtp.close());

/** Each test starts with no limit counted. */
const forgetLimits = (server: TestServer) => server.app.ctx.db.deleteFrom('rate_limits').execute();

/**
 * Strangers (other addresses) cannot crowd the owner out of signing in. Their wrong reset codes are
 * in reset-wrong-codes.test.ts, which shares the machine: it needs no production-cost hash.
 */
describeEachEngine(
  "strangers and the owner's reset",
  (server) => {
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
