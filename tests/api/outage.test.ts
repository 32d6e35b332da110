// npm test: serial (each answer within 2.5 s while PostgreSQL is stopped or frozen).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createCard } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { clusterSkip, createPgCluster, type PgCluster } from '../helpers/pg-cluster.ts';
import { setDatabasePatienceForTests } from '../../src/server/db/database.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

// This file measures the production bounds on waiting for PostgreSQL (a 503 within 2 s): test
// servers wait longer unless told otherwise. A serial file runs in a process of its own.
setDatabasePatienceForTests(1);

interface Timed {
  status: number;
  ms: number;
  retryAfter: string | null;
  body: string;
}

describe('an outage is an outage: PostgreSQL gone or frozen', { skip: clusterSkip }, () => {
  let cluster: PgCluster;
  let app: TestServer;
  let admin: HttpClient;
  let cardId = '';

  const timed = async (path: string, init?: RequestInit): Promise<Timed> => {
    const started = performance.now();
    const res = await fetch(app.url + path, { ...init, signal: AbortSignal.timeout(10_000) });
    return {
      status: res.status,
      ms: performance.now() - started,
      retryAfter: res.headers.get('retry-after'),
      body: await res.text(),
    };
  };
  const pages = () => ['/portfolio', `/card-details?id=${cardId}`, '/sitemap.xml', '/en/about'];
  const calls = () => [
    '/api/card?type=portfolio&language=en',
    `/api/card/details?id=${cardId}&language=en`,
    '/api/slider/?language=en',
    '/api/word/',
  ];

  /** Every uncached page and call answers 503 with Retry-After within 2 s, never a 404, an empty page or a 500. */
  const expectOutage = async (label: string) => {
    const seen: string[] = [];
    for (const path of [...pages(), ...calls()]) {
      const r = await timed(path);
      seen.push(`${path} ${r.status} ${r.ms.toFixed(0)} ms`);
      assert.equal(r.status, 503, `${label}: ${path} answered ${r.status}: ${r.body.slice(0, 200)}`);
      assert.ok(r.retryAfter, `${label}: ${path} has Retry-After`);
      assert.ok(r.ms < 2500, `${label}: ${path} answered in ${r.ms.toFixed(0)} ms`);
      assert.ok(!/noindex/.test(r.body), `${label}: ${path} has no noindex`);
      if (path.startsWith('/api/')) assert.deepEqual(Object.keys(JSON.parse(r.body) as object), ['message', 'code']);
    }
    const write = await admin.post('/api/word/', { word: `during-${label}` });
    assert.equal(write.status, 503, `${label}: a write answers 503`);
    const phone = await admin.put('/api/auth/change-phone', { phoneNumber: '+966 11 000 0503' });
    assert.equal(phone.status, 503, `${label}: a single-statement write answers 503`);
    return seen;
  };
  const expectBack = async (label: string) => {
    let status = 0;
    for (let i = 0; i < 40 && status !== 200; i++) {
      status = (await timed('/portfolio')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(status, 200, `${label}: pages are back without a restart`);
    for (const path of [...pages(), ...calls()])
      assert.equal((await timed(path)).status, 200, `${label}: ${path} is back`);
    // A write is accepted again (and makes every kept page stale, so the next round starts uncached).
    assert.equal((await admin.post('/api/word/', { word: `after ${label}` })).status, 201);
    for (const path of ['/', '/en/products']) assert.equal((await timed(path)).status, 200);
  };

  before(async () => {
    cluster = await createPgCluster('outage-pg-');
    app = await startServer('sqlite', { DATABASE_URL: cluster.url });
    admin = await app.admin();
    cardId = (await createCard(admin, 'product', { title: 'شبك' }))._id;
    await admin.put(`/api/card/togggle-details/${cardId}`);
  });
  after(async () => {
    cluster?.thaw();
    await app?.close().catch(() => {});
    cluster?.remove();
  });

  it('keeps serving cached pages, answers everything else 503 within 2 s, and recovers by itself (stopped, then frozen)', async (t) => {
    // Pages read once are in the page cache.
    for (const path of ['/', '/en/products']) assert.equal((await timed(path)).status, 200);

    cluster.stop();
    for (const path of ['/', '/en/products'])
      assert.equal((await timed(path)).status, 200, `${path} is served from the cache while the database is down`);
    t.diagnostic(`stopped: ${(await expectOutage('stopped')).join('; ')}`);
    cluster.start();
    await expectBack('after a restart of the database');

    cluster.freeze();
    try {
      for (const path of ['/', '/en/products'])
        assert.equal((await timed(path)).status, 200, `${path} is served from the cache while the database is frozen`);
      t.diagnostic(`frozen: ${(await expectOutage('frozen')).join('; ')}`);
    } finally {
      cluster.thaw();
    }
    await expectBack('after the database thaws');
    // Nothing refused during the outage was written later, when the database came back.
    await new Promise((r) => setTimeout(r, 500));
    const words = ((await admin.get('/api/word/')).body.data as { word: string }[]).map((w) => w.word);
    assert.deepEqual(
      words.filter((w) => w.startsWith('during-')),
      [],
      'no write answered 503 was stored afterwards',
    );
    assert.notEqual((await admin.get('/api/auth/phone')).body.data, '+966 11 000 0503', 'nor a single-statement one');
  });
});
