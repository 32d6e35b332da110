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

/** A public page whose data cannot be read is a 503 (never an empty or missing page), and the server logs why. */
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
    app = await buildApp(config, { logger: { level: 'warn', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  after(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After (not a page without its content) while data cannot be read, logs it, keeps nothing, and recovers', async () => {
    const admin = new HttpClient(url);
    await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const card = await createCard(admin, 'portfolio', { title: 'Still shown' });
    await sql`alter table slides rename to slides_away`.execute(app.ctx.db);

    for (const attempt of [1, 2]) {
      const res = await fetch(`${url}/en`);
      assert.equal(res.status, 503, `attempt ${attempt}`);
      assert.equal(res.headers.get('retry-after'), '5');
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const html = await res.text();
      assert.match(html, /Temporarily unavailable/);
      assert.ok(!/noindex/.test(html), 'no noindex: search engines keep the page');
      const failures = logs.filter((l) => l.msg === 'public page data could not be read' && l.what === 'slides');
      assert.equal(failures.length, attempt, 'logged on every request: a failed page is not cached');
    }
    await sql`alter table slides_away rename to slides`.execute(app.ctx.db);
    const back = await fetch(`${url}/en`);
    assert.equal(back.status, 200, 'the page is back by itself');
    assert.ok((await back.text()).includes(card.title));
  });
});
