import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { regionOf } from '../../scripts/docs/regions.ts';
import { settingsTable } from '../../scripts/docs/settings-table.ts';
import { listHttpRoutes } from '../../scripts/routes/http-routes.ts';
import { ENVIRONMENT } from '../../src/server/environment.ts';
import { documentedDefault } from '../../src/server/lib/read-environment.ts';
import {
  asFolder,
  codeSpans,
  exists,
  foldersIn,
  looksLikePath,
  namedInside,
  resolvePath,
  ROOT,
  section,
  subsections,
  tableRows,
} from '../helpers/doc-tables.ts';

// Docs that cannot drift: each check reads the code (the environment's schema, the route table as
// the app builds it, the folders on disk) and fails naming what the docs miss or name wrongly.
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const README = read('README.md');
const ARCHITECTURE = read('docs/architecture.md');

describe("the README's Configuration table", () => {
  const rows = tableRows(regionOf(README, 'settings'));
  const documented = new Map(rows.map((cells) => [codeSpans(cells[0]!)[0] ?? cells[0]!, cells]));
  const variables = Object.entries(ENVIRONMENT.properties);

  it('documents every variable the server reads, and no other', () => {
    assert.ok(variables.length > 20, 'the schema lists the variables');
    for (const [name] of variables)
      assert.ok(
        documented.has(name),
        `${name} is read (src/server/environment.ts) but not in the README: npm run docs`,
      );
    for (const name of documented.keys())
      assert.ok(name in ENVIRONMENT.properties, `${name} is in the README but the server does not read it`);
  });

  it('gives each the default the schema has', () => {
    for (const [name, variable] of variables) {
      assert.equal(
        documented.get(name)?.[1],
        documentedDefault(variable),
        `${name}'s default in the README: npm run docs`,
      );
    }
  });

  it('is the table npm run docs makes from the schema, word for word', () => {
    assert.equal(
      regionOf(README, 'settings'),
      settingsTable(),
      'README.md differs from src/server/environment.ts: npm run docs',
    );
  });
});

/** Folders whose every folder inside needs a row of its own in docs/architecture.md, and the folders that need one themselves. */
const LISTED = [
  'src/server',
  'src/server/features',
  'src/web',
  'src/web/admin',
  'src/web/admin/features',
  'src/web/public',
  'src/shared',
  'tests',
  'scripts',
  'docs',
];
const THEMSELVES = ['src/server/', 'src/web/', 'src/shared/', 'tests/', 'bench/', 'scripts/', 'deploy/', 'docs/'];

/** The rows of a "Where things are" section, each with the paths of its first cell resolved from the project's root. */
function whereRows(text: string): { paths: string[]; cells: string[]; base: string }[] {
  return subsections(text).flatMap(({ heading, text: body }) => {
    // A subsection headed by a path (### `src/server`) holds paths relative to it.
    const base = codeSpans(heading).find((s) => !s.includes(' ')) ?? '';
    return tableRows(body).map((cells) => ({
      cells,
      base,
      paths: codeSpans(cells[0]!)
        .filter(looksLikePath)
        .map((p) => resolvePath(p, base)),
    }));
  });
}

describe('docs/architecture.md, Where things are', async () => {
  const rows = whereRows(section(ARCHITECTURE, '## Where things are'));
  const described = new Map(rows.flatMap((row) => row.paths.map((p) => [asFolder(p), row] as const)));
  const routes = await listHttpRoutes(ROOT);

  it('has a row for every folder of the server, the browser, the shared code, the tests, the scripts and the recipe', () => {
    const required = [...THEMSELVES, ...LISTED.flatMap(foldersIn)];
    assert.ok(required.length > 60, required.join(' '));
    const problems = required
      .filter((folder) => !described.has(folder))
      .map((folder) => `${folder} has no row in docs/architecture.md, Where things are`);
    assert.deepEqual(problems, []);
  });

  it('names only paths that exist, in its first column and in what it says of each folder', () => {
    const problems: string[] = [];
    for (const { paths, cells, base } of rows) {
      for (const path of paths.filter((p) => !exists(p)))
        problems.push(`docs/architecture.md names ${path}, which does not exist`);
      if (paths.length === 0) continue; // a pattern (`features/<feature>/`): its description names no particular file
      // Files named in the description: in the row's folder (or one inside it, for a bare name), next
      // to it, under the table's base, or from the root.
      const folder = paths.length === 1 && paths[0]!.endsWith('/') ? paths[0]! : base;
      for (const span of codeSpans(cells.slice(1).join(' ')).filter(looksLikePath)) {
        const candidates = [join(folder, span), join(folder, '..', span), resolvePath(span, base), span];
        const found = candidates.some(exists) || (!span.slice(0, -1).includes('/') && namedInside(folder, span));
        if (!found)
          problems.push(
            `${paths.join(', ')}: "${span}" is in none of ${[...new Set(candidates)].join(', ')}, nor inside ${folder}`,
          );
      }
    }
    assert.deepEqual(problems, []);
  });

  it("describes the feature of every route, naming the route's prefix", () => {
    const fromFeatures = routes.filter((r) => r.source.startsWith('src/server/features/'));
    assert.ok(fromFeatures.length > 80, `${fromFeatures.length} routes`);
    const problems = new Set<string>();
    for (const route of fromFeatures) {
      const feature = `${route.source.split('/').slice(0, 4).join('/')}/`;
      const row = described.get(feature);
      const prefix = prefixOf(route.path);
      if (!row) problems.add(`${route.method} ${route.path} is declared in ${feature}, which has no row`);
      else if (!row.cells.slice(1).join(' ').includes(prefix))
        problems.add(`${feature}'s row does not name ${prefix} (${route.method} ${route.path})`);
    }
    assert.deepEqual([...problems], []);
  });
});

