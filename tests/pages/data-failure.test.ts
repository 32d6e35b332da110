import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createCard } from '../helpers/factories.ts';
import { HttpClient } from '../helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';

/** A public page whose data cannot be read still renders (without that part) and the server logs why. */
describe('public page data failures', () => {
  let app: FastifyInstance;
  let url: string;
  let dataDir: string;
  const logs: Record<string, unknown>[] = [];

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'site-test-'));
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
        done();
      },
    });
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, SEED_DEMO: 'false', PORT: '0' });
    app = await buildApp(config, { logger: { level: 'error', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  after(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('renders the home page without the slides when they cannot be read, logs it, and does not cache it', async () => {
    const admin = new HttpClient(url);
    await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const card = await createCard(admin, 'portfolio', { title: 'Still shown' });
    await sql`drop table slides`.execute(app.ctx.db);

    for (const attempt of [1, 2]) {
      const res = await fetch(`${url}/en`);
      assert.equal(res.status, 200, `attempt ${attempt}`);
      const html = await res.text();
      assert.ok(html.includes(card.title), 'the rest of the page is there');
      assert.ok(!html.includes('aria-roledescription="carousel"'), 'no slider');
      assert.ok(!/error|failed/i.test(html.replace(/<script[\s\S]*?<\/script>/g, '')), 'no error shown to the visitor');
      const failures = logs.filter((l) => l.msg === 'public page data could not be read' && l.what === 'slides');
      assert.equal(failures.length, attempt, 'logged on every request: a degraded page is not cached');
    }
  });
});
