import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { setHashCostForTests } from '../../src/server/features/auth/passwords.ts';

/**
 * The app's schema compilers are made once per process (src/server/lib/schema-compilers.ts): two
 * apps built in one process validate and answer alike, and Fastify, given compilers of ours, takes
 * every `headers` schema as written, so each must name its headers in lower case, as they arrive.
 */
describe('schema compilers shared by the apps of a process', () => {
  const dirs: string[] = [];
  const apps: FastifyInstance[] = [];
  const headerSchemas: { route: string; names: string[] }[] = [];
  after(async () => {
    for (const app of apps) await app.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    setHashCostForTests('production');
  });

  async function anApp(): Promise<FastifyInstance> {
    setHashCostForTests('cheap');
    const dir = mkdtempSync(join(tmpdir(), 'schema-compilers-'));
    dirs.push(dir);
    const config = loadConfig({
      DATA_DIR: dir,
      ADMIN_EMAIL: 'owner@test.example',
      ADMIN_PASSWORD: 'correct horse battery staple',
      SEED_DEMO: 'false',
      PORT: '0',
    });
    const app = await buildApp(config, {
      logger: { level: 'silent' },
      onRoute: (route: RouteOptions) => {
        const headers = route.schema?.headers as
          { properties?: Record<string, unknown>; required?: string[] } | undefined;
        if (headers)
          headerSchemas.push({
            route: `${String(route.method)} ${route.url}`,
            names: [...Object.keys(headers.properties ?? {}), ...(headers.required ?? [])],
          });
      },
    });
    apps.push(app);
    await app.ready();
    return app;
  }

  it('validates requests and serialises answers the same in a second app as in the first', async () => {
    const first = await anApp();
    const second = await anApp();
    for (const app of [first, second]) {
      const refused = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 7 } });
      assert.equal(refused.statusCode, 400, refused.body);
      assert.ok(Array.isArray(refused.json().errors), refused.body);
      const cards = await app.inject('/api/card?type=product');
      assert.equal(cards.statusCode, 200);
      assert.deepEqual(cards.json(), (await first.inject('/api/card?type=product')).json());
    }
  });

  it('finds every headers schema written in lower case', () => {
    assert.ok(headerSchemas.length > 0, 'the app has routes with a headers schema');
    for (const { route, names } of headerSchemas)
      for (const name of names) assert.equal(name, name.toLowerCase(), `${route}: header "${name}"`);
  });
});
