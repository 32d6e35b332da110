import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { HttpRoute } from '../../scripts/routes/http-routes.ts';
import type { PageRoute } from '../../scripts/routes/page-routes.ts';

const run = promisify(execFile);
const script = async (...args: string[]) =>
  (await run(process.execPath, ['scripts/routes.ts', ...args], { maxBuffer: 4 << 20 })).stdout;

/**
 * The declaration that starts at line `file:line` of the project: that line and the next (a call the
 * formatter broke across lines has its path on the next one), failing the test when there is no such line.
 */
function lineAt(source: string): string {
  const [, file, line] = /^(.+):(\d+)$/.exec(source) ?? assert.fail(`not file:line: ${source}`);
  assert.ok(existsSync(file!), `${source}: no such file`);
  const lines = readFileSync(file!, 'utf8').split('\n');
  const text = lines[Number(line) - 1];
  assert.ok(text !== undefined, `${source}: no such line`);
  return `${text} ${lines[Number(line)]?.trim() ?? ''}`;
}

// `npm run routes`: the lines are checked against the code they name, so a list kept by hand (or
// a line number that drifted) fails here.
describe('npm run routes', async () => {
  const { http, pages } = JSON.parse(await script('--json')) as { http: HttpRoute[]; pages: PageRoute[] };
  const route = (method: string, path: string) =>
    http.find((r) => r.method === method && r.path === path) ?? assert.fail(`${method} ${path} not listed`);

  it('names the declaring line of an admin route', () => {
    const toggle = route('PUT', '/api/card/togggle-details/:id');
    assert.equal(toggle.access, 'signed in');
    assert.match(toggle.source, /^src\/server\/features\/cards\/routes\/toggle\.ts:\d+$/);
    assert.match(lineAt(toggle.source), /\.put\(\s*'\/togggle-details\/:id'/);
  });

  it('tells public routes from signed-in ones', () => {
    assert.equal(route('GET', '/api/word/').access, 'public');
    assert.equal(route('POST', '/api/word/').access, 'signed in');
    assert.equal(route('POST', '/api/auth/login').access, 'public');
  });

  it('lists routes declared outside the API too, without the HEAD twin of every GET', () => {
    for (const path of ['/healthz', '/uploads/*', '/api/docs', '/*']) route('GET', path);
    assert.ok(!http.some((r) => r.method === 'HEAD' && http.some((g) => g.method === 'GET' && g.path === r.path)));
  });

  it('points every route at a line that declares that method (and, in a feature, that path)', () => {
    for (const r of http) {
      const text = lineAt(r.source);
      if (!r.source.startsWith('src/')) continue; // declared by a plugin from node_modules
      assert.ok(text.includes(`.${r.method.toLowerCase()}(`), `${r.method} ${r.path} → ${r.source}: ${text}`);
      const declared = /\(\s*'([^']*)'/.exec(text)?.[1];
      // The admin shell declares its paths in a loop, not one by one.
      const literal =
        r.source.startsWith('src/server/features/') && !r.source.startsWith('src/server/features/admin-shell/');
      if (literal) assert.ok(declared && r.path.endsWith(declared), `${r.path} → ${r.source}: ${text}`);
    }
  });

  it('maps page paths to the files of their components', () => {
    const page = (path: string, app: PageRoute['app']) =>
      pages.find((p) => p.path === path && p.app === app) ?? assert.fail(`${path} not listed`);
    const details = page('/en/card-details', 'site');
    assert.equal(details.component, 'src/web/public/pages/card-details-page.tsx');
    assert.match(readFileSync(details.component, 'utf8'), /export function CardDetailsPage\b/);
    assert.equal(page('/card-details', 'site').component, details.component);
    assert.equal(
      page('/en/admin/product-admin', 'admin').component,
      'src/web/admin/features/cards/cards-admin-page.tsx',
    );
    // The sign-in page is rendered by the server (decision 029): the app's route only reloads it from there.
    assert.equal(page('/auth/login', 'admin').component, 'src/web/admin/app/server-page.tsx');
    for (const p of pages) assert.ok(existsSync(p.component), `${p.path}: ${p.component}`);
  });

  it('answers every admin screen with the admin shell, the renamed ones with a redirect', () => {
    const shell = http.filter((r) => r.method === 'GET' && r.source.startsWith('src/server/features/admin-shell/'));
    const served = (path: string) =>
      shell.find((r) => r.path === path) ??
      shell.find((r) => r.path.endsWith('/*') && path.startsWith(r.path.slice(0, -1)));
    const screens = pages.filter((p) => p.app === 'admin' && p.path !== '/*' && p.path !== '/en/*');
    assert.ok(screens.length > 40);
    for (const p of screens) {
      const route = served(p.path.replace(/\*$/, 'x')) ?? assert.fail(`${p.path}: no admin shell route`);
      assert.equal(
        route.path === p.path && p.note.startsWith('redirect to '),
        p.note.startsWith('redirect to '),
        `${p.path}: ${p.note}`,
      );
    }
  });

  it('prints aligned tables', async () => {
    const text = await script();
    assert.match(
      text,
      /^PUT +\/api\/card\/togggle-details\/:id +signed in +src\/server\/features\/cards\/routes\/toggle\.ts:\d+$/m,
    );
    assert.match(text, /^\/en\/card-details +site +src\/web\/public\/pages\/card-details-page\.tsx +card-details$/m);
    const rows = text.split('\n').filter((l) => /^(GET|POST|PUT|DELETE) /.test(l));
    assert.equal(
      new Set(rows.map((l) => l.search(/ (public|signed in) /))).size,
      1,
      'the access column starts at one place',
    );
  });
});
