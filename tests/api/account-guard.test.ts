import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { softPasskey, type SoftPasskey } from '../helpers/authenticator.ts';
import { HttpClient } from '../helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines, startServer, type TestServer } from '../helpers/server.ts';
import { startSmtp, type ReceivedMail, type SmtpReceiver } from '../helpers/smtp.ts';

const appCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
const isChange = (mail: ReceivedMail) => mail.subject.includes('A change to how you sign in');
const undoTokenIn = (mail: ReceivedMail) => /\/en\/auth\/undo#([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

for (const engine of engines()) {
  describe(`a stolen session cookie cannot take the account [${engine}]`, () => {
    let smtp: SmtpReceiver;
    let srv: TestServer;
    let ip = 0;
    let key: SoftPasskey;
    before(async () => {
      smtp = await startSmtp();
      srv = await startServer(engine, {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Site <no-reply@test.example>',
        TRUST_PROXY: 'true',
      });
      key = softPasskey(srv.app.ctx.config.publicUrl);
    });
    after(async () => {
      await srv?.close();
      await smtp?.close();
    });
    const db = () => srv.app.ctx.db;
    const browser = (): HttpClient => {
      const c = srv.anon();
      ip++;
      c.headers['x-forwarded-for'] = `198.51.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
      return c;
    };
    const signedIn = async (c: HttpClient) => (await c.get('/api/auth/is-logged-in')).status === 200;
    /** A thief's client holding nothing but a copy of `victim`'s session cookie. */
    const copyOfSid = (victim: HttpClient) => {
      const thief = browser();
      thief.setCookie('sid', victim.cookie('sid')!);
      return thief;
    };
    let secret = '';
    /** Signs in with the password, then the app when one is on. */
    const signIn = async (): Promise<HttpClient> => {
      const c = browser();
      const res = await c.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      if (res.body.secondStep) {
        await db().updateTable('totp_factors').set({ last_step: null }).execute();
        const step = await c.post('/api/auth/second-step', {
          ticket: res.body.secondStep.ticket,
          code: appCode(secret),
        });
        assert.equal(step.status, 200, JSON.stringify(step.body));
      }
      return c;
    };
    const forgetUsedCodes = () => db().updateTable('totp_factors').set({ last_step: null }).execute();

    it('the owner sets up an app and a passkey, each after the re-check, each emailed with an undo link', async () => {
      const owner = await signIn();
      const early = await owner.post('/api/auth/totp/setup');
      assert.equal(early.status, 403);
      assert.match(early.body.message, /confirm it is you/);
      assert.deepEqual((await owner.get('/api/auth/recheck')).body.data, { until: null, methods: [] });
      assert.equal((await owner.post('/api/auth/recheck', { password: 'not it' })).status, 400);
      const passed = await owner.post('/api/auth/recheck', { password: ADMIN_PASSWORD });
      assert.equal(passed.status, 200, JSON.stringify(passed.body));
      assert.ok(Date.parse(passed.body.data.until) > Date.now());
      const setup = await owner.post('/api/auth/totp/setup');
      assert.equal(setup.status, 200);
      secret = setup.body.data.secret;
      assert.equal((await owner.post('/api/auth/totp', { code: appCode(secret) })).status, 200);
      assert.match(
        (await smtp.waitFor(ADMIN_EMAIL, isChange)).text,
        /authenticator app was set up[\s\S]*\/en\/auth\/undo#/,
      );
      const options = await owner.post('/api/auth/passkeys/options');
      assert.equal(options.status, 200);
      const added = await owner.post('/api/auth/passkeys', {
        name: 'Owner phone',
        response: key.register(options.body.data),
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.match((await smtp.waitFor(ADMIN_EMAIL, isChange)).text, /passkey named "Owner phone" was added/);
    });

    it('with only a copy of the sid cookie: adding a factor, ending sessions, removing the passkey, replacing codes are all refused', async () => {
      const owner = await signIn();
      const phone = await signIn();
      const thief = copyOfSid(owner);
      assert.ok(await signedIn(thief), 'the copy is a session');
      const passkeyId = (await owner.get('/api/auth/factors')).body.data.passkeys[0].id;
      const phoneId = (await phone.get('/api/auth/sessions')).body.data.find((s: { current: boolean }) => s.current).id;
      const refused = [
        await thief.post('/api/auth/totp/setup'),
        await thief.post('/api/auth/passkeys/options'),
        await thief.post('/api/auth/passkeys', {
          name: 'Thief',
          response: softPasskey(srv.app.ctx.config.publicUrl).register({
            challenge: 'AAAAAAAAAAAAAAAAAAAAAA',
            user: { id: 'x' },
          }),
        }),
        await thief.request('DELETE', '/api/auth/sessions'),
        await thief.request('DELETE', `/api/auth/sessions/${phoneId}`),
        await thief.request('DELETE', `/api/auth/passkeys/${passkeyId}`, {}),
        await thief.request('DELETE', `/api/auth/passkeys/${passkeyId}`, { code: appCode(secret) }),
        await thief.request('DELETE', '/api/auth/totp', {}),
        await thief.post('/api/auth/recovery-codes', {}),
      ];
      assert.deepEqual(
        refused.map((r) => r.status),
        [403, 403, 403, 403, 403, 403, 403, 403, 403],
        JSON.stringify(refused.map((r) => r.body)),
      );
      const guessed = await thief.post('/api/auth/recheck', { password: 'a guess', code: appCode(secret) });
      assert.equal(guessed.status, 400);
      assert.ok(await signedIn(phone), "the owner's phone is still signed in");
      assert.deepEqual(
        (await owner.get('/api/auth/factors')).body.data.passkeys.map((p: { name: string }) => p.name),
        ['Owner phone'],
      );
      assert.equal((await owner.get('/api/auth/factors')).body.data.totp, true);
      await db().deleteFrom('rate_limits').execute();
    });

    it('the re-check takes the password and a factor older than the session; one added during the session does not count', async () => {
      const owner = await signIn();
      assert.deepEqual((await owner.get('/api/auth/recheck')).body.data.methods, ['passkey', 'totp', 'recovery']);
      const passwordOnly = await owner.post('/api/auth/recheck', { password: ADMIN_PASSWORD });
      assert.equal(passwordOnly.status, 400);
      assert.match(passwordOnly.body.message, /passkey, a code from your authenticator app or a recovery code/);
      // The passkey, as the factor: its challenge comes from this browser's cookie.
      const options = await owner.post('/api/auth/recheck/passkey-options');
      assert.equal(options.status, 200);
      const withKey = await owner.post('/api/auth/recheck', {
        password: ADMIN_PASSWORD,
        passkey: key.assert(options.body.data),
      });
      assert.equal(withKey.status, 200, JSON.stringify(withKey.body));
      // Replace the app during this session: remove it (emailed), set up a new one.
      assert.equal((await owner.request('DELETE', '/api/auth/totp', {})).status, 200);
      const setup = await owner.post('/api/auth/totp/setup');
      const newer = setup.body.data.secret as string;
      assert.equal((await owner.post('/api/auth/totp', { code: appCode(newer) })).status, 200);
      // Five minutes on (the re-check's cookie gone), the app set up in this session is no proof of it.
      owner.setCookie('recheck', '');
      assert.deepEqual((await owner.get('/api/auth/recheck')).body.data, {
        until: null,
        methods: ['passkey', 'recovery'],
      });
      const withNewApp = await owner.post('/api/auth/recheck', { password: ADMIN_PASSWORD, code: appCode(newer, 1) });
      assert.equal(withNewApp.status, 400);
      assert.match(withNewApp.body.message, /added after this sign-in/);
      secret = newer;
      await db().deleteFrom('rate_limits').execute();
    });

    it('after the re-check the change is allowed and emailed; the link ends every session and undoes it', async () => {
      await forgetUsedCodes();
      const owner = await signIn();
      const phone = await signIn();
      const thief = copyOfSid(owner);
      await forgetUsedCodes();
      const recheck = await owner.post('/api/auth/recheck', { password: ADMIN_PASSWORD, code: appCode(secret, -1) });
      assert.equal(recheck.status, 200, JSON.stringify(recheck.body));
      // The re-check belongs to the browser that passed it, not to copies of its session cookie.
      assert.equal((await thief.request('DELETE', '/api/auth/sessions')).status, 403);
      const passkeyId = (await owner.get('/api/auth/factors')).body.data.passkeys[0].id;
      const removed = await owner.request('DELETE', `/api/auth/passkeys/${passkeyId}`, {});
      assert.equal(removed.status, 200, JSON.stringify(removed.body));
      assert.equal(await signedIn(phone), false, 'a removal ends the other sessions');
      const mail = await smtp.waitFor(ADMIN_EMAIL, (m) => isChange(m) && m.text.includes('"Owner phone" was removed'));
      const codes = await owner.post('/api/auth/recovery-codes', {});
      assert.equal(codes.status, 200);
      const codesMail = await smtp.waitFor(ADMIN_EMAIL, (m) => isChange(m) && m.text.includes('New recovery codes'));
      const pending = (await owner.get('/api/auth/account-changes')).body.data;
      assert.deepEqual(
        pending.slice(0, 2).map((c: { kind: string }) => c.kind),
        ['recovery-codes-replaced', 'passkey-removed'],
      );
      const stranger = browser();
      assert.equal((await stranger.post('/api/auth/undo', { token: 'A'.repeat(43) })).status, 401);
      const undone = await stranger.post('/api/auth/undo', { token: undoTokenIn(mail) });
      assert.equal(undone.status, 200, JSON.stringify(undone.body));
      assert.match(undone.body.message, /Undone \(2 changes\)/);
      assert.equal(await signedIn(owner), false);
      assert.equal(await signedIn(thief), false);
      const back = await db().selectFrom('passkeys').select('name').execute();
      assert.deepEqual(
        back.map((p) => p.name),
        ['Owner phone'],
        'the passkey is back',
      );
      const newCodes: string[] = codes.body.data.recoveryCodes;
      const c = browser();
      const ticket = (await c.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).body.secondStep
        .ticket;
      const withNew = await c.post('/api/auth/second-step', { ticket, code: newCodes[0] });
      assert.equal(withNew.status, 400, 'the codes made by the undone change no longer work');
      assert.equal(
        (await stranger.post('/api/auth/undo', { token: undoTokenIn(codesMail) })).status,
        401,
        'each link works once',
      );
    });

    it('a change confirmed from a session older than it can no longer be undone; a newer session cannot confirm', async () => {
      await forgetUsedCodes();
      await db().deleteFrom('rate_limits').execute();
      const older = await signIn();
      await new Promise((r) => setTimeout(r, 5));
      const owner = await signIn();
      await forgetUsedCodes();
      assert.equal(
        (await owner.post('/api/auth/recheck', { password: ADMIN_PASSWORD, code: appCode(secret, 1) })).status,
        200,
      );
      assert.equal((await owner.request('DELETE', '/api/auth/sessions')).status, 200);
      const mail = await smtp.waitFor(ADMIN_EMAIL, (m) => isChange(m) && m.text.includes('were signed out'));
      const later = await signIn();
      const [change] = (await later.get('/api/auth/account-changes')).body.data;
      assert.equal(change.kind, 'sessions-ended');
      assert.equal(change.canConfirm, false);
      const tooNew = await later.post(`/api/auth/account-changes/${change.id}/confirm`);
      assert.equal(tooNew.status, 403);
      assert.equal((await owner.post(`/api/auth/account-changes/${change.id}/confirm`)).status, 200);
      assert.equal((await browser().post('/api/auth/undo', { token: undoTokenIn(mail) })).status, 401);
      assert.ok(await signedIn(later));
      void older;
    });

    it('a passkey answer naming another account as its userHandle is refused', async () => {
      const c = browser();
      const options = await c.post('/api/auth/passkey/options', {});
      const foreign = await c.post('/api/auth/passkey/sign-in', {
        response: key.assert(options.body.data, { userHandle: Buffer.from('someone-else').toString('base64url') }),
      });
      assert.equal(foreign.status, 400);
      assert.equal(await signedIn(c), false);
      const again = await c.post('/api/auth/passkey/options', {});
      const own = await c.post('/api/auth/passkey/sign-in', { response: key.assert(again.body.data) });
      assert.equal(own.status, 200, JSON.stringify(own.body));
      assert.ok(await signedIn(c));
    });
  });
}
