import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { describeEachEngine, startServer, type TestServer } from '../helpers/server.ts';

describeEachEngine('health and readiness', (server) => {
  it('answers /healthz and /readyz with 200, not cached, and keeps them out of the API document', async () => {
    for (const [path, status] of [['/healthz', 'ok'], ['/readyz', 'ready']] as const) {
      const res = await fetch(server().url + path);
      assert.equal(res.status, 200, path);
      assert.deepEqual(await res.json(), { status });
      assert.equal(res.headers.get('cache-control'), 'no-store');
    }
    const doc = await (await fetch(server().url + '/api/docs/json')).text();
    assert.ok(!doc.includes('/healthz') && !doc.includes('/readyz'), 'hidden from /api/docs');
  });
});

// A PostgreSQL cluster of the test's own, on its own port: stopped and started by the test (never the shared server).
const BIN = '/usr/lib/postgresql/15/bin';
const asPostgres = (cmd: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', join(BIN, cmd), ...args], { stdio: 'pipe' });
const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => resolve(port)); });
});

describe('readiness follows the database', { skip: existsSync(join(BIN, 'initdb')) ? false : 'PostgreSQL 15 server binaries (initdb, pg_ctl) are not installed' }, () => {
  let dir: string; let port: number; let app: TestServer;
  const ctl = (action: 'start' | 'stop') => asPostgres('pg_ctl', ['-D', join(dir, 'data'), '-w', '-m', 'immediate', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', join(dir, 'log'), action]);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'readyz-pg-'));
    chmodSync(dir, 0o777);
    port = await freePort();
    asPostgres('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    ctl('start');
    app = await startServer('sqlite', { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` });
  });
  after(async () => {
    await app?.close().catch(() => {});
    try { ctl('stop'); } catch { /* already stopped */ }
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with a reason and Retry-After within 2 s while the database is down, and 200 again once it is back', async () => {
    assert.equal((await fetch(app.url + '/readyz')).status, 200);
    ctl('stop');
    const started = Date.now();
    const down = await fetch(app.url + '/readyz');
    const ms = Date.now() - started;
    assert.equal(down.status, 503);
    assert.ok(ms < 2000, `answered in ${ms} ms`);
    assert.ok(down.headers.get('retry-after'));
    assert.match((await down.json() as { message: string }).message, /^Database unavailable: ./);
    assert.equal((await fetch(app.url + '/healthz')).status, 200, 'the process is alive all the same');
    ctl('start');
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await fetch(app.url + '/readyz')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(status, 200, 'ready again without a restart');
  });
});
