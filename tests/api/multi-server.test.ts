// npm test: serial (a write seen on the other server within a second).
import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import pg from 'pg';
import { LISTENER_APPLICATION_NAME } from '../../src/server/db/content-listener.ts';
import { countHit } from '../../src/server/features/auth/rate-limit-store.ts';
import { sendDecoy } from '../../src/server/features/auth/reset-decoys.ts';
import { createCard, uploadImage } from '../helpers/factories.ts';
import { postFrom, type HttpClient } from '../helpers/http.ts';
import { requestForm, solvedProof } from '../helpers/requests.ts';
import { ADMIN_EMAIL, startServerGroup, type ServerGroup, type TestServer } from '../helpers/server.ts';

const skip = process.env.TEST_DATABASE_URL
  ? false
  : 'several servers share one PostgreSQL database: set TEST_DATABASE_URL to run';

const text = async (server: TestServer, path: string) => (await fetch(server.url + path)).text();

/**
 * Asks `server` for `paths` again and again until every answer contains `needle`; fails unless a
 * round of asking that began within a second of `since` saw it everywhere. (Measured at the start
 * of a round, so a slow render on a loaded machine does not count against the server.)
 */
async function seenWithinASecond(
  t: TestContext,
  server: TestServer,
  paths: string[],
  needle: string,
  since: number,
): Promise<void> {
  for (;;) {
    const began = performance.now();
    const answers = await Promise.all(paths.map((p) => text(server, p)));
    const missing = paths.filter((_, i) => !answers[i]!.includes(needle));
    if (missing.length === 0) {
      t.diagnostic(`"${needle}" on ${paths.join(', ')} after ${Math.round(began - since)} ms`);
      assert.ok(began - since <= 1000, `seen on the other server ${Math.round(began - since)} ms after the write`);
      return;
    }
    assert.ok(began - since <= 1000, `not on ${missing.join(', ')} of the other server a second after the write`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    assert.ok(Date.now() < deadline, `${what} within ${timeoutMs / 1000} s`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe('two servers on one PostgreSQL database', { skip }, () => {
  let group: ServerGroup;
  let a: TestServer;
  let b: TestServer;
  let adminA: HttpClient;

  before(async () => {
    const now = Date.now();
    group = await startServerGroup(2, {
      // Left over from earlier days: what the clean-up must remove.
      prepare: async (db) => {
        await countHit(db, 'left-over', 60_000, now - 2 * 60 * 60 * 1000);
        await sendDecoy(
          db,
          'left.over@test.example',
          { cooldownMs: 60_000, otpTtlMs: 600_000, maxAttempts: 5 },
          now - 3 * 24 * 60 * 60 * 1000,
        );
      },
    });
    [a, b] = group.servers as [TestServer, TestServer];
    adminA = await a.admin();
  });
  after(() => group?.close());

  it("shows a card, a slide, the about text and the phone written through one on the other's pages and API within a second", async (t) => {
    const stamp = Date.now().toString(36);
    const watched = [
      '/products',
      '/api/card?type=product',
      '/',
      '/api/slider',
      '/about',
      '/api/aboutus?language=ar',
      '/contact',
      '/api/auth/phone',
    ];
    // B keeps every one of them (rendered once, then served from memory).
    for (const path of watched) assert.equal((await fetch(b.url + path)).status, 200, path);
    const versionB = b.app.ctx.content.version;
    for (const path of watched) await text(b, path);
    assert.equal(b.app.ctx.content.version, versionB, 'reading changes nothing');

    const title = `Card from A ${stamp}`;
    await createCard(adminA, 'product', { title });
    await seenWithinASecond(t, b, ['/products', '/api/card?type=product'], title, performance.now());

    const image = await uploadImage(adminA);
    const slide = await adminA.post('/api/slider/', {
      title: `Slide from A ${stamp}`,
      details: 'On every server',
      image,
    });
    assert.equal(slide.status, 201);
    await seenWithinASecond(t, b, ['/', '/api/slider'], `Slide from A ${stamp}`, performance.now());

    const about = {
      title: `About from A ${stamp}`,
      description: 'd',
      title2: 't2',
      description2: 'd2',
      title3: 't3',
      description3: 'd3',
      language: 'ar',
    };
    assert.equal((await adminA.post('/api/aboutus/', about)).status, 200);
    await seenWithinASecond(t, b, ['/about', '/api/aboutus?language=ar'], about.title, performance.now());

    assert.equal((await adminA.put('/api/auth/change-phone', { phoneNumber: '+966 55 987 6543' })).status, 200);
    await seenWithinASecond(t, b, ['/contact'], 'tel:+966559876543', performance.now());
    // Answered in international form since numbers are checked as numbers.
    await seenWithinASecond(t, b, ['/api/auth/phone'], '+966559876543', performance.now());
  });

  it('counts its own write once: the notification coming back is not a second change', async () => {
    const versionA = a.app.ctx.content.version;
    assert.equal((await adminA.post('/api/word/', { word: `own-${Date.now().toString(36)}` })).status, 201);
    assert.equal(a.app.ctx.content.version, versionA + 1, 'counted before the answer left');
    // Notifications reach a listener in commit order: once A has heard B's later write, it has had
    // its own notification too.
    const adminB = await b.admin();
    assert.equal((await adminB.post('/api/word/', { word: `other-${Date.now().toString(36)}` })).status, 201);
    await until(
      "A hearing of B's write",
      async () => (a.app.ctx.content.version > versionA + 1 ? true : undefined),
      5000,
    );
    assert.equal(a.app.ctx.content.version, versionA + 2, "its own write once, B's once");
  });

  it('holds a sign-in throttle tripped through one on the other', async () => {
    // Per account and address: 10 tries in 15 minutes, counted on both servers together.
    const email = 'guessed.account@test.example';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push(
        await postFrom(i % 2 ? b.url : a.url, '127.0.0.2', '/api/auth/login', { email, password: `wrong-${i}` }),
      );
    assert.deepEqual(statuses, Array<number>(10).fill(401));
    assert.equal(await postFrom(b.url, '127.0.0.2', '/api/auth/login', { email, password: 'wrong-b' }), 429);
    assert.equal(await postFrom(a.url, '127.0.0.2', '/api/auth/login', { email, password: 'wrong-a' }), 429);
    // Per address (the route's limit): 20 sign-ins a minute, whatever the email, on both together.
    const spread: number[] = [];
    for (let i = 0; i < 20; i++)
      spread.push(
        await postFrom(i % 2 ? b.url : a.url, '127.0.0.3', '/api/auth/login', {
          email: `visitor${i}@test.example`,
          password: 'wrong',
        }),
      );
    assert.deepEqual(spread, Array<number>(20).fill(401));
    assert.equal(
      await postFrom(a.url, '127.0.0.3', '/api/auth/login', { email: 'visitor-last@test.example', password: 'wrong' }),
      429,
    );
  });

  it('takes a proof of work made by one server on the other, and only once on both', async () => {
    // The request form's challenge (request-challenge.ts): signed with secrets both derive from the database.
    const proof = await solvedProof(a.anon());
    const send = (server: TestServer, phone: string) =>
      server.anon().post('/api/requests?lang=en', requestForm({ city: 'Riyadh', proof, phone, shown: '1' }));
    assert.equal((await send(b, '050 333 0001')).status, 201);
    assert.equal((await send(a, '050 333 0002')).status, 201);
    const rows = await b.app.ctx.db
      .selectFrom('requests')
      .select(['phone', 'unchallenged'])
      .where('phone', 'in', ['+966503330001', '+966503330002'])
      .orderBy('phone')
      .execute();
    assert.deepEqual(
      rows.map((r) => Number(r.unchallenged)),
      [0, 1],
      'checked on the other server, then refused as used on the first',
    );
  });

  it("answers a reset for an unknown email as for the admin's, through either server", async () => {
    const flow = async (email: string) => {
      const viaA = a.anon();
      const viaB = b.anon(); // no device cookie on either: the cooldown applies as to anyone
      const out: string[] = [];
      const sent = await viaA.post('/api/auth/forget-password', { email });
      out.push(`${sent.status} ${sent.body.message}`);
      // One browser behind a balancer: its requests reach either server with the same cookies
      // (the reset cookie names it as the browser that asked for the code).
      viaB.headers.cookie = viaA.cookieHeader;
      const again = await viaB.post('/api/auth/resend-otp', { email });
      out.push(`${again.status} ${String(again.body.message).replace(/\d+ seconds/, 'N seconds')}`);
      for (let i = 0; i < 6; i++) {
        const guess = await (i % 2 ? viaB : viaA).post('/api/auth/verify-reset-password', { email, otp: `00000${i}` });
        out.push(`${guess.status} ${guess.body.message}`);
      }
      return out;
    };
    const admin = await flow(ADMIN_EMAIL);
    const stranger = await flow('nobody.here@test.example');
    assert.deepEqual(stranger, admin);
    assert.match(admin[1]!, /^429 Please wait N seconds/, 'the cooldown started on A holds on B');
    assert.deepEqual(
      admin.slice(2, 4),
      ['400 Wrong code. 4 tries left.', '400 Wrong code. 3 tries left.'],
      'tries counted across both',
    );
    assert.match(admin.at(-1)!, /^400 This code no longer works/);
  });

  it('ran the image sweep and the clean-up once, on one of them', async () => {
    const { db } = a.app.ctx;
    const jobs = await db
      .selectFrom('jobs')
      .select(['name', 'runs', 'owner'])
      .where('name', 'in', ['image-sweep', 'clean-up'])
      .orderBy('name')
      .execute();
    assert.deepEqual(
      jobs.map((j) => [j.name, j.runs]),
      [
        ['clean-up', 1],
        ['image-sweep', 1],
      ],
    );
    for (const name of ['image-sweep', 'clean-up']) {
      assert.equal(a.app.jobRuns[name]! + b.app.jobRuns[name]!, 1, `${name} started on one server only`);
    }
    assert.deepEqual([a.app.jobRuns.outbox, b.app.jobRuns.outbox], [1, 1], 'each server prunes its own outbox');
    // The clean-up really ran: what was left over is gone.
    await until('the left-over counter and stand-in removed', async () => {
      const counters = await db
        .selectFrom('rate_limits')
        .select('key')
        .where('resets_at', '<', new Date(Date.now() - 60 * 60 * 1000).toISOString())
        .execute();
      const decoys = await db
        .selectFrom('reset_decoys')
        .select('email_hash')
        .where('expires_at', '<', new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString())
        .execute();
      return counters.length + decoys.length === 0 ? true : undefined;
    });
  });

  it("reconnects a listening connection killed from PostgreSQL's side, counts content as changed, and still hears later writes", async (t) => {
    const pgAdmin = new pg.Client({ connectionString: group.databaseUrl });
    await pgAdmin.connect();
    try {
      const listeners = async () =>
        (
          await pgAdmin.query<{ pid: number }>(
            'select pid from pg_stat_activity where datname = current_database() and application_name = $1',
            [LISTENER_APPLICATION_NAME],
          )
        ).rows.map((r) => r.pid);
      const killed = await listeners();
      assert.equal(killed.length, 2, 'one listening connection per server');
      const versionB = b.app.ctx.content.version;
      await text(b, '/products');
      await pgAdmin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1',
        [LISTENER_APPLICATION_NAME],
      );
      const started = performance.now();
      await until('both servers listening again on new connections', async () => {
        const now = await listeners();
        return now.length === 2 && !now.some((pid) => killed.includes(pid)) ? now : undefined;
      });
      t.diagnostic(`listening again after ${Math.round(performance.now() - started)} ms`);
      await until(
        'B counting content as changed',
        async () => (b.app.ctx.content.version > versionB ? true : undefined),
        5000,
      );

      const title = `After the reconnect ${Date.now().toString(36)}`;
      await createCard(adminA, 'product', { title });
      await seenWithinASecond(t, b, ['/products', '/api/card?type=product'], title, performance.now());
      assert.equal((await fetch(`${b.url}/readyz`)).status, 200, 'the server kept running');
    } finally {
      await pgAdmin.end();
    }
  });
});