/** What a feature's row must name of a route: /api and its next part (/api/word), else the first part (/healthz, /admin), without /en. */
function prefixOf(path: string): string {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'en') parts.shift();
  if (parts.length === 0) return '/';
  return `/${parts.slice(0, parts[0] === 'api' ? 2 : 1).join('/')}`;
}

describe("the README's Where things are", () => {
  const rows = whereRows(section(README, '## Where things are'));
  const described = new Set(rows.flatMap((row) => row.paths.map(asFolder)));

  it("names the server's and the browser's folders, the shared code, the tests, scripts, recipe and docs", () => {
    const required = [...foldersIn('src/server'), ...foldersIn('src/web'), ...THEMSELVES];
    assert.deepEqual(
      required.filter((f) => !described.has(f)).map((f) => `${f} is not in the README's Where things are`),
      [],
    );
  });

  it('names every feature of the server', () => {
    const row =
      rows.find((r) => r.paths.includes('src/server/features/')) ?? assert.fail('no row for src/server/features/');
    const named = new Set(codeSpans(row.cells.slice(1).join(' ')));
    const names = foldersIn('src/server/features').map((folder) => folder.split('/').at(-2)!);
    assert.deepEqual(
      names.filter((n) => !named.has(n)).map((n) => `the README's row for src/server/features/ does not name ${n}`),
      [],
    );
  });

  it('names only paths that exist', () => {
    const paths = rows.flatMap((row) => row.paths);
    assert.deepEqual(
      paths.filter((p) => !exists(p)).map((p) => `the README names ${p}, which does not exist`),
      [],
    );
  });
});

describe('docs/architecture.md, Glossary', () => {
  const rows = tableRows(section(ARCHITECTURE, '## Glossary'));

  it('says where each term is defined, and the names it gives are there', () => {
    assert.ok(rows.length > 30);
    const problems: string[] = [];
    for (const [term, meaning, where] of rows) {
      const files = codeSpans(where!)
        .filter(looksLikePath)
        .map((p) => (exists(p) ? p : join('src/server', p)));
      for (const file of files.filter((f) => !exists(f))) problems.push(`${term}: ${file} does not exist`);
      if (files.length === 0 || !files.every(exists)) continue;
      // A folder named beside a file (`src/web/public/islands/`) is where the term's modules are: the names are in the files.
      const sources = files
        .filter((f) => statSync(join(ROOT, f)).isFile())
        .map(read)
        .join('\n');
      // A term or meaning written as code (RecentMap, markQuiet) is a name the defining files hold.
      const identifiers = codeSpans(`${term} ${meaning}`).filter((s) => /^[A-Za-z_$][\w$]*$/.test(s));
      for (const id of identifiers.filter((i) => !sources.includes(i)))
        problems.push(`${term}: ${id} is not in ${files.join(', ')}`);
    }
    assert.deepEqual(problems, []);
  });
});

describe('docs/decisions/README.md', () => {
  it('lists every decision record, and only those', () => {
    const files = readdirSync(join(ROOT, 'docs/decisions')).filter((f) => /^\d{3}-.*\.md$/.test(f));
    const listed = new Set(
      [...read('docs/decisions/README.md').matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]!),
    );
    for (const file of files) assert.ok(listed.has(file), `${file} is not in docs/decisions/README.md`);
    for (const file of listed)
      assert.ok(files.includes(file), `docs/decisions/README.md lists ${file}, which does not exist`);
  });
});
