import assert from 'node:assert/strict';
import { it } from 'node:test';
import { countHit, peekHits } from '../../src/server/features/auth/rate-limit-store.ts';
import { peekDecoy, sendDecoy } from '../../src/server/features/auth/reset-decoys.ts';
import { digest } from '../../src/server/features/auth/tokens.ts';
import { ADMIN_EMAIL, describeEachEngine } from '../helpers/server.ts';

const LIMITS = { cooldownMs: 60_000, otpTtlMs: 600_000, maxAttempts: 5 };

/** Limits and reset stand-ins kept in the database, so every server counts against the same numbers. */
describeEachEngine('limits kept in the database', (server) => {
  it('counts hits on one key atomically, even when they arrive together, and starts a new window when one runs out', async () => {
    const { db } = server().app.ctx;
    const now = Date.now();
    const hits = await Promise.all(Array.from({ length: 25 }, () => countHit(db, 'test:together', 60_000, now)));
    assert.deepEqual(
      hits.map((h) => h.current).sort((a, b) => a - b),
      Array.from({ length: 25 }, (_, i) => i + 1),
      'every hit got its own number',
    );
    assert.ok(hits.every((h) => h.ttl === 60_000));
    const later = await countHit(db, 'test:together', 60_000, now + 59_000);
    assert.deepEqual(later, { current: 26, ttl: 1000 });
    assert.deepEqual(
      await peekHits(db, 'test:together', now + 59_000),
      { current: 26, ttl: 1000 },
      'a peek counts nothing',
    );
    assert.deepEqual(
      await countHit(db, 'test:together', 60_000, now + 60_000),
      { current: 1, ttl: 60_000 },
      'a new window',
    );
    assert.deepEqual(await countHit(db, 'test:other', 60_000, now), { current: 1, ttl: 60_000 }, 'keys are apart');
  });

  it('stores no email or address in the clear', async () => {
    const anon = server().anon();
    assert.equal(
      (await anon.post('/api/auth/login', { email: 'someone.private@test.example', password: 'wrong' })).status,
      401,
    );
    const keys = (await server().app.ctx.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    assert.ok(keys.length >= 3, `the route, the account-and-address and the account limits counted (${keys.length})`);
    for (const key of keys) assert.match(key, /^[0-9a-f]{64}$/);
    assert.ok(!keys.some((k) => k.includes('private')));
  });

  it('keeps a sign-in limit in the database only (emptying the table lifts it)', async () => {
    const email = 'restart.limit@test.example';
    const anon = server().anon();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await anon.post('/api/auth/login', { email, password: `wrong-${i}` })).status);
    assert.deepEqual(statuses, [...Array<number>(10).fill(401), 429], 'ten tries per account and address, then 429');
    const { db } = server().app.ctx;
    const refused = await anon.post('/api/auth/login', { email, password: 'wrong-again' });
    assert.equal(refused.status, 429);
    assert.match(refused.headers.get('retry-after') ?? '', /^\d+$/);
    assert.ok(Number(refused.headers.get('retry-after')) > 14 * 60, 'the 15-minute window');
    // Emptying the counters lifts the limit: they were the only place it was kept.
    await db.deleteFrom('rate_limits').execute();
    assert.equal((await anon.post('/api/auth/login', { email, password: 'wrong-after' })).status, 401);
  });

  it("keeps an unknown email's reset stand-in with the admin's cooldown, sent again while live as the admin's code is", async () => {
    const { db } = server().app.ctx;
    const email = 'Nobody.Here@test.example';
    const now = Date.now();
    const first = await sendDecoy(db, email, LIMITS, now);
    assert.deepEqual(first, { waitMs: 0, issuedAt: new Date(now).toISOString() }, 'the first request "sends"');
    assert.equal(
      (await sendDecoy(db, email.toLowerCase(), LIMITS, now + 20_000)).waitMs,
      40_000,
      'then 40 s to wait, whatever the case',
    );
    const row = await db.selectFrom('reset_decoys').selectAll().executeTakeFirstOrThrow();
    assert.equal(row.email_hash, digest(email.toLowerCase()), 'stored as a digest');
    assert.deepEqual(
      await sendDecoy(db, email, LIMITS, now + 60_000),
      first,
      'after the cooldown, the live stand-in is "sent" again',
    );
    assert.equal((await peekDecoy(db, email, LIMITS.otpTtlMs))?.issuedAt, first.issuedAt);
    const later = await sendDecoy(db, email, LIMITS, now + LIMITS.otpTtlMs + 1);
    assert.deepEqual(
      later,
      { waitMs: 0, issuedAt: new Date(now + LIMITS.otpTtlMs + 1).toISOString() },
      'once expired, a new one',
    );
    assert.equal(await peekDecoy(db, 'never.asked@test.example', LIMITS.otpTtlMs), undefined);
  });

  it("answers the admin's email and an unknown one alike through the API", async () => {
    const stranger = 'stranger.alike@test.example';
    const answers = async (email: string) => {
      const client = server().anon(); // no device cookie: the cooldown applies as to anyone
      const out: string[] = [];
      const first = await client.post('/api/auth/forget-password', { email });
      const second = await client.post('/api/auth/resend-otp', { email });
      out.push(
        `${first.status} ${first.body.message}`,
        `${second.status} ${second.body.message.replace(/\d+ seconds/, 'N seconds')}`,
      );
      for (let i = 0; i < 6; i++) {
        const guess = await client.post('/api/auth/verify-reset-password', { email, otp: `00000${i}` });
        out.push(`${guess.status} ${guess.body.message}`);
      }
      return out;
    };
    const admin = await answers(ADMIN_EMAIL);
    assert.deepEqual(await answers(stranger), admin);
    assert.match(admin[1]!, /^429 /);
    assert.match(admin.at(-1)!, /^400 This code no longer works/);
  });
});
