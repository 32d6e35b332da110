import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { after, before, describe } from 'node:test';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../../src/server/app.ts';
import { setHashCostForTests } from '../../src/server/features/auth/passwords.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, setDatabasePatienceForTests, type Db } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { HttpClient } from './http.ts';
import { setCompressionForTests } from '../../src/server/lib/ready-bytes.ts';

// Every server start hashes the admin's password and every admin() signs in: at the production
// scrypt cost (128 MiB, up to seconds on a busy machine) that was most of the suites' time. Test
// servers hash cheaply; tests/build proves the production bundle still stores production hashes.
setHashCostForTests('cheap');
// The same servers wait longer for a busy PostgreSQL than a visitor's request may (see
// setDatabasePatienceForTests); the outage suites, which measure those bounds, set it back to 1.
setDatabasePatienceForTests(5);
// Kept pages are compressed at lower levels: a test server's content changes at every step.
setCompressionForTests('fast');

export const ADMIN_EMAIL = 'owner@test.example';
export const ADMIN_PASSWORD = 'correct horse battery staple';

export interface TestServer {
  app: FastifyInstance;
  url: string;
  dataDir: string;
  /** A client with no session. */
  anon(): HttpClient;
  /** A client signed in as the admin. */
  admin(): Promise<HttpClient>;
  close(): Promise<void>;
}

export type Engine = 'sqlite' | 'postgres';

/** Engines the API suites run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function engines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * The test file that asked for a database, as a name part (`backup_import`): a database left
 * behind names its file (scripts/test.ts lists and drops the run's leftovers at the end).
 */
function callingTestFile(): string {
  const file = /tests\/(?:api|pages|e2e|build|deploy|unit)\/([\w-]+)\.test\.ts/.exec(new Error().stack ?? '')?.[1];
  return (file ?? 'helper').replaceAll('-', '_').slice(0, 28);
}

/**
 * A fresh, empty PostgreSQL database on the TEST_DATABASE_URL server, dropped again by the returned
 * function. With `migrated`, one at the latest migration: a copy of the run's template
 * (tests/helpers/db-templates.ts) when there is one, else empty (the server migrates it as it starts).
 */
export async function createPgDatabase(
  opts: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `${process.env.TEST_PG_PREFIX ?? 't'}_${callingTestFile()}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const template = opts.migrated ? process.env.TEST_PG_TEMPLATE : undefined;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      // Without FORCE, PostgreSQL waits for the pool's closing connections instead of killing them mid-close.
      await c.query(`DROP DATABASE IF EXISTS ${name}`);
      await c.end();
    },
  };
}

/**
 * Starts the real app on a random loopback port with its own data folder and database (or, with
 * `databaseUrl`, on that PostgreSQL database, which the caller drops).
 */
export async function startServer(
  engine: Engine = 'sqlite',
  env: Record<string, string> = {},
  opts: { databaseUrl?: string; localhost?: boolean; build?: Pick<BuildOptions, 'mapsLinks'>; dataDir?: string } = {},
): Promise<TestServer> {
  // A data folder of the caller's (a restart on the same SQLite file) is left for the caller to remove.
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'site-test-'));
  // WebAuthn refuses an IP address as its site: a passkey test speaks to http://localhost:PORT, the PUBLIC_URL too.
  const port = opts.localhost ? await freePort() : 0;
  if (opts.localhost) env = { PUBLIC_URL: `http://localhost:${port}`, ...env };
  const pgDb = engine === 'postgres' && !opts.databaseUrl ? await createPgDatabase({ migrated: true }) : undefined;
  const databaseUrl = opts.databaseUrl ?? pgDb?.url;
  // A SQLite server on a database of its own starts from the run's migrated copy, when there is one
  // (never over the caller's data folder: a restart must find the site it left).
  const template = process.env.TEST_SQLITE_TEMPLATE;
  if (engine === 'sqlite' && template && !opts.dataDir && !databaseUrl && !env.DATA_DIR && !env.DATABASE_URL)
    copyFileSync(template, join(dataDir, 'site.db'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const app = await buildApp(config, { logger: { level: process.env.TEST_LOG_LEVEL ?? 'silent' }, ...opts.build });
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://${opts.localhost ? 'localhost' : '127.0.0.1'}:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    url,
    dataDir,
    anon: () => new HttpClient(url),
    async admin() {
      const client = new HttpClient(url);
      const res = await client.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
      return client;
    },
    async close() {
      await app.close();
      await pgDb?.drop();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A loopback port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Declares a suite once per engine, with a fresh server for it.
 * `body` receives a getter because the server starts in the suite's `before` hook. `build` gives
 * the app parts of the test's making; it is called as the server starts, before the hooks `body` registers.
 */
export function describeEachEngine(
  name: string,
  body: (server: () => TestServer, engine: Engine) => void,
  env: Record<string, string> = {},
  build?: () => Pick<BuildOptions, 'mapsLinks'>,
): void {
  for (const engine of engines()) {
    describe(`${name} [${engine}]`, () => {
      let server: TestServer | undefined;
      before(async () => {
        server = await startServer(engine, env, build ? { build: build() } : {});
      });
      after(async () => {
        await server?.close();
      });
      body(() => {
        if (!server) throw new Error('server not started');
        return server;
      }, engine);
    });
  }
}

export interface ServerGroup {
  servers: TestServer[];
  /** The one database every server of the group uses. */
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * `count` servers on ONE fresh PostgreSQL database (TEST_DATABASE_URL), each with its own empty
 * DATA_DIR and port, started at the same moment as after a deploy. The schema is made first, and
 * `prepare` may write to it before any server starts.
 */
export async function startServerGroup(
  count: number,
  opts: { env?: Record<string, string>; prepare?: (db: Db) => Promise<void> } = {},
): Promise<ServerGroup> {
  const pgDb = await createPgDatabase({ migrated: true });
  const setup = openDatabase({ databaseUrl: pgDb.url, dataDir: tmpdir() });
  try {
    await migrateToLatest(setup.db);
    await opts.prepare?.(setup.db);
  } finally {
    await setup.destroy();
  }
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startServer('postgres', opts.env, { databaseUrl: pgDb.url })),
  );
  const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const close = async () => {
    await Promise.all(servers.map((s) => s.close()));
    await pgDb.drop();
  };
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    await close();
    throw (failed as PromiseRejectedResult).reason;
  }
  return { servers, databaseUrl: pgDb.url, close };
}
