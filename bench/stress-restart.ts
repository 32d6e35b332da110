/**
 * `npm run stress -- restart`: a rolling restart of two servers (run as `npm start` runs them, on one
 * fresh PostgreSQL database) behind the recipe's Caddy (or nginx, STRESS_PROXY=nginx), under load
 * and with an admin writing all along. See bench/stress.ts.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startApp, type AppProcess } from './app-process.ts';
import { count, createDatabase, fmt, onCleanup, sleep, stopChild, tally, timedRequest } from './stress-common.ts';
import { startCaddyProxy, startNginxProxy, type Proxy } from './stress-proxies.ts';

/** The load runs at least this long, and until 5 s after the second server is back, however slow its start. */
const LOAD_SECONDS = Number(process.env.STRESS_LOAD_SECONDS ?? 40);
const WRITE_EVERY_MS = 50;
const ACCEPT = 'gzip, deflate, br, zstd';
const PROXY = process.env.STRESS_PROXY ?? 'caddy';
/** `ready`: stop the next server as soon as the restarted one answers /readyz 200, without waiting for the proxy. */
const WAIT_FOR_PROXY = process.env.STRESS_RESTART_WAIT !== 'ready';

interface Server {
  name: string;
  port: number;
  dataDir: string;
  app: AppProcess;
}

/** A timed line of what the restart did. */
const events: string[] = [];

/**
 * As deploy/lib.sh (restart_one) does it: SIGTERM, wait for the exit, start again on the same port,
 * wait for /readyz 200, then (unless STRESS_RESTART_WAIT=ready) for the proxy to have the server
 * back in rotation.
 */
async function restart(server: Server, env: Record<string, string>, since: number, proxy: Proxy): Promise<void> {
  const at = () => `${fmt((Date.now() - since) / 1000, 1)} s (${new Date().toISOString().slice(11, 23)})`;
  events.push(`${at()} SIGTERM to server ${server.name}`);
  const code = await stopChild(server.app.child, 'SIGTERM', 15_000);
  events.push(`${at()} server ${server.name} exited with ${code}`);
  server.app = await startApp(server.dataDir, env, server.port);
  const app = server.app;
  onCleanup(() => stopChild(app.child));
  events.push(`${at()} server ${server.name} answers again`);
  for (let i = 0; i < 600; i++) {
    if ((await timedRequest(`${app.url}/readyz`)).status === 200) break;
    await sleep(50);
  }
  events.push(`${at()} server ${server.name} ready (/readyz 200)`);
  if (WAIT_FOR_PROXY) {
    const back = await proxy.backInRotation(server.port, Date.now());
    events.push(`${at()} server ${server.name} ${back ? 'back in rotation' : 'NOT back in rotation after 60 s'}`);
  }
}

