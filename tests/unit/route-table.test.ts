import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { FEATURE_ROUTES } from '../../src/server/features/index.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const server = join(root, 'src', 'server');
const features = join(server, 'features');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** A route declaration on a Fastify instance: `app.get(`, `app.route(`, … */
const DECLARES_ROUTE = /\b(app|fastify|instance)\.(get|head|post|put|patch|delete|options|all|route)\(/;

// The one route mechanism (src/server/features/index.ts): a folder per feature, a line per prefix.
describe('the route table', () => {
  it('names a folder of src/server/features on every line', () => {
    for (const { feature } of FEATURE_ROUTES) {
      assert.ok(
        statSync(join(features, feature), { throwIfNoEntry: false })?.isDirectory(),
        `${feature}: no such folder`,
      );
    }
  });

  it('is the only way routes are declared: only feature folders in the table declare any', () => {
    const inTable = new Set(FEATURE_ROUTES.map((r) => r.feature));
    const declaring = sources(server).filter((file) => DECLARES_ROUTE.test(readFileSync(file, 'utf8')));
    assert.ok(declaring.length > 10, 'the pattern finds the route files');
    for (const file of declaring) {
      const path = relative(server, file).split(sep);
      assert.equal(path[0], 'features', `${path.join('/')} declares a route outside src/server/features`);
      assert.ok(
        inTable.has(path[1]!),
        `${path.join('/')} declares a route, but ${path[1]} is not in features/index.ts`,
      );
    }
  });
});
