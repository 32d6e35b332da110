import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { newPlace, openPlace, runScript, serve, type Place } from '../helpers/backup.ts';
import { engines } from '../helpers/server.ts';

const EMAIL = 'owner@cli.example';
const PASSWORD = 'a password for the cli test';

/** `npm run admin -- reset-factors`, the last resort when every factor is lost, run as an operator would. */
for (const engine of engines()) {
  describe(`npm run admin -- reset-factors [${engine}]`, () => {
    let place: Place;
    before(async () => {
      place = await newPlace(engine);
    });
    after(async () => {
      await place?.cleanup();
    });

    it('removes every factor and every session; the password alone signs in again', async () => {
      const site = await serve(place, { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD });
      try {
        const owner = site.client();
        assert.equal((await owner.post('/api/auth/login', { email: EMAIL, password: PASSWORD })).status, 200);
        // Adding a factor needs the re-check (the password again) since issue 30.
        assert.equal((await owner.post('/api/auth/recheck', { password: PASSWORD })).status, 200);
        const { secret } = (await owner.post('/api/auth/totp/setup')).body.data;
        const on = await owner.post('/api/auth/totp', {
          code: new TOTP({ secret: Secret.fromBase32(secret) }).generate(),
        });
        assert.equal(on.status, 200);
        const locked = await site.client().post('/api/auth/login', { email: EMAIL, password: PASSWORD });
        assert.equal(locked.body.token, undefined, 'the password alone no longer signs in');

        const ran = await runScript('admin', ['reset-factors'], place, undefined, 'node');
        assert.equal(ran.code, 0, ran.stderr);
        assert.match(
          ran.stdout,
          new RegExp(
            `^${EMAIL.replace('.', '\\.')}: removed 0 passkeys, the authenticator app and the recovery codes; ended 1 session\\.`,
          ),
        );

        assert.equal((await owner.get('/api/auth/is-logged-in')).status, 401, 'every session ended');
        const again = await site.client().post('/api/auth/login', { email: EMAIL, password: PASSWORD });
        assert.equal(again.status, 200);
        assert.equal(typeof again.body.token, 'string');
        const check = openPlace(place);
        try {
          for (const table of ['passkeys', 'totp_factors', 'recovery_codes'] as const) {
            assert.equal((await check.db.selectFrom(table).selectAll().execute()).length, 0, `${table} is empty`);
          }
        } finally {
          await check.destroy();
        }
      } finally {
        await site.app.close();
      }
    });

    it('bad usage exits 2 with the usage, never a stack trace', async () => {
      for (const args of [[], ['reset-everything']]) {
        const ran = await runScript('admin', args, place);
        assert.equal(ran.code, 2);
        assert.match(
          ran.stderr.replace(/^npm warn .*\n/gm, ''),
          /^(Name a command|Unknown command reset-everything)\.\nUsage: npm run admin -- reset-factors/,
        );
        assert.doesNotMatch(ran.stderr, /\n\s+at /);
      }
    });
  });
}
