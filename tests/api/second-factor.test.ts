import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { hashPassword } from '../../src/server/features/auth/passwords.ts';
import { HttpClient } from '../helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines, startServer, type TestServer } from '../helpers/server.ts';
import { isResetCode, startSmtp, type ReceivedMail, type SmtpReceiver } from '../helpers/smtp.ts';

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
const appCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
const isFactorMail = (mail: ReceivedMail) => mail.subject.includes('A change to how you sign in');
const codeIn = (mail: ReceivedMail) => /\b(\d{6})\b/.exec(mail.text)![1]!;

for (const engine of engines()) {
  describe(`second factors: authenticator app, recovery codes, the second step [${engine}]`, () => {
    let smtp: SmtpReceiver;
    let srv: TestServer;
    let ip = 0;
    before(async () => {
      smtp = await startSmtp();
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
    const db = () => srv.app.ctx.db;
    /** A browser of its own, from an address of its own (so per-address limits do not couple the tests). */
    const browser = (): HttpClient => {
      const c = srv.anon();
      ip++;
      c.headers['x-forwarded-for'] = `203.0.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
      return c;
    };
    const signedIn = async (c: HttpClient) => (await c.get('/api/auth/is-logged-in')).status === 200;
    const passwordSignIn = (c: HttpClient) =>
      c.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const removeAllFactors = async () => {
      for (const t of ['passkeys', 'totp_factors', 'recovery_codes', 'sign_in_steps', 'rate_limits'] as const)
        await db().deleteFrom(t).execute();
    };
    /** Sets up the authenticator app through the API; answers its secret and the recovery codes. */
    /** Adding a factor needs the re-check of the last 5 minutes: the password, on an account with no factor yet. */
    const recheck = async (owner: HttpClient) => {
      const res = await owner.post('/api/auth/recheck', { password: ADMIN_PASSWORD });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    };
    const setUpApp = async (owner: HttpClient): Promise<{ secret: string; recoveryCodes: string[] }> => {
      await recheck(owner);
      const setup = await owner.post('/api/auth/totp/setup');
      assert.equal(setup.status, 200, JSON.stringify(setup.body));
      const { secret } = setup.body.data;
      const confirmed = await owner.post('/api/auth/totp', { code: appCode(secret) });
      assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
      return { secret, recoveryCodes: confirmed.body.data.recoveryCodes };
    };
    // Each app code is taken once and never an older one: a test that needs codes starts from a clean slate.
    const forgetUsedCodes = () => db().updateTable('totp_factors').set({ last_step: null }).execute();
    const ownerSignedIn = async () => {
      const c = browser();
      assert.equal((await passwordSignIn(c)).status, 200);
      return c;
    };

    it("with no factor, the contract's sign-in is unchanged: a token, a cookie", async () => {
      await removeAllFactors();
      const c = browser();
      const res = await passwordSignIn(c);
      assert.equal(res.status, 200);
      assert.equal(typeof res.body.token, 'string');
      assert.equal(res.body.message, 'Welcome Back');
      assert.equal(res.body.secondStep, undefined);
      assert.ok(await signedIn(c));
      const factors = await c.get('/api/auth/factors');
      assert.deepEqual(factors.body, { data: { passkeys: [], totp: false, recoveryCodesLeft: 0 } });
    });

    it('sets up the app from a QR code and a secret, confirmed by a first code; the first factor brings 10 recovery codes', async () => {
      await removeAllFactors();
      const owner = await ownerSignedIn();
      assert.equal((await owner.post('/api/auth/totp/setup')).status, 403, 'not without the re-check');
      await recheck(owner);
      const setup = await owner.post('/api/auth/totp/setup');
      assert.equal(setup.status, 200);
      const { secret, uri, qrSvg } = setup.body.data;
      assert.match(secret, /^[A-Z2-7]{32}$/);
      assert.match(uri, /^otpauth:\/\/totp\/.*secret=/);
      assert.ok(uri.includes(`secret=${secret}`));
      assert.match(qrSvg, /^<svg[\s\S]*<\/svg>\s*$/);
      // Not in force before it is confirmed: the password alone still signs in.
      assert.equal(typeof (await passwordSignIn(browser())).body.token, 'string');
      const wrong = await owner.post('/api/auth/totp', { code: appCode(new Secret({ size: 20 }).base32) });
      assert.equal(wrong.status, 400);
      assert.match(wrong.body.message, /Wrong code/);
      const right = await owner.post('/api/auth/totp', { code: appCode(secret) });
      assert.equal(right.status, 200, JSON.stringify(right.body));
      const codes: string[] = right.body.data.recoveryCodes;
      assert.equal(codes.length, 10);
      assert.equal(new Set(codes).size, 10);
      for (const code of codes) assert.match(code, /^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
      const stored = await db().selectFrom('recovery_codes').select('code_hash').execute();
      for (const code of codes)
        assert.ok(!stored.some((r) => r.code_hash.includes(code.replace('-', ''))), 'codes are stored hashed');
      assert.deepEqual((await owner.get('/api/auth/factors')).body.data, {
        passkeys: [],
        totp: true,
        recoveryCodesLeft: 10,
      });
      const mail = await smtp.waitFor(ADMIN_EMAIL, isFactorMail);
      assert.match(mail.text, /authenticator app was set up/);
      assert.match(mail.text, /فُعّل تطبيق المصادقة/);
    });

    it('once a factor is on, the right password alone yields no token and no cookie, only a second step', async () => {
      const c = browser();
      const res = await passwordSignIn(c);
      assert.equal(res.status, 200);
      assert.equal(res.body.token, undefined);
      assert.deepEqual(res.body.secondStep.methods, ['totp', 'recovery']);
      assert.equal(typeof res.body.secondStep.ticket, 'string');
      assert.match(res.body.message, /authenticator app/);
      assert.doesNotMatch(c.cookieHeader, /sid=/);
      assert.equal(await signedIn(c), false);
      // The wrong password is still just wrong.
      assert.equal((await c.post('/api/auth/login', { email: ADMIN_EMAIL, password: 'not the password' })).status, 401);
    });

    it('the second step takes a current app code once, and refuses a wrong one, a reused one and one of another secret', async () => {
      const { secret } = await db().selectFrom('totp_factors').select('secret').executeTakeFirstOrThrow();
      const c = browser();
      const { ticket } = (await passwordSignIn(c)).body.secondStep;
      const garbage = await c.post('/api/auth/second-step', { ticket, code: 'hello' });
      assert.equal(garbage.status, 400);
      assert.match(garbage.body.message, /6-digit code/);
      const foreign = await c.post('/api/auth/second-step', { ticket, code: appCode(new Secret({ size: 20 }).base32) });
      assert.equal(foreign.status, 400);
      assert.match(foreign.body.message, /^Wrong code/);
      const code = appCode(secret, 1);
      const ok = await c.post('/api/auth/second-step', { ticket, code });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal(ok.body.message, 'Welcome Back');
      assert.equal(typeof ok.body.token, 'string');
      assert.ok(await signedIn(c));
      // The ticket is spent, and the code cannot be used again (nor an older one).
      assert.equal((await c.post('/api/auth/second-step', { ticket, code })).status, 401);
      const again = browser();
      const second = (await passwordSignIn(again)).body.secondStep.ticket;
      const reused = await again.post('/api/auth/second-step', { ticket: second, code });
      assert.equal(reused.status, 400);
      assert.match(reused.body.message, /already been used/);
      assert.equal((await again.post('/api/auth/second-step', { ticket: second, code: appCode(secret) })).status, 400);
      assert.equal(await signedIn(again), false);
    });

    it('a recovery code works once, in any case and with or without its dash', async () => {
      await removeAllFactors();
      const owner = await ownerSignedIn();
      const { recoveryCodes } = await setUpApp(owner);
      const code = recoveryCodes[3]!;
      const c = browser();
      const first = await c.post('/api/auth/second-step', {
        ticket: (await passwordSignIn(c)).body.secondStep.ticket,
        code: code.toLowerCase().replace('-', ''),
      });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.ok(await signedIn(c));
      const d = browser();
      const second = await d.post('/api/auth/second-step', {
        ticket: (await passwordSignIn(d)).body.secondStep.ticket,
        code,
      });
      assert.equal(second.status, 400);
      assert.match(second.body.message, /recovery code is wrong or has already been used/);
      assert.equal(await signedIn(d), false);
      assert.equal((await owner.get('/api/auth/factors')).body.data.recoveryCodesLeft, 9);
    });

    it('a ticket dies after 5 wrong codes, and an account takes 10 wrong codes a day from unknown browsers', async () => {
      const c = browser();
      const { ticket } = (await passwordSignIn(c)).body.secondStep;
      for (let i = 0; i < 5; i++)
        assert.equal((await c.post('/api/auth/second-step', { ticket, code: '000000' })).status, 400);
      const dead = await c.post('/api/auth/second-step', { ticket, code: '000000' });
      assert.equal(dead.status, 401);
      assert.match(dead.body.message, /expired/);
      let status = 0;
      for (let i = 0; i < 8 && status !== 429; i++) {
        const d = browser();
        status = (
          await d.post('/api/auth/second-step', {
            ticket: (await passwordSignIn(d)).body.secondStep.ticket,
            code: '000000',
          })
        ).status;
      }
      assert.equal(status, 429, 'the 11th wrong code of the day is refused');
      await db().deleteFrom('rate_limits').execute();
    });

    it('a reset with a factor on asks for the factor before the new password, then ends every session', async () => {
      await db().deleteFrom('rate_limits').execute();
      await forgetUsedCodes();
      const { secret } = await db().selectFrom('totp_factors').select('secret').executeTakeFirstOrThrow();
      const older = browser();
      const t = (await passwordSignIn(older)).body.secondStep.ticket;
      assert.equal((await older.post('/api/auth/second-step', { ticket: t, code: appCode(secret, -1) })).status, 200);
      assert.ok(await signedIn(older));

      const c = browser();
      await db()
        .updateTable('password_resets')
        .set({ last_sent_at: new Date(Date.now() - 61_000).toISOString() })
        .execute();
      assert.equal((await c.post('/api/auth/forget-password', { email: ADMIN_EMAIL })).status, 200);
      const verified = await c.post('/api/auth/verify-reset-password', {
        email: ADMIN_EMAIL,
        otp: codeIn(await smtp.waitFor(ADMIN_EMAIL, isResetCode)),
      });
      assert.equal(verified.status, 200);
      const { token, secondStep } = verified.body;
      assert.equal(typeof token, 'string');
      assert.deepEqual(secondStep.methods, ['totp', 'recovery']);
      const auth = { authorization: `Bearer ${token}` };
      const early = await c.request('PUT', '/api/auth/reset-password', { password: 'a fresh passphrase' }, auth);
      assert.equal(early.status, 403);
      assert.match(early.body.message, /before choosing a new password/);
      const step = await c.post('/api/auth/second-step', { ticket: secondStep.ticket, code: appCode(secret) });
      assert.equal(step.status, 200, JSON.stringify(step.body));
      assert.equal(step.body.message, 'Confirmed. Choose a new password.');
      assert.equal(await signedIn(c), false, 'the second step of a reset is not a sign-in');
      const done = await c.request('PUT', '/api/auth/reset-password', { password: 'a fresh passphrase' }, auth);
      assert.equal(done.status, 200, JSON.stringify(done.body));
      assert.ok(await signedIn(c));
      assert.equal(await signedIn(older), false, 'every other session ended');
      await db()
        .updateTable('users')
        .set({ password_hash: await hashPassword(ADMIN_PASSWORD) })
        .execute();
    });

    it('removing the app asks for the password and a code again, ends the other sessions, and the password alone signs in again', async () => {
      await db().deleteFrom('rate_limits').execute();
      await forgetUsedCodes();
      const { secret } = await db().selectFrom('totp_factors').select('secret').executeTakeFirstOrThrow();
      const signInWithApp = async (steps: number) => {
        const c = browser();
        const r = await c.post('/api/auth/second-step', {
          ticket: (await passwordSignIn(c)).body.secondStep.ticket,
          code: appCode(secret, steps),
        });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        return c;
      };
      const owner = await signInWithApp(-1);
      const other = await signInWithApp(0);
      assert.equal(
        (await owner.request('DELETE', '/api/auth/totp', {})).status,
        403,
        'nothing to re-check with: not yet',
      );
      const wrong = await owner.request('DELETE', '/api/auth/totp', { currentPassword: 'not it' });
      assert.equal(wrong.status, 400);
      assert.match(wrong.body.message, /current password is incorrect/);
      assert.ok(await signedIn(other));
      // The app was set up before this session began: the re-check takes a code of it beside the password.
      const passwordOnly = await owner.request('DELETE', '/api/auth/totp', { currentPassword: ADMIN_PASSWORD });
      assert.equal(passwordOnly.status, 400);
      assert.match(passwordOnly.body.message, /Also confirm/);
      const removed = await owner.request('DELETE', '/api/auth/totp', {
        currentPassword: ADMIN_PASSWORD,
        code: appCode(secret, 1),
      });
      assert.equal(removed.status, 200, JSON.stringify(removed.body));
      assert.equal(await signedIn(other), false);
      assert.ok(await signedIn(owner));
      assert.deepEqual((await owner.get('/api/auth/factors')).body.data, {
        passkeys: [],
        totp: false,
        recoveryCodesLeft: 0,
      });
      const mail = await smtp.waitFor(ADMIN_EMAIL, (m) => isFactorMail(m) && m.text.includes('removed'));
      assert.match(mail.text, /authenticator app was removed/);
      assert.equal(typeof (await passwordSignIn(browser())).body.token, 'string');
    });

    it('refuses forged or foreign passkey answers with a clear message, never a 500, and counts them', async () => {
      await removeAllFactors();
      const c = browser();
      const options = await c.post('/api/auth/passkey/options', {});
      assert.equal(options.status, 200);
      // The challenge is held by this browser (a signed cookie), not by a table strangers could fill.
      assert.ok(c.cookie('webauthn-sign-in')?.startsWith(`${options.body.data.challenge}.`));
      // A client that labels an empty body as JSON: every field is optional, so it is `{}`.
      assert.equal(
        (await c.post('/api/auth/passkey/options', undefined, { 'content-type': 'application/json' })).status,
        200,
      );
      assert.equal(
        (await c.post('/api/auth/second-step', undefined, { 'content-type': 'application/json' })).status,
        400,
        'a body with required fields is still needed',
      );
      assert.match(options.body.data.challenge, /^[A-Za-z0-9_-]{20,}$/);
      assert.equal(options.body.data.userVerification, 'required');
      assert.equal(options.body.data.rpId, new URL(srv.app.ctx.config.publicUrl).hostname);
      assert.equal((await db().selectFrom('webauthn_challenges').select('challenge').execute()).length, 0);
      const b64 = (v: string) => Buffer.from(v).toString('base64url');
      const forged = {
        id: b64('no such credential'),
        rawId: b64('no such credential'),
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(
            JSON.stringify({
              type: 'webauthn.get',
              challenge: options.body.data.challenge,
              origin: srv.app.ctx.config.publicUrl,
            }),
          ),
          authenticatorData: b64('x'.repeat(37)),
          signature: b64('sig'),
        },
      };
      const unknown = await c.post('/api/auth/passkey/sign-in', { response: forged });
      assert.equal(unknown.status, 400);
      assert.match(unknown.body.message, /not registered here/);
      const malformed = await c.post('/api/auth/passkey/sign-in', { response: { ...forged, type: 'password' } });
      assert.equal(malformed.status, 400);
      const junk = await c.post('/api/auth/passkey/sign-in', {
        response: { ...forged, response: { ...forged.response, clientDataJSON: '%%%' } },
      });
      assert.equal(junk.status, 400);
      assert.equal(await signedIn(c), false);
      const counted = await db().selectFrom('rate_limits').select('hits').execute();
      assert.ok(
        counted.some((r) => Number(r.hits) >= 3),
        'failed passkey tries are counted',
      );
    });

    it('needs the session for every factor call', async () => {
      const anon = browser();
      assert.equal((await anon.get('/api/auth/factors')).status, 401);
      assert.equal((await anon.post('/api/auth/totp/setup')).status, 401);
      assert.equal((await anon.post('/api/auth/totp', { code: '123456' })).status, 401);
      assert.equal((await anon.request('DELETE', '/api/auth/totp', { currentPassword: ADMIN_PASSWORD })).status, 401);
      assert.equal((await anon.post('/api/auth/passkeys/options')).status, 401);
      assert.equal((await anon.post('/api/auth/recovery-codes', { currentPassword: ADMIN_PASSWORD })).status, 401);
      assert.equal(
        (
          await anon.request('DELETE', '/api/auth/passkeys/0190a8a0-0000-7000-8000-000000000000', {
            currentPassword: ADMIN_PASSWORD,
          })
        ).status,
        401,
      );
    });
  });
}
