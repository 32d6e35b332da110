import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { ConfigError, loadConfig, trustProxyOption } from '../../src/server/config.ts';
import { ENVIRONMENT } from '../../src/server/environment.ts';

/** The ConfigError loadConfig throws for `env`, failing the test when it does not throw one. */
function problemsFor(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    assert.ok(err instanceof ConfigError, String(err));
    return err.problems;
  }
  assert.fail(`accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('runs with nothing set: defaults that make `npm start` work', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.dataDir, resolve('./data'));
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.adminEmail, undefined);
    assert.equal(config.adminPassword, undefined);
    assert.equal(config.smtpUrl, undefined);
    assert.match(config.mailFrom, /<[^>]+@[^>]+>/);
    assert.equal(config.publicUrl, 'http://localhost:3000');
    assert.deepEqual(config.corsOrigins, []);
    assert.equal(config.trustProxy, false);
    assert.equal(config.production, false);
    assert.ok(Object.isFrozen(config));
  });

  it('reads and normalises good values', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/site-data',
      DATABASE_URL: 'postgres://u:p@db:5432/site',
      ADMIN_EMAIL: ' Owner@Example.COM ',
      ADMIN_PASSWORD: 'long enough',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Site <no-reply@example.com>',
      PUBLIC_URL: 'https://www.example.com/some/path',
      CORS_ORIGINS: ' https://a.example , https://b.example:8443/ ',
      TRUST_PROXY: 'true',
      NODE_ENV: 'production',
    });
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.dataDir, '/tmp/site-data');
    assert.equal(config.databaseUrl, 'postgres://u:p@db:5432/site');
    assert.equal(config.adminEmail, 'owner@example.com');
    assert.equal(config.smtpUrl, 'smtps://user:pass@mail.example:465');
    assert.equal(config.mailFrom, 'Site <no-reply@example.com>');
    assert.equal(config.publicUrl, 'https://www.example.com');
    assert.deepEqual(config.corsOrigins, ['https://a.example', 'https://b.example:8443']);
    assert.equal(config.trustProxy, 1, '"true" is one proxy in front');
    assert.equal(config.production, true);
    assert.equal(loadConfig({ PORT: '4000' }).publicUrl, 'http://localhost:4000', 'PUBLIC_URL follows PORT by default');
    assert.equal(loadConfig({ TRUST_PROXY: 'off' }).trustProxy, false);
  });

  const bad: [string, Record<string, string>][] = [
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '80.5' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/site' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'owner-at-example.com', ADMIN_PASSWORD: 'long enough' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'short' }],
    ['ADMIN_EMAIL', { ADMIN_PASSWORD: 'long enough' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example' }],
    ['SMTP_URL', { SMTP_URL: 'mail.example:587' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://www.example.com' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'www.example.com' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'https://ok.example,not-an-origin' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'file:///etc/passwd' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['TRUST_PROXY', { TRUST_PROXY: '11' }],
    ['TRUST_PROXY', { TRUST_PROXY: '-1' }],
    ['TRUST_PROXY', { TRUST_PROXY: '1.5' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.5,nginx.internal' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'fd00::/129' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/8/8' }],
    ['TRUST_PROXY', { TRUST_PROXY: '256.0.0.1' }],
    ['TRUST_PROXY', { TRUST_PROXY: ',' }],
    ['MAX_CONNECTIONS', { MAX_CONNECTIONS: '0' }],
    ['MAX_CONNECTIONS_PER_ADDRESS', { MAX_CONNECTIONS_PER_ADDRESS: 'many' }],
    ['HEADERS_TIMEOUT_MS', { HEADERS_TIMEOUT_MS: '99' }],
    ['REQUEST_TIMEOUT_MS', { HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' }],
    ['MAX_HEAP_USED_MB', { MAX_HEAP_USED_MB: '0' }],
    ['SHUTDOWN_DRAIN_MS', { SHUTDOWN_DRAIN_MS: '9000' }],
    ['SHUTDOWN_TIMEOUT_MS', { SHUTDOWN_TIMEOUT_MS: '1e4' }],
    ['LEADS_TIME_ZONE', { LEADS_TIME_ZONE: 'Mars/Olympus_Mons' }],
    ['LEADS_KEEP_DAYS', { LEADS_KEEP_DAYS: '0' }],
    ['REQUESTS_KEEP_MONTHS', { REQUESTS_KEEP_MONTHS: '0' }],
    ['LEADS_FLUSH_MS', { LEADS_FLUSH_MS: '10' }],
    ['TRASH_DAYS', { TRASH_DAYS: '3651' }],
    ['HISTORY_DAYS', { HISTORY_DAYS: 'ninety' }],
    ['HISTORY_VERSIONS', { HISTORY_VERSIONS: '0' }],
    ['SEED_DEMO', { SEED_DEMO: 'maybe' }],
    ['SERVE_SOURCE_MAPS', { SERVE_SOURCE_MAPS: 'sometimes' }],
    ['PAGE_CACHE', { PAGE_CACHE: '2' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    // A refused variable takes no part in the rules that use it: one problem, not two.
    ['HEADERS_TIMEOUT_MS', { HEADERS_TIMEOUT_MS: 'x', REQUEST_TIMEOUT_MS: '1000' }],
  ];
  for (const [name, env] of bad) {
    it(`refuses ${JSON.stringify(env)} with a message naming ${name}`, () => {
      const problems = problemsFor(env);
      assert.equal(problems.length, 1, problems.join('; '));
      assert.match(problems[0]!, new RegExp(`\\b${name}\\b`));
    });
  }

  it('reads TRUST_PROXY as a number of proxies or their addresses, never as "trust every hop"', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    for (const off of ['', 'false', 'off', 'no', '0']) assert.equal(trust(off), false, off);
    assert.equal(trust('1'), 1);
    assert.equal(trust(' 2 '), 2);
    assert.deepEqual(trust('10.0.0.5'), ['10.0.0.5']);
    assert.deepEqual(trust(' 10.0.0.5 , 192.168.0.0/16,::1, fd00::/8 ,loopback'), [
      '10.0.0.5',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    // "true" trusted every hop, so X-Forwarded-For chose the address: it is one proxy now, and said so.
    for (const yes of ['true', 'TRUE', 'yes', 'on']) {
      const config = loadConfig({ TRUST_PROXY: yes });
      assert.equal(config.trustProxy, 1, yes);
      assert.equal(config.warnings.length, 1, yes);
      assert.match(config.warnings[0]!, /TRUST_PROXY.*read as 1/);
    }
    assert.deepEqual(loadConfig({ TRUST_PROXY: '1' }).warnings, [], 'a hop count on loopback needs no warning');
    const open = { HOST: '0.0.0.0', PUBLIC_URL: 'https://birds.example', SMTP_URL: 'smtp://mail.example:587' };
    const hopsInOpen = loadConfig({ ...open, TRUST_PROXY: '1' }).warnings;
    assert.equal(hopsInOpen.length, 1);
    assert.match(hopsInOpen[0]!, /TRUST_PROXY counts hops.*proxy's address/);
    assert.deepEqual(
      loadConfig({ ...open, TRUST_PROXY: '10.0.0.5' }).warnings,
      [],
      'an address list holds wherever the server listens',
    );
  });

  it('reports every bad value at once, one line each', () => {
    const problems = problemsFor({
      PORT: 'x',
      DATABASE_URL: 'x',
      SMTP_URL: 'x',
      PUBLIC_URL: 'x',
      CORS_ORIGINS: 'x',
      TRUST_PROXY: 'x',
    });
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'CORS_ORIGINS', 'TRUST_PROXY']) {
      assert.ok(
        problems.some((p) => p.includes(name)),
        `${name} in ${problems.join('; ')}`,
      );
    }
    assert.throws(
      () => loadConfig({ PORT: 'x' }),
      (err: Error) => /Invalid configuration/.test(err.message) && /PORT/.test(err.message),
    );
  });

  it('refuses to listen beyond loopback without PUBLIC_URL, and warns there when SMTP_URL is unset', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'example.com']) {
      const problems = problemsFor({ HOST: host });
      assert.ok(
        problems.some((p) => p.startsWith('PUBLIC_URL must be set')),
        `${host}: ${problems.join('; ')}`,
      );
    }
    const open = loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://birds.example' });
    assert.equal(open.publicUrl, 'https://birds.example');
    assert.equal(open.warnings.length, 1);
    assert.match(open.warnings[0]!, /^SMTP_URL is not set/);
    assert.deepEqual(
      loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://birds.example', SMTP_URL: 'smtp://mail.example:587' })
        .warnings,
      [],
    );
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1']) {
      assert.deepEqual(loadConfig({ HOST: host }).warnings, [], `${host} is loopback: nothing to set, nothing to warn`);
    }
  });
});

describe("the environment's schema", () => {
  const variables = Object.entries(ENVIRONMENT.properties) as [
    string,
    { description?: string; default?: unknown; 'x-default'?: string; '~optional'?: boolean },
  ][];

  it('gives every variable a description, and a default or words for it', () => {
    assert.ok(variables.length > 20);
    for (const [name, variable] of variables) {
      assert.ok((variable.description ?? '').length > 10, `${name} has a description`);
      // Optional ones may be unset (the README says "unset"); the others need what loadConfig falls back to.
      assert.ok(
        variable.default !== undefined || variable['x-default'] !== undefined || variable['~optional'] === true,
        `${name} has a default`,
      );
    }
  });

  it('is what loadConfig falls back to when nothing is set', () => {
    const config = loadConfig({});
    const defaults = Object.fromEntries(variables.map(([name, v]) => [name, v.default]));
    assert.deepEqual(
      [config.port, config.host, config.mailFrom, config.logLevel, config.seedDemo, config.pageCache],
      [defaults.PORT, defaults.HOST, defaults.MAIL_FROM, defaults.LOG_LEVEL, defaults.SEED_DEMO, defaults.PAGE_CACHE],
    );
    assert.deepEqual(config.retention, {
      trashDays: defaults.TRASH_DAYS,
      historyDays: defaults.HISTORY_DAYS,
      historyVersions: defaults.HISTORY_VERSIONS,
    });
    assert.deepEqual(config.leads, {
      timeZone: defaults.LEADS_TIME_ZONE,
      keepDays: defaults.LEADS_KEEP_DAYS,
      flushMs: defaults.LEADS_FLUSH_MS,
    });
    assert.deepEqual(config.connections, {
      max: defaults.MAX_CONNECTIONS,
      perAddress: 256,
      headersTimeoutMs: defaults.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: defaults.REQUEST_TIMEOUT_MS,
      maxHeapUsedMb: undefined,
      shutdownDrainMs: defaults.SHUTDOWN_DRAIN_MS,
      shutdownTimeoutMs: defaults.SHUTDOWN_TIMEOUT_MS,
    });
  });

  it('works out the defaults that depend on other variables, as the README says', () => {
    assert.equal(loadConfig({ TRUST_PROXY: '1' }).connections.perAddress, 0, 'no per-address bound behind a proxy');
    assert.equal(loadConfig({ TRUST_PROXY: '1', MAX_CONNECTIONS_PER_ADDRESS: '7' }).connections.perAddress, 7);
    assert.equal(loadConfig({ TRUST_PROXY: '0' }).connections.perAddress, 256);
    assert.equal(loadConfig({}).serveSourceMaps, true);
    assert.equal(loadConfig({ NODE_ENV: 'production' }).serveSourceMaps, false);
    assert.equal(loadConfig({ NODE_ENV: 'production', SERVE_SOURCE_MAPS: 'yes' }).serveSourceMaps, true);
    assert.equal(
      loadConfig({ ADMIN_PASSWORD: ' spaced  out ', ADMIN_EMAIL: 'a@b.example' }).adminPassword,
      ' spaced  out ',
      'a password is taken as written',
    );
    assert.equal(loadConfig({ MAX_HEAP_USED_MB: ' 300 ' }).connections.maxHeapUsedMb, 300);
    assert.equal(loadConfig({ PAGE_CACHE: 'OFF', SEED_DEMO: 'no' }).pageCache, false);
  });
});

describe('trustProxyOption', () => {
  /** request.ip of a request from `from` carrying `forwarded`, in a Fastify built with TRUST_PROXY=`value`. */
  async function ipFor(value: string, from: string, forwarded: string): Promise<string> {
    const app = Fastify({ trustProxy: trustProxyOption(loadConfig({ TRUST_PROXY: value }).trustProxy) });
    app.get('/', (request) => request.ip);
    try {
      return (await app.inject({ url: '/', remoteAddress: from, headers: { 'x-forwarded-for': forwarded } })).body;
    } finally {
      await app.close();
    }
  }

  it('takes the address the last trusted proxy saw, whatever the client put left of it', async () => {
    assert.equal(await ipFor('1', '127.0.0.1', '10.6.6.6, 203.0.113.7'), '203.0.113.7');
    assert.equal(await ipFor('1', '127.0.0.1', '203.0.113.7'), '203.0.113.7');
    assert.equal(await ipFor('2', '127.0.0.1', '10.6.6.6, 203.0.113.7, 10.0.0.2'), '203.0.113.7');
    assert.equal(await ipFor('true', '127.0.0.1', '10.6.6.6, 203.0.113.7'), '203.0.113.7', '"true" is one hop');
    assert.equal(await ipFor('false', '127.0.0.1', '203.0.113.7'), '127.0.0.1');
    assert.equal(await ipFor('10.0.0.5', '10.0.0.5', '10.6.6.6, 203.0.113.7'), '203.0.113.7');
    assert.equal(
      await ipFor('10.0.0.0/8', '10.0.0.5', '203.0.113.7, 10.0.0.9'),
      '203.0.113.7',
      'proxies in the list are passed through',
    );
    assert.equal(
      await ipFor('10.0.0.5', '192.0.2.1', '203.0.113.7'),
      '192.0.2.1',
      'not a listed proxy: its header is ignored',
    );
  });
});
