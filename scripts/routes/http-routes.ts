import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCallSites } from 'node:util';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';

export interface HttpRoute {
  method: string;
  path: string;
  access: 'signed in' | 'public';
  /** `file:line` of the call that declared the route, relative to the project root. */
  source: string;
}

interface Declared {
  method: string;
  url: string;
  /** Fastify's path below the plugin prefix: '' for a `'/'` declared under a prefix. */
  routePath: string;
  admin: boolean;
  onRequest: unknown[];
  source: string;
}

/** Fastify's own modules, which every route declaration passes through. */
const FRAMEWORK = /[\\/]node_modules[\\/](fastify|avvio)[\\/]/;

/**
 * Where a route is declared: the first frame of the call stack in src/ (the `app.get(…)` line; a
 * helper in src/ that declared routes for its callers would be named instead). A route a plugin
 * from node_modules declares (the built assets, by @fastify/static) has no frame in src/: the
 * plugin's own line is named then, which says which plugin to look for.
 */
function declaringFrame(root: string): string {
  const src = join(root, 'src') + sep;
  let plugin: string | undefined;
  for (const site of getCallSites(64)) {
    if (!site.scriptName.startsWith('file:') && !site.scriptName.startsWith('/')) continue; // node: internals
    const file = site.scriptName.startsWith('file:') ? fileURLToPath(site.scriptName) : site.scriptName;
    const where = `${relative(root, file).split(sep).join('/')}:${site.lineNumber}`;
    if (file.startsWith(src)) return where;
    if (!plugin && file.includes(`${sep}node_modules${sep}`) && !FRAMEWORK.test(file)) plugin = where;
  }
  return plugin ?? 'unknown';
}

/**
 * Builds the real application on a throw-away SQLite database (never the configured one) and
 * records every route as Fastify declares it, with the file and line that declared it.
 */
export async function listHttpRoutes(root: string): Promise<HttpRoute[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'routes-'));
  const declared: Declared[] = [];
  const record = (route: RouteOptions) => {
    const onRequest = route.onRequest ?? [];
    // Copied now: Fastify reuses this object for the trailing-slash twin of a prefixed '/' route.
    for (const method of [route.method].flat()) {
      declared.push({
        method,
        url: route.url,
        routePath: (route as RouteOptions & { routePath?: string }).routePath ?? route.url,
        admin: (route.config as { admin?: unknown } | undefined)?.admin === true,
        onRequest: Array.isArray(onRequest) ? onRequest : [onRequest],
        source: declaringFrame(root),
      });
    }
  };
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'routes@example.invalid',
      ADMIN_PASSWORD: 'only-for-listing-routes',
    });
    const app = await buildApp(config, { logger: false, onRoute: record });
    try {
      await app.ready();
      return describe(app, declared);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function describe(app: FastifyInstance, declared: Declared[]): HttpRoute[] {
  // Admin routes say so with `config: { admin: true }`, or (older declarations) with the
  // requireAdmin hook itself; read loosely so the list survives that decorator going away.
  const requireAdmin: unknown = Reflect.get(app, 'requireAdmin');
  const routes = declared.map((d): HttpRoute => ({
    method: d.method,
    // A '/' under a prefix answers with and without the slash; shown as declared.
    path:
      d.routePath === '' && d.url !== '' && app.hasRoute({ method: d.method as 'GET', url: `${d.url}/` })
        ? `${d.url}/`
        : d.url,
    access: d.admin || (requireAdmin !== undefined && d.onRequest.includes(requireAdmin)) ? 'signed in' : 'public',
    source: d.source,
  }));
  // Fastify answers HEAD for every GET (itself, or a plugin declaring both): not listed twice.
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.path));
  return routes.filter((r) => !(r.method === 'HEAD' && gets.has(r.path)));
}
