import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { npmStart, startApp, type AppProcess, type NpmStart } from '../../bench/app-process.ts';

// `npm start` runs the Vite-built server bundle, not the TypeScript sources the other suites load:
// this proves the bundle starts and serves every layer (npm test builds it first).
describe('production server bundle (dist/server/server.js)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bundle-test-'));
  let app: AppProcess | undefined;
  before(async () => {
    app = await startApp(dataDir, { SEED_DEMO: 'false' });
  });
  after(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the API, its OpenAPI document, a public page and the admin shell', async () => {
    const words = await fetch(`${app!.url}/api/word/`);
    assert.equal(words.status, 200);
    assert.deepEqual(await words.json(), { data: [] });

    const docs = (await (await fetch(`${app!.url}/api/docs`)).json()) as { paths: Record<string, unknown> };
    assert.ok('/api/card/togggle-details/{id}' in docs.paths, 'the OpenAPI document lists the contract');

    const home = await fetch(`${app!.url}/en/contact`);
    assert.equal(home.status, 200);
    const html = await home.text();
    assert.match(html, /<html lang="en" dir="ltr">/);
    assert.match(html, /Dammam/);

    const admin = await fetch(`${app!.url}/admin`);
    assert.equal(admin.status, 200);
    assert.match(await admin.text(), /<div id="root">/);

    const login = await fetch(`${app!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-not-secret' }),
    });
    assert.equal(login.status, 200, 'the admin from ADMIN_EMAIL/ADMIN_PASSWORD signs in');
  });

  // The other suites hash at a cheap cost (setHashCostForTests in tests/helpers/server.ts): the
  // server as deployed must still store OWASP's scrypt N=2^17, r=8, p=1.
  it('stores the admin password at the production scrypt cost', () => {
    const db = new DatabaseSync(join(dataDir, 'site.db'), { readOnly: true });
    try {
      const { password_hash: hash } = db.prepare('SELECT password_hash FROM users').get() as { password_hash: string };
      assert.match(hash, /^scrypt\$131072\$8\$1\$/);
    } finally {
      db.close();
    }
  });
});

// A deployment builds once, installs production dependencies only and runs `npm start`: the start
// script must neither build nor need a development tool, and must run in production mode.
describe('npm start on a built tree with production dependencies only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prod-deps-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'prod-deps-data-'));
  let app: NpmStart | undefined;
  before(async () => {
    for (const file of ['package.json', 'package-lock.json', 'scripts/ensure-build.ts']) cpSync(file, join(dir, file));
    cpSync('dist', join(dir, 'dist'), { recursive: true });
    execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: 'ignore',
    });
    app = await npmStart(dir, dataDir, { SEED_DEMO: 'false' });
  });
  after(async () => {
    await app?.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has no development dependency installed', () => {
    assert.ok(!existsSync(join(dir, 'node_modules/vite')), 'vite is a devDependency');
    assert.ok(!existsSync(join(dir, 'node_modules/typescript')), 'typescript is a devDependency');
    assert.ok(existsSync(join(dir, 'node_modules/fastify')));
  });

  // The server's Node 24 is the `node` package, a production dependency: a server whose system
  // Node is older (Debian 12 and Ubuntu 24.04 have 18) runs the site on it.
  it('runs on the Node 24 the production dependencies bring', () => {
    const node = join(dir, 'node_modules/.bin/node');
    assert.match(execFileSync(node, ['--version'], { encoding: 'utf8' }), /^v24\./);
    assert.equal(realpathSync(`/proc/${app!.serverPid}/exe`), realpathSync(node), "npm start runs the tree's own Node");
  });

  it('serves pages and the API in production mode without building', async () => {
    const page = await fetch(`${app!.url}/en/contact`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<html lang="en" dir="ltr">/);
    const words = await fetch(`${app!.url}/api/word/`);
    assert.deepEqual(await words.json(), { data: [] });
    assert.match(app!.output(), /"mode":"production"/);
    assert.doesNotMatch(app!.output(), /building/i);
  });

  it('keeps the source maps of the browser bundles to itself', async () => {
    const maps = readdirSync(join(dir, 'dist/client/assets')).filter((name) => name.endsWith('.js.map'));
    assert.ok(
      maps.some((name) => name.startsWith('admin')),
      'the build writes them',
    );
    for (const name of maps) assert.equal((await fetch(`${app!.url}/assets/${name}`)).status, 404, name);
    const script = readdirSync(join(dir, 'dist/client/assets')).find((name) => /^admin.*\.js$/.test(name))!;
    assert.equal((await fetch(`${app!.url}/assets/${script}`)).status, 200, 'the bundles themselves are served');
  });
});
