// npm test: serial (no email sent within half a second).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SEEN_EVERY_MS } from '../../src/server/features/auth/sessions.ts';
import { HttpClient } from '../helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines, startServer, type TestServer } from '../helpers/server.ts';
import { isNewSignIn, startSmtp, type SmtpReceiver } from '../helpers/smtp.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const NEW_PASSWORD = 'a brand new passphrase';

/** A browser of its own (its own cookies) signed in with `userAgent`. */
async function signInAs(server: TestServer, userAgent: string, password = ADMIN_PASSWORD): Promise<HttpClient> {
  const client = server.anon();
  client.headers['user-agent'] = userAgent;
  const res = await client.post('/api/auth/login', { email: ADMIN_EMAIL, password });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return client;
}

interface Listed {
  id: string;
  browser: string | null;
  os: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

for (const engine of engines()) {
  describe(`the owner's sessions and password [${engine}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startServer(engine, { TRUST_PROXY: 'true' });
    });
    after(async () => {
      await server.close();
    });
    const signIn = (userAgent: string, password = ADMIN_PASSWORD) => signInAs(server, userAgent, password);
    const list = async (client: HttpClient): Promise<Listed[]> => {
      const res = await client.get<{ data: Listed[] }>('/api/auth/sessions');
      assert.equal(res.status, 200);
      return res.body.data;
    };
    const signedIn = async (client: HttpClient) => (await client.get('/api/auth/is-logged-in')).status === 200;
    const endAllSessions = async () => {
      await server.app.ctx.db.deleteFrom('sessions').execute();
    };
    /** Ending another session needs the re-check of the last 5 minutes (the password again). */
    const recheck = async (client: HttpClient) => {
      const res = await client.post('/api/auth/recheck', { password: ADMIN_PASSWORD });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    };

    it('needs a session for every call', async () => {
      const anon = server.anon();
      assert.equal((await anon.get('/api/auth/sessions')).status, 401);
      assert.equal((await anon.delete('/api/auth/sessions')).status, 401);
      assert.equal((await anon.delete('/api/auth/sessions/0190a8a0-0000-7000-8000-000000000000')).status, 401);
      assert.equal(
        (await anon.put('/api/auth/password', { currentPassword: ADMIN_PASSWORD, newPassword: NEW_PASSWORD })).status,
        401,
      );
    });

    it('lists the sessions with browser and system in words, marks this one, and shows no token or digest', async () => {
      await endAllSessions();
      const firefox = await signIn(FIREFOX_LINUX);
      const safari = await signIn(SAFARI_IPHONE);
      const seen = await list(firefox);
      assert.equal(seen.length, 2);
      const mine = seen.find((s) => s.current);
      const other = seen.find((s) => !s.current);
      assert.deepEqual([mine?.browser, mine?.os], ['Firefox 128', 'Linux']);
      assert.deepEqual([other?.browser, other?.os], ['Safari 17.5', 'iOS 17.5']);
      assert.ok(mine!.createdAt <= mine!.lastSeenAt);
      const rows = await server.app.ctx.db.selectFrom('sessions').select(['id', 'public_id']).execute();
      const answer = JSON.stringify(seen);
      for (const row of rows) assert.equal(answer.includes(row.id), false, 'the digest of a token is not shown');
      assert.deepEqual(new Set(seen.map((s) => s.id)), new Set(rows.map((r) => r.public_id)));
      assert.equal(answer.includes(firefox.cookieHeader.match(/sid=([^;]+)/)![1]!), false, 'no token is shown');
      // The other browser sees the same two, itself marked.
      assert.equal((await list(safari)).find((s) => s.current)?.id, other!.id);
    });

    it('ends one session; ending it again is 404, and ending this one signs out', async () => {
      await endAllSessions();
      const a = await signIn(FIREFOX_LINUX);
      const b = await signIn(SAFARI_IPHONE);
      const bId = (await list(b)).find((s) => s.current)!.id;
      assert.equal((await a.delete(`/api/auth/sessions/${bId}`)).status, 403, 'not without the re-check');
      assert.equal(await signedIn(b), true);
      await recheck(a);
      const ended = await a.delete(`/api/auth/sessions/${bId}`);
      assert.deepEqual([ended.status, ended.body.message], [200, 'Session ended']);
      assert.equal(await signedIn(b), false, 'the ended browser is signed out');
      assert.equal(await signedIn(a), true, 'the browser that ended it is not');
      assert.equal((await a.delete(`/api/auth/sessions/${bId}`)).status, 404);

      const aId = (await list(a)).find((s) => s.current)!.id;
      const own = await a.delete(`/api/auth/sessions/${aId}`);
      assert.deepEqual([own.status, own.body.message], [200, 'Signed out']);
      assert.match(own.headers.getSetCookie().join('\n'), /sid=;/, 'the session cookie is cleared');
      assert.equal(await signedIn(a), false);
    });

    it('does not end a session of another account', async () => {
      await endAllSessions();
      const { db } = server.app.ctx;
      const now = new Date().toISOString();
      await db
        .insertInto('users')
        .values({
          id: 'someone-else',
          email: 'else@test.example',
          password_hash: 'x',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('sessions')
        .values({
          id: 'their-digest',
          public_id: 'their-session',
          user_id: 'someone-else',
          created_at: now,
          last_seen_at: now,
          expires_at: new Date(Date.now() + 60_000).toISOString(),
          user_agent: '',
        })
        .execute();
      const a = await signIn(FIREFOX_LINUX);
      assert.equal(
        (await list(a)).some((s) => s.id === 'their-session'),
        false,
        'not listed',
      );
      await recheck(a);
      assert.equal((await a.delete('/api/auth/sessions/their-session')).status, 404);
      assert.ok(
        await db.selectFrom('sessions').select('id').where('public_id', '=', 'their-session').executeTakeFirst(),
        'still there',
      );
      await db.deleteFrom('users').where('id', '=', 'someone-else').execute();
    });

    it('signs out all other devices and keeps this one', async () => {
      await endAllSessions();
      const a = await signIn(FIREFOX_LINUX);
      const others = [await signIn(SAFARI_IPHONE), await signIn(FIREFOX_LINUX)];
      assert.equal((await a.delete('/api/auth/sessions')).status, 403, 'not without the re-check');
      await recheck(a);
      const res = await a.delete('/api/auth/sessions');
      assert.deepEqual([res.status, res.body.message], [200, '2 other sessions ended']);
      assert.equal(await signedIn(a), true);
      for (const b of others) assert.equal(await signedIn(b), false);
      assert.deepEqual(
        (await list(a)).map((s) => s.current),
        [true],
      );
    });

    it('writes when a session was last used at most every few minutes', async () => {
      await endAllSessions();
      const a = await signIn(FIREFOX_LINUX);
      const { db } = server.app.ctx;
      const lastSeen = async () =>
        (await db.selectFrom('sessions').select('last_seen_at').executeTakeFirstOrThrow()).last_seen_at;
      const setLastSeen = (msAgo: number) =>
        db
          .updateTable('sessions')
          .set({ last_seen_at: new Date(Date.now() - msAgo).toISOString() })
          .execute();

      await setLastSeen(SEEN_EVERY_MS / 2);
      const recent = await lastSeen();
      assert.equal(await signedIn(a), true);
      assert.equal(await lastSeen(), recent, 'not written again within the interval');

      await setLastSeen(SEEN_EVERY_MS * 2);
      const stale = await lastSeen();
      assert.equal(await signedIn(a), true);
      assert.ok((await lastSeen()) > stale, 'written once the interval has passed');
      assert.equal((await list(a))[0]!.lastSeenAt, await lastSeen());
    });

    it('counts wrong current passwords as failed tries and refuses them with a field message', async () => {
      await endAllSessions();
      const a = await signIn(FIREFOX_LINUX);
      const from = { 'x-forwarded-for': '192.0.2.50' };
      for (let i = 0; i < 5; i++) {
        const wrong = await a.put(
          '/api/auth/password',
          { currentPassword: 'not the password', newPassword: NEW_PASSWORD },
          from,
        );
        assert.deepEqual([wrong.status, wrong.body.message], [400, 'The current password is incorrect.']);
      }
      const refused = await a.put(
        '/api/auth/password',
        { currentPassword: 'not the password', newPassword: NEW_PASSWORD },
        from,
      );
      assert.equal(refused.status, 429, 'the sixth wrong try from one address is refused');
      assert.ok(Number(refused.headers.get('retry-after')) > 0);
      // Even the right password waits there, so the limit cannot be probed around.
      assert.equal(
        (await a.put('/api/auth/password', { currentPassword: ADMIN_PASSWORD, newPassword: NEW_PASSWORD }, from))
          .status,
        429,
      );
      // A new password that breaks the rules is refused before anything is checked.
      const short = await a.put(
        '/api/auth/password',
        { currentPassword: ADMIN_PASSWORD, newPassword: 'short' },
        { 'x-forwarded-for': '192.0.2.51' },
      );
      assert.deepEqual([short.status, short.body.message], [400, 'newPassword must be at least 8 characters']);
      assert.equal(await signedIn(a), true, 'wrong tries do not sign out');
    });

    it('changes the password with the right current one, ends the other sessions and keeps this one', async () => {
      await endAllSessions();
      const a = await signIn(FIREFOX_LINUX);
      const b = await signIn(SAFARI_IPHONE);
      const res = await a.put(
        '/api/auth/password',
        { currentPassword: ADMIN_PASSWORD, newPassword: NEW_PASSWORD },
        { 'x-forwarded-for': '192.0.2.60' },
      );
      assert.deepEqual([res.status, res.body.message], [200, 'Password changed. Other devices have been signed out.']);
      assert.equal(await signedIn(a), true, 'this session is kept');
      assert.equal(await signedIn(b), false, 'the other session ended');
      assert.equal(
        (await server.anon().post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
        401,
        'the old password no longer works',
      );
      await signIn(FIREFOX_LINUX, NEW_PASSWORD);
      // Back to the password the other suites sign in with.
      const back = await a.put(
        '/api/auth/password',
        { currentPassword: NEW_PASSWORD, newPassword: ADMIN_PASSWORD },
        { 'x-forwarded-for': '192.0.2.61' },
      );
      assert.equal(back.status, 200);
    });
  });
}

for (const engine of engines()) {
  describe(`the email of a sign-in from a new browser [${engine}]`, () => {
    let server: TestServer;
    let smtp: SmtpReceiver;
    before(async () => {
      smtp = await startSmtp();
      server = await startServer(engine, { SMTP_URL: smtp.url, MAIL_FROM: 'Site <no-reply@test.example>' });
    });
    after(async () => {
      await server.close();
      await smtp.close();
    });

    it('emails the owner when a browser signs in for the first time, and not when it signs in again', async () => {
      const fresh = server.anon();
      fresh.headers['user-agent'] = SAFARI_IPHONE;
      const first = await fresh.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      const mail = await smtp.waitFor(ADMIN_EMAIL, isNewSignIn);
      assert.match(mail.subject, /New sign-in/);
      for (const words of [
        'Safari 17.5',
        'iOS 17.5',
        '(UTC)',
        '/en/auth/sendotp',
        '/en/admin/security',
        '/admin/security',
        'reset your password',
      ]) {
        assert.ok(mail.text.includes(words), `the email says ${words}`);
      }
      assert.match(mail.text, /تسجيل دخول جديد/, 'and says it in Arabic too');

      // The same browser again (its device cookie sent), and a wrong password from a new one: no email.
      const again = await fresh.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      assert.deepEqual(
        Object.keys(again.body).sort(),
        Object.keys(first.body).sort(),
        'the answer is the same either way',
      );
      assert.equal(again.body.message, first.body.message);
      const stranger = server.anon();
      assert.equal(
        (await stranger.post('/api/auth/login', { email: ADMIN_EMAIL, password: 'a wrong guess' })).status,
        401,
      );
      // A sign-in from a third, new browser: its email arrives, and it is the only other one.
      await signInAs(server, FIREFOX_LINUX);
      const next = await smtp.waitFor(ADMIN_EMAIL, isNewSignIn);
      assert.ok(next.text.includes('Firefox 128'), "the next email is the third browser's");
      assert.equal(smtp.messages.length, 2, 'the known browser and the failed sign-in sent nothing');
      // A client that keeps no cookies (a script signing in afresh for each task): new every time,
      // but the owner hears of it once a day, not of every sign-in.
      for (let i = 0; i < 5; i++) await signInAs(server, FIREFOX_LINUX);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(smtp.messages.length, 2, 'no email for the same browser and address again');
    });
  });
}