/** wrk's summary figures. */
function parseWrk(out: string): { requests: number; non2xx: number; socketErrors: string; latency: string } {
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const sock = /Socket errors: (.*)/.exec(out)?.[1] ?? 'none';
  const latency = ['50', '90', '99']
    .map((q) => `p${q} ${new RegExp(`^\\s+${q}(?:\\.000)?%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '?'}`)
    .join(', ');
  return { requests, non2xx, socketErrors: sock, latency };
}

export async function runRestart(): Promise<void> {
  if (PROXY !== 'caddy' && PROXY !== 'nginx') throw new Error(`STRESS_PROXY must be caddy or nginx (got "${PROXY}")`);
  const base = process.env.STRESS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = await createDatabase(base);
  const work = mkdtempSync(join(tmpdir(), 'site-stress-restart-'));
  onCleanup(() => rmSync(work, { recursive: true, force: true }));
  const proxyPort = await freePort();
  const publicUrl = PROXY === 'caddy' ? `https://localhost:${proxyPort}` : `http://127.0.0.1:${proxyPort}`;
  // TRUST_PROXY as deploy/site.env sets it.
  const env = {
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: '1',
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS ?? '5000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  };
  const servers: Server[] = [];
  // One after the other: the first fills the empty database with the demo content.
  for (const name of ['A', 'B']) {
    const dataDir = join(work, `data-${name}`);
    mkdirSync(dataDir);
    const port = await freePort();
    const app = await startApp(dataDir, env, port);
    const server: Server = { name, port, dataDir, app };
    onCleanup(() => stopChild(server.app.child));
    servers.push(server);
  }
  const ports = servers.map((s) => s.port);
  let proxy: Proxy;
  if (PROXY === 'caddy') {
    proxy = await startCaddyProxy(proxyPort, ports);
  } else {
    mkdirSync(join(work, 'nginx'));
    proxy = await startNginxProxy(join(work, 'nginx'), proxyPort, ports);
  }
  console.log(
    `\n== Rolling restart: servers A (port ${servers[0]!.port}) and B (port ${servers[1]!.port}) as \`npm start\` runs them, on one fresh PostgreSQL database,` +
      ` SHUTDOWN_DRAIN_MS=${env.SHUTDOWN_DRAIN_MS}, TRUST_PROXY=1, ${proxy.description};` +
      ` the next server stopped once the restarted one ${WAIT_FOR_PROXY ? "is back in the proxy's rotation" : 'answers /readyz 200 (STRESS_RESTART_WAIT=ready)'};` +
      ` wrk from 5 s before the first SIGTERM to 5 s after the second server is back (${LOAD_SECONDS} s at least; 32 connections: / and /api/card?type=product in turn) and an admin adding a keyword every ${WRITE_EVERY_MS} ms through the proxy.`,
  );

  // The admin signs in through the proxy and writes on a kept-alive connection, as a browser does.
  const agent = proxy.ca
    ? new HttpsAgent({ keepAlive: true, maxSockets: 1, ca: proxy.ca })
    : new HttpAgent({ keepAlive: true, maxSockets: 1 });
  onCleanup(() => agent.destroy());
  const ask = (path: string, opts: Parameters<typeof timedRequest>[1] = {}) =>
    timedRequest(proxy.url + path, { ca: proxy.ca, ...opts });
  const login = await ask('/api/auth/login', {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-not-secret' }),
  });
  if (login.status !== 200)
    throw new Error(`signing in through the proxy failed: ${login.status ?? login.error} ${login.body}`);
  const cookie = [login.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ');
  for (const path of ['/', '/api/card?type=product']) await ask(path);

  const script = join(work, 'paths.lua');
  writeFileSync(
    script,
    `local paths = { "/", "/api/card?type=product" }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % 2) + 1])
end
`,
  );
  const since = Date.now();
  // wrk counts an answer slower than its --timeout as a socket error: 10 s, so that only a
  // connection that failed is one (latencies are printed beside).
  // Stopped by SIGINT below (wrk then prints its figures); the duration is only a ceiling.
  const wrk = spawn(
    'wrk',
    [
      '-t2',
      '-c32',
      '-d600s',
      '--timeout',
      '10s',
      '--latency',
      '-s',
      script,
      '-H',
      `Accept-Encoding: ${ACCEPT}`,
      proxy.url,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  onCleanup(() => stopChild(wrk, 'SIGINT', 5000));
  let wrkOut = '';
  wrk.stdout!.on('data', (b: Buffer) => {
    wrkOut += b.toString();
  });
  const wrkDone = new Promise<void>((done) =>
    wrk.once('exit', () => {
      events.push(
        `${fmt((Date.now() - since) / 1000, 1)} s (${new Date().toISOString().slice(11, 23)}) the load (wrk) ended`,
      );
      done();
    }),
  );

  // Every write is recorded with what it was answered.
  const runId = Date.now().toString(36);
  const writes: { word: string; status?: number; error?: string }[] = [];
  let writing = true;
  const writer = (async () => {
    for (let n = 0; writing && n < 100_000; n++) {
      const word = `stress-${runId}-${n}`;
      const a = await ask('/api/word/', {
        method: 'POST',
        agent,
        timeoutMs: 15_000,
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ word }),
      });
      writes.push({ word, status: a.status, error: a.error });
      await sleep(WRITE_EVERY_MS);
    }
  })();

  await sleep(5000);
  for (const server of servers) await restart(server, env, since, proxy);
  await sleep(Math.max(5000, since + LOAD_SECONDS * 1000 - Date.now()));
  wrk.kill('SIGINT');
  await wrkDone;
  writing = false;
  await writer;
  const loadSeconds = (Date.now() - since) / 1000;
  // A write is on every server within a second; the database is asked directly anyway.
  await sleep(1500);

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const stored = new Set(
    (await db.query<{ word: string }>('SELECT word FROM words WHERE word LIKE $1', [`stress-${runId}-%`])).rows.map(
      (r) => r.word,
    ),
  );
  await db.end();

  const w = parseWrk(wrkOut);
  const acknowledged = writes.filter((x) => x.status === 201);
  const lost = acknowledged.filter((x) => !stored.has(x.word));
  const outcomes: Record<string, number> = {};
  for (const x of writes) count(outcomes, x.status ?? x.error ?? 'unknown');
  const storedUnacknowledged = writes.filter((x) => x.status !== 201 && stored.has(x.word));

  console.log(`\nRestart (times from the start of the load):\n${events.map((e) => `  ${e}`).join('\n')}`);
  console.log(`  load ran ${fmt(loadSeconds, 1)} s`);
  console.log(
    `GETs (wrk): ${fmt(w.requests)} answered (${w.latency}), ${fmt(w.non2xx)} non-2xx/3xx, socket errors: ${w.socketErrors}`,
  );
  for (const line of proxy.report(servers)) console.log(line);
  console.log(
    `Writes: ${fmt(writes.length)} sent (${tally(outcomes)}), ${fmt(acknowledged.length)} acknowledged (201), ${fmt(stored.size)} found in the database;` +
      ` lost (acknowledged, not stored) ${fmt(lost.length)}; not answered 201 ${fmt(writes.length - acknowledged.length)}; stored without a 201 ${fmt(storedUnacknowledged.length)}`,
  );
  for (const x of lost.slice(0, 5)) console.log(`  lost: ${x.word}`);
}
