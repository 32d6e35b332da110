import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { HttpClient } from '../helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, describeEachEngine } from '../helpers/server.ts';

describeEachEngine(
  'auth API',
  (server) => {
    // Hashing a password takes a noticeable moment, so one signed-in client serves the tests that only need a session.
    let signedIn: HttpClient | undefined;
    const admin = async () => (signedIn ??= await server().admin());

    it('signs in: token and message, and an httpOnly SameSite=Lax session cookie holding the same token', async () => {
      const c = server().anon();
      const res = await c.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      assert.equal(res.status, 200);
      assert.equal(res.body.message, 'Welcome Back');
      assert.ok(typeof res.body.token === 'string' && res.body.token.length >= 32);
      const cookie = res.headers.getSetCookie().find((l) => l.startsWith('sid='));
      assert.ok(cookie, 'sid cookie set');
      assert.match(cookie, /HttpOnly/i);
      assert.match(cookie, /SameSite=Lax/i);
      assert.match(cookie, /Path=\//);
      assert.ok(cookie.startsWith(`sid=${res.body.token};`));

      const me = await c.get('/api/auth/is-logged-in');
      assert.equal(me.status, 200);
      assert.equal(typeof me.body.message, 'string');
      assert.deepEqual(
        me.body.data,
        { email: ADMIN_EMAIL, trashDays: 30 },
        'the account, and how long the trash keeps items (TRASH_DAYS)',
      );
    });

    it('takes the email regardless of case and surrounding spaces', async () => {
      const res = await server()
        .anon()
        .post('/api/auth/login', { email: `  ${ADMIN_EMAIL.toUpperCase()} `, password: ADMIN_PASSWORD });
      assert.equal(res.status, 200);
    });

    it('answers a wrong password and an unknown email alike with 401, and sets no cookie', async () => {
      const wrong = await server().anon().post('/api/auth/login', { email: ADMIN_EMAIL, password: 'not the password' });
      const unknown = await server()
        .anon()
        .post('/api/auth/login', { email: 'someone@test.example', password: ADMIN_PASSWORD });
      assert.equal(wrong.status, 401);
      assert.equal(unknown.status, 401);
      assert.equal(typeof wrong.body.message, 'string');
      assert.equal(wrong.body.message, unknown.body.message);
      assert.equal(wrong.headers.getSetCookie().length, 0);
    });

    it('names the missing or malformed field with 400', async () => {
      const cases: [unknown, RegExp][] = [
        [{}, /email is required/],
        [{ email: ADMIN_EMAIL }, /password is required/],
        [{ password: ADMIN_PASSWORD }, /email is required/],
        [{ email: 'not-an-email', password: ADMIN_PASSWORD }, /email/],
        [{ email: ADMIN_EMAIL, password: '' }, /password/],
        [{ email: 42, password: ADMIN_PASSWORD }, /email/],
      ];
      for (const [body, message] of cases) {
        const res = await server().anon().post('/api/auth/login', body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.match(res.body.message, message);
      }
    });

    it('is-logged-in answers 401 without a session or with a made-up one', async () => {
      const none = await server().anon().get('/api/auth/is-logged-in');
      assert.equal(none.status, 401);
      assert.equal(typeof none.body.message, 'string');
      assert.equal((await server().anon().get('/api/auth/is-logged-in', { cookie: 'sid=made-up' })).status, 401);
      assert.equal(
        (await server().anon().get('/api/auth/is-logged-in', { authorization: 'Bearer made-up' })).status,
        401,
      );
    });

    it('logout ends the session on the server, not only the cookie', async () => {
      const c = server().anon();
      const { token } = (await c.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).body;
      assert.equal((await c.get('/api/auth/is-logged-in')).status, 200);
      const out = await c.post('/api/auth/logout');
      assert.equal(out.status, 200);
      assert.equal(typeof out.body.message, 'string');
      assert.equal((await c.get('/api/auth/is-logged-in')).status, 401);
      assert.equal(
        (
          await server()
            .anon()
            .get('/api/auth/is-logged-in', { authorization: `Bearer ${token}` })
        ).status,
        401,
      );
    });

    it('takes the session from the cookie only: the login token as a Bearer header is not a credential', async () => {
      const { token } = (
        await server().anon().post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      ).body;
      assert.equal(typeof token, 'string');
      const bearer = { authorization: `Bearer ${token}` };
      const c = server().anon();
      assert.equal((await c.get('/api/auth/is-logged-in', bearer)).status, 401);
      const changed = await c.put('/api/auth/change-phone', { phoneNumber: '+966 13 000 0000' }, bearer);
      assert.equal(changed.status, 401);
      assert.notEqual((await c.get('/api/auth/phone')).body.data, '+966 13 000 0000');
    });

    it('checks the session before the body: a signed-out client learns no field rules', async () => {
      const c = server().anon();
      for (const [method, path, body] of [
        ['put', '/api/auth/change-phone', { phoneNumber: 'letters' }],
        ['post', '/api/word/', { word: '' }],
        ['post', '/api/card/?type=nonsense', { title: 1 }],
        ['put', '/api/slider/sideways/x', undefined],
        ['put', '/api/contact', { email: 'not-an-email' }],
      ] as const) {
        const res = await (method === 'put' ? c.put(path, body) : c.post(path, body));
        assert.equal(res.status, 401, `${method} ${path} answers 401 before validating`);
      }
    });

    it('sends every sign-in answer with Cache-Control: no-store; the public phone number may be cached', async () => {
      const c = server().anon();
      const login = await c.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      assert.equal(login.status, 200);
      assert.equal(login.headers.get('cache-control'), 'no-store');
      const wrong = await server().anon().post('/api/auth/login', { email: ADMIN_EMAIL, password: 'nope' });
      assert.equal(wrong.headers.get('cache-control'), 'no-store');
      const who = await c.get('/api/auth/is-logged-in');
      assert.equal(who.status, 200);
      assert.equal(who.headers.get('cache-control'), 'no-store');
      assert.notEqual((await c.get('/api/auth/phone')).headers.get('cache-control'), 'no-store');
    });

    it('serves the phone number publicly and lets only the admin change it', async () => {
      const anon = server().anon();
      const refused = await anon.put('/api/auth/change-phone', { phoneNumber: '+966 50 000 0000' });
      assert.equal(refused.status, 401);

      const c = await admin();
      const saved = await c.put('/api/auth/change-phone', { phoneNumber: '  +966 50 123 4567 ' });
      assert.equal(saved.status, 200);
      assert.equal(typeof saved.body.message, 'string');
      assert.equal(saved.body.data, '+966501234567', 'stored in international form');
      const read = await anon.get('/api/auth/phone');
      assert.equal(read.status, 200);
      assert.equal(read.body.data, '+966501234567');
    });

    it('checks the phone number as a phone number, with an example, and stores it in international form', async () => {
      const c = await admin();
      for (const phoneNumber of [
        'abc',
        '12',
        '1234',
        '12345',
        '1'.repeat(21),
        'call me',
        '966+501234',
        '+966-50-123',
        '050 123',
        '+966 50 123 45678',
        '',
      ]) {
        const res = await c.put('/api/auth/change-phone', { phoneNumber });
        assert.equal(res.status, 400, JSON.stringify(phoneNumber));
        assert.match(res.body.message, /^phoneNumber /, 'names the field first');
        if (phoneNumber.length > 0 && phoneNumber.length <= 20)
          assert.match(res.body.message, /like 050 123 4567 or 011 234 5678/, 'gives an example');
      }
      assert.equal((await c.put('/api/auth/change-phone', {})).status, 400);
      // What a contract client sends that is a valid number is taken: national, international, with
      // separators, in Arabic-Indic digits, a unified 9200 number, a number of another country.
      for (const [phoneNumber, stored] of [
        ['0501234567', '+966501234567'],
        ['050 123 4567', '+966501234567'],
        ['+966 50 123 4567', '+966501234567'],
        ['00966501234567', '+966501234567'],
        ['(050) 123-4567', '+966501234567'],
        ['٠٥٠١٢٣٤٥٦٧', '+966501234567'],
        ['011 234 5678', '+966112345678'],
        ['920012345', '+966920012345'],
        ['+971 50 123 4567', '+971501234567'],
      ]) {
        const res = await c.put('/api/auth/change-phone', { phoneNumber });
        assert.equal(res.status, 200, phoneNumber);
        assert.equal(res.body.data, stored, phoneNumber);
        assert.equal((await server().anon().get('/api/auth/phone')).body.data, stored);
      }
    });

    it('answers a number stored before numbers were checked in international form when it is valid', async () => {
      const db = server().app.ctx.db;
      const put = (value: string) => db.updateTable('settings').set({ value }).where('key', '=', 'phone').execute();
      await (await admin()).put('/api/auth/change-phone', { phoneNumber: '0501234567' });
      // Written behind the app's back: a query string keeps the kept answer out of the way.
      await put('055 123 4567');
      assert.equal((await server().anon().get('/api/auth/phone?old=1')).body.data, '+966551234567');
      // Digits alone: plain text, never read as JSON (where they would be a number).
      await put('966551234569');
      assert.equal((await server().anon().get('/api/auth/phone?old=digits')).body.data, '+966551234569');
      await put('12345');
      assert.equal(
        (await server().anon().get('/api/auth/phone?old=2')).body.data,
        '12345',
        'an unparseable old value is answered as stored',
      );
    });

    it('rate-limits sign-in attempts from one address with 429', async () => {
      const c = server().anon();
      c.headers['x-forwarded-for'] = '203.0.113.9';
      // Bodies that fail validation still count, and cost no password hashing.
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await c.post('/api/auth/login', {})).status);
      assert.deepEqual(statuses.slice(0, 20), Array(20).fill(400));
      const limited = await c.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      assert.equal(limited.status, 429, 'even the right password waits');
      assert.equal(typeof limited.body.message, 'string');
      assert.equal(statuses[20], 429);
    });
  },
  { TRUST_PROXY: 'true' },
);
