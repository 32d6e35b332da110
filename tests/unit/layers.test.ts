import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CONFIG = resolve('.dependency-cruiser.cjs');
const DEPCRUISE = resolve('node_modules/.bin/depcruise');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Cruises a small tree written to a temporary folder with the project's rules; the violations found. */
async function violationsIn(files: Record<string, string>): Promise<Violation[]> {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    // depcruise exits non-zero when it finds violations; the JSON is printed either way.
    const out = await run(DEPCRUISE, ['src', '--config', CONFIG, '--output-type', 'json'], {
      cwd: root,
      maxBuffer: 16 << 20,
    }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    return (JSON.parse(out.stdout) as { summary: { violations: Violation[] } }).summary.violations;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const names = (violations: Violation[]) => violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();

// The layer rules of .dependency-cruiser.cjs (run by `npm run lint`): each shown firing on a
// deliberate wrong import, and quiet on the shape the code is meant to have.
describe('the layer rules', () => {
  it('let routes call their service and the service its repository', async () => {
    assert.deepEqual(
      names(
        await violationsIn({
          'src/server/features/index.ts': "import './cards/routes.ts';\n",
          'src/server/features/cards/routes.ts': "import { add } from './cards-service.ts';\nexport const r = add;\n",
          'src/server/features/cards/cards-service.ts':
            "import { insert } from './cards-repository.ts';\nexport const add = insert;\n",
          'src/server/features/cards/cards-repository.ts': 'export const insert = 1;\n',
        }),
      ),
      [],
    );
  });

  it("refuse a feature reaching into another feature's repository", async () => {
    assert.deepEqual(
      names(
        await violationsIn({
          'src/server/features/slides/slides-service.ts':
            "import { insert } from '../cards/cards-repository.ts';\nexport const s = insert;\n",
          'src/server/features/cards/cards-repository.ts': 'export const insert = 1;\n',
        }),
      ),
      [
        'no-other-features-repository: src/server/features/slides/slides-service.ts → src/server/features/cards/cards-repository.ts',
      ],
    );
  });

  it('refuse imports against the layers: a repository calling a service, a service calling routes, routes imported outside the feature table', async () => {
    assert.deepEqual(
      names(
        await violationsIn({
          'src/server/features/cards/cards-repository.ts':
            "import { add } from './cards-service.ts';\nexport const insert = add;\n",
          'src/server/features/cards/cards-service.ts': "import { r } from './routes.ts';\nexport const add = r;\n",
          'src/server/features/cards/routes.ts': 'export const r = 1;\n',
          'src/server/app.ts': "import { r } from './features/cards/routes.ts';\nexport const a = r;\n",
        }),
      ),
      [
        'repositories-not-services: src/server/features/cards/cards-repository.ts → src/server/features/cards/cards-service.ts',
        'routes-only-from-the-feature-table: src/server/app.ts → src/server/features/cards/routes.ts',
        'routes-only-from-the-feature-table: src/server/features/cards/cards-service.ts → src/server/features/cards/routes.ts',
        'services-not-routes: src/server/features/cards/cards-service.ts → src/server/features/cards/routes.ts',
      ],
    );
  });

  it('refuse the server importing browser code, browser code importing the server, and import cycles', async () => {
    const found = names(
      await violationsIn({
        'src/server/a.ts':
          "import { b } from './b.ts';\nimport { w } from '../web/admin/w.ts';\nexport const a = b + w;\n",
        'src/server/b.ts': "import { a } from './a.ts';\nexport const b = 1;\nexport const c = () => a;\n",
        'src/web/admin/w.ts': "import { b } from '../../server/b.ts';\nexport const w = b;\n",
      }),
    );
    assert.ok(found.includes('server-not-web: src/server/a.ts → src/web/admin/w.ts'), found.join('\n'));
    assert.ok(found.includes('web-not-server: src/web/admin/w.ts → src/server/b.ts'), found.join('\n'));
    assert.ok(
      found.some((f) => f.startsWith('no-circular: src/server/a.ts → src/server/b.ts')),
      found.join('\n'),
    );
  });
});
