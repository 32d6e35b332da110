import assert from 'node:assert/strict';
import { it } from 'node:test';
import { MAX_SESSIONS } from '../../src/server/features/auth/sessions.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, describeEachEngine } from '../helpers/server.ts';

describeEachEngine(
  'sessions are bounded',
  (server) => {
    it(`keeps the ${MAX_SESSIONS} newest sign-ins of the account and deletes expired sessions`, async () => {
      const { db } = server().app.ctx;
      const user = await db.selectFrom('users').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();
      await db
        .insertInto('sessions')
        .values({
          id: 'expired-session-digest',
          public_id: 'expired-session',
          user_id: user.id,
          created_at: '2020-01-01T00:00:00.000Z',
          last_seen_at: '2020-01-01T00:00:00.000Z',
          expires_at: '2020-01-08T00:00:00.000Z',
          user_agent: '',
        })
        .execute();

      // Each sign-in from its own address (behind a trusted proxy), as different browsers would be.
      const clients = [];
      for (let i = 0; i < MAX_SESSIONS + 2; i++) {
        const c = server().anon();
        assert.equal(
          (
            await c.post(
              '/api/auth/login',
              { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
              { 'x-forwarded-for': `192.0.2.${i + 1}` },
            )
          ).status,
          200,
        );
        clients.push(c);
      }
      const signedIn = [];
      for (const c of clients) signedIn.push((await c.get('/api/auth/is-logged-in')).status);
      assert.deepEqual(signedIn, [401, 401, ...Array<number>(MAX_SESSIONS).fill(200)], 'the two oldest sign-ins ended');
      const rows = await db.selectFrom('sessions').select(['id']).where('user_id', '=', user.id).execute();
      assert.equal(rows.length, MAX_SESSIONS);
      assert.equal(
        rows.some((r) => r.id === 'expired-session-digest'),
        false,
        'the expired session is gone',
      );
    });
  },
  { TRUST_PROXY: 'true' },
);
