import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
}

/** At the default level: one line per API request, none for public pages or static files. */
describe('request log', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'log-test-'));
  const lines: Line[] = [];
  let app: FastifyInstance;
  before(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', PORT: '0' });
    app = await buildApp(config, {
      logger: { level: config.logLevel, stream: { write: (l: string) => lines.push(JSON.parse(l) as Line) } },
    });
    await app.ready();
  });
  after(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const requestLines = () => lines.filter((l) => l.reqId !== undefined);

  it('writes one line with method, path, status, time and request id for an API request, without the query', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/auth/is-logged-in?token=secret-value' });
    assert.equal(res.statusCode, 401);
    const mine = requestLines();
    assert.equal(mine.length, 1, JSON.stringify(mine));
    const [line] = mine;
    assert.equal(line!.level, 30);
    assert.equal(line!.method, 'GET');
    assert.equal(line!.path, '/api/auth/is-logged-in');
    assert.equal(line!.status, 401);
    assert.equal(typeof line!.ms, 'number');
    assert.match(line!.reqId!, /^[0-9a-f-]{36}$/);
    assert.ok(!JSON.stringify(lines).includes('secret-value'));
  });

  it('writes nothing for public pages and cached API answers at the default level', async () => {
    await app.inject({ method: 'GET', url: '/en/contact' }); // rendered and kept
    lines.length = 0;
    for (let i = 0; i < 3; i++) {
      assert.equal((await app.inject({ method: 'GET', url: '/en/contact' })).statusCode, 200);
      assert.equal((await app.inject({ method: 'GET', url: '/api/word/' })).statusCode, 200);
    }
    assert.deepEqual(requestLines(), []);
  });
});
