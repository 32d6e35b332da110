// npm test: serial (503 within 2 s while the database is down).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { clusterSkip, createPgCluster, type PgCluster } from '../helpers/pg-cluster.ts';
import { setDatabasePatienceForTests } from '../../src/server/db/database.ts';
import { describeEachEngine, startServer, type TestServer } from '../helpers/server.ts';

// This file measures the production bounds on waiting for PostgreSQL (a 503 within 2 s): test
// servers wait longer unless told otherwise. A serial file runs in a process of its own.
setDatabasePatienceForTests(1);

describeEachEngine('health and readiness', (server) => {
  it('answers /healthz and /readyz with 200, not cached, and keeps them out of the API document', async () => {
    for (const [path, status] of [
      ['/healthz', 'ok'],
      ['/readyz', 'ready'],
    ] as const) {
      const res = await fetch(server().url + path);
      assert.equal(res.status, 200, path);
      // /healthz adds the System panel's facts for monitors (tests/api/system.test.ts).
      assert.equal(((await res.json()) as { status: string }).status, status);
      assert.equal(res.headers.get('cache-control'), 'no-store');
    }
    const doc = await (await fetch(server().url + '/api/docs/json')).text();
    assert.ok(!doc.includes('/healthz') && !doc.includes('/readyz'), 'hidden from /api/docs');
  });
});

describe('readiness follows the database', { skip: clusterSkip }, () => {
  let cluster: PgCluster;
  let app: TestServer;
  before(async () => {
    cluster = await createPgCluster('readyz-pg-');
    app = await startServer('sqlite', { DATABASE_URL: cluster.url });
  });
  after(async () => {
    await app?.close().catch(() => {});
    cluster?.remove();
  });

  it('answers 503 with a reason and Retry-After within 2 s while the database is down, and 200 again once it is back', async () => {
    assert.equal((await fetch(app.url + '/readyz')).status, 200);
    cluster.stop();
    const started = Date.now();
    const down = await fetch(app.url + '/readyz');
    const ms = Date.now() - started;
    assert.equal(down.status, 503);
    assert.ok(ms < 2000, `answered in ${ms} ms`);
    assert.ok(down.headers.get('retry-after'));
    assert.match(((await down.json()) as { message: string }).message, /^Database unavailable: ./);
    assert.equal((await fetch(app.url + '/healthz')).status, 200, 'the process is alive all the same');
    cluster.start();
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await fetch(app.url + '/readyz')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(status, 200, 'ready again without a restart');
  });
});
