import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { countHit, peekHits } from '../../src/server/features/auth/rate-limit-store.ts';
import { sendDecoy } from '../../src/server/features/auth/reset-decoys.ts';
import { cleanUpDatabase, pruneOutbox } from '../../src/server/jobs/clean-up.ts';
import { claimJob } from '../../src/server/jobs/job-lease.ts';
import { describeEachEngine } from '../helpers/server.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

describeEachEngine('periodic jobs', (server) => {
  it('runs a job on one claimant per period, however many ask at once', async () => {
    const { db } = server().app.ctx;
    const now = Date.now();
    const claims = await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((owner) => claimJob(db, 'test-job', HOUR, owner, now)),
    );
    assert.equal(claims.filter(Boolean).length, 1, 'one of six at the same moment');
    const row = await db.selectFrom('jobs').selectAll().where('name', '=', 'test-job').executeTakeFirstOrThrow();
    assert.equal(row.runs, 1);
    assert.equal(row.started_at, iso(now));
    assert.equal(await claimJob(db, 'test-job', HOUR, 'g', now + HOUR - 1), false, 'not again within the period');
    assert.equal(await claimJob(db, 'test-job', HOUR, 'g', now + HOUR), true, 'due again after it');
    assert.deepEqual(
      {
        ...(await db
          .selectFrom('jobs')
          .select(['owner', 'runs'])
          .where('name', '=', 'test-job')
          .executeTakeFirstOrThrow()),
      },
      { owner: 'g', runs: 2 },
    );
  });

  it('claimed the image sweep and the clean-up when the server started', async () => {
    const rows = await server()
      .app.ctx.db.selectFrom('jobs')
      .select(['name', 'runs'])
      .where('name', 'in', ['image-sweep', 'clean-up'])
      .orderBy('name')
      .execute();
    assert.deepEqual(
      rows.map((r) => ({ ...r })),
      [
        { name: 'clean-up', runs: 1 },
        { name: 'image-sweep', runs: 1 },
      ],
    );
  });

  it('cleans up what has run out, and only that', async () => {
    const admin = await server().admin(); // the admin account exists and has a live session
    assert.equal((await admin.get('/api/auth/is-logged-in')).status, 200);
    const { db } = server().app.ctx;
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const now = Date.now();
    await db
      .insertInto('sessions')
      .values({
        id: 'expired-session',
        public_id: 'expired-session',
        user_id: user.id,
        created_at: iso(now - 8 * DAY),
        last_seen_at: iso(now - 8 * DAY),
        expires_at: iso(now - DAY),
        user_agent: '',
      })
      .execute();
    const reset = (id: string, expiresAt: number, tokenExpiresAt: number | null) => ({
      id,
      user_id: user.id,
      otp_hash: 'x',
      attempts: 0,
      expires_at: iso(expiresAt),
      last_sent_at: iso(expiresAt - 600_000),
      reset_token_hash: tokenExpiresAt ? `token-${id}` : null,
      reset_token_expires_at: tokenExpiresAt ? iso(tokenExpiresAt) : null,
      used_at: tokenExpiresAt ? iso(expiresAt - 300_000) : null,
      created_at: iso(expiresAt - 600_000),
    });
    await db
      .insertInto('password_resets')
      .values([
        reset('old-unused', now - 2 * DAY, null),
        reset('old-used', now - 2 * DAY, now - 2 * DAY + 600_000),
        reset('just-expired', now - HOUR, null), // kept a day, so it still answers "expired"
        reset('used-live-token', now - 2 * DAY, now + 600_000), // its reset token still works
      ])
      .execute();
    await sendDecoy(
      db,
      'old.decoy@test.example',
      { cooldownMs: 60_000, otpTtlMs: 600_000, maxAttempts: 5 },
      now - 2 * DAY,
    );
    await sendDecoy(
      db,
      'recent.decoy@test.example',
      { cooldownMs: 60_000, otpTtlMs: 600_000, maxAttempts: 5 },
      now - HOUR,
    );
    await countHit(db, 'test:ran-out', 60_000, now - 120_000);
    await countHit(db, 'test:running', 60_000, now);

    const counts = await cleanUpDatabase(db, now);

    assert.deepEqual(counts, { sessions: 1, resets: 2, decoys: 1, rateLimits: 1 });
    assert.equal((await admin.get('/api/auth/is-logged-in')).status, 200, 'the live session stays');
    const resets = (await db.selectFrom('password_resets').select('id').execute()).map((r) => r.id).sort();
    assert.deepEqual(resets, ['just-expired', 'used-live-token']);
    assert.equal((await db.selectFrom('reset_decoys').select('email_hash').execute()).length, 1);
    assert.deepEqual(await peekHits(db, 'test:running', now), { current: 1, ttl: 60_000 }, 'a running window stays');
    assert.equal((await cleanUpDatabase(db, now)).rateLimits, 0, 'nothing left to prune');
  });

  it('prunes outbox emails older than 30 days', async () => {
    // A data folder of its own: the server's outbox also gets the emails of this suite's sign-ins.
    const dataDir = mkdtempSync(join(tmpdir(), 'outbox-test-'));
    const outbox = join(dataDir, 'outbox');
    mkdirSync(outbox, { recursive: true });
    const now = Date.now();
    for (const [name, age] of [
      ['old.eml', 31 * DAY],
      ['recent.eml', 29 * DAY],
      ['note.txt', 40 * DAY],
    ] as const) {
      writeFileSync(join(outbox, name), 'x');
      utimesSync(join(outbox, name), new Date(now - age), new Date(now - age));
    }
    assert.equal(await pruneOutbox(dataDir, now), 1);
    assert.deepEqual(readdirSync(outbox).sort(), ['note.txt', 'recent.eml']);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
