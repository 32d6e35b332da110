/**
 * `npm run stress -- restart`: a rolling restart of two servers (run as `npm start` runs them, on one
 * fresh PostgreSQL database) behind nginx, under load and with an admin writing all along. See
 * bench/stress.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startApp, type AppProcess } from './app-process.ts';
import { count, fmt, onCleanup, sleep, stopChild, tally, timedRequest } from './stress-common.ts';

const LOAD_SECONDS = Number(process.env.STRESS_LOAD_SECONDS ?? 40);
const WRITE_EVERY_MS = 50;
const ACCEPT = 'gzip, deflate, br, zstd';
/** `ready`: stop the next server as soon as the restarted one answers /readyz 200, without waiting for nginx. */
const WAIT_FOR_NGINX = process.env.STRESS_RESTART_WAIT !== 'ready';

/** A fresh database on the PostgreSQL at `base`, dropped at the end of the run. */
async function createDatabase(base: string): Promise<string> {
  const name = `stress_${Date.now()}_${Math.random().toString(16).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  onCleanup(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** nginx in front of the servers, configured as the README's rolling-restart block, one worker. */
async function startNginx(dir: string, port: number, upstreams: number[]): Promise<ChildProcess> {
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  chmodSync(dir, 0o755);
  const conf = `worker_processes 1;
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
master_process on;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  log_format stress '$msec $request_method $status "$upstream_addr" "$upstream_status" $request_uri';
  access_log ${dir}/access.log stress;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream site {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_503;
      client_max_body_size 11m;
    }
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'inherit' });
  onCleanup(() => stopChild(child, 'SIGQUIT', 5000));
  for (let i = 0; ; i++) {
    if ((await timedRequest(`http://127.0.0.1:${port}/readyz`)).status === 200) return child;
    if (i > 200 || child.exitCode !== null) throw new Error(`nginx did not start:\n${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    await sleep(50);
  }
}

interface Server { name: string; port: number; dataDir: string; app: AppProcess }

/** A timed line of what the restart did. */
const events: string[] = [];

/**
 * Until nginx has sent `port` a request that succeeded after `after` (ms): only then has it taken
 * the server back into rotation. With passive checks (`max_fails=1 fail_timeout=5s`) a server that
 * refused a connection is left out for 5 s and then sent one request at a time until one succeeds;
 * stopping the other server before that leaves nginx no live upstream, and it answers 502.
 */
async function backInRotation(accessLog: string, port: number, after: number): Promise<boolean> {
  const mine = new RegExp(`^([\\d.]+) \\S+ 2\\d\\d "127\\.0\\.0\\.1:${port}" "2\\d\\d"`, 'm');
  for (let i = 0; i < 600; i++) {
    const log = readFileSync(accessLog, 'utf8');
    for (const line of log.slice(-200_000).split('\n')) {
      const m = mine.exec(line);
      if (m && Number(m[1]) * 1000 > after) return true;
    }
    await sleep(100);
  }
  return false;
}

/**
 * SIGTERM, wait for the exit, start again on the same port, wait for /readyz 200, then (unless
 * STRESS_RESTART_WAIT=ready) for nginx to have the server back in rotation.
 */
async function restart(server: Server, env: Record<string, string>, since: number, accessLog: string): Promise<void> {
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
  if (WAIT_FOR_NGINX) {
    const back = await backInRotation(accessLog, server.port, Date.now());
    events.push(`${at()} server ${server.name} ${back ? 'back in rotation (a request through nginx answered)' : 'NOT back in rotation after 60 s'}`);
  }
}

/** wrk's summary figures. */
function parseWrk(out: string): { requests: number; non2xx: number; socketErrors: string } {
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const sock = /Socket errors: (.*)/.exec(out)?.[1] ?? 'none';
  return { requests, non2xx, socketErrors: sock };
}

export async function runRestart(): Promise<void> {
  const base = process.env.STRESS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = await createDatabase(base);
  const work = mkdtempSync(join(tmpdir(), 'site-stress-restart-'));
  onCleanup(() => rmSync(work, { recursive: true, force: true }));
  const nginxPort = await freePort();
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const env = {
    DATABASE_URL: databaseUrl, TRUST_PROXY: '1', HOST: '127.0.0.1', PUBLIC_URL: publicUrl,
    SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS ?? '5000', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error', MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
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
  const nginxDir = join(work, 'nginx');
  mkdirSync(nginxDir);
  await startNginx(nginxDir, nginxPort, servers.map((s) => s.port));
  console.log(`\n== Rolling restart: servers A (port ${servers[0]!.port}) and B (port ${servers[1]!.port}) as \`npm start\` runs them, on one fresh PostgreSQL database,`
    + ` SHUTDOWN_DRAIN_MS=${env.SHUTDOWN_DRAIN_MS}, TRUST_PROXY=1, behind nginx (one worker; keepalive 32, proxy_next_upstream error timeout http_503);`
    + ` the next server stopped once the restarted one ${WAIT_FOR_NGINX ? 'is back in nginx\'s rotation' : 'answers /readyz 200 (STRESS_RESTART_WAIT=ready)'};`
    + ` ${LOAD_SECONDS} s of wrk (32 connections: / and /api/card?type=product in turn) and an admin adding a keyword every ${WRITE_EVERY_MS} ms through nginx.`);

  // The admin signs in through nginx and writes on a kept-alive connection, as a browser does.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  onCleanup(() => agent.destroy());
  const login = await timedRequest(`${publicUrl}/api/auth/login`, {
    method: 'POST', agent, headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-not-secret' }),
  });
  if (login.status !== 200) throw new Error(`signing in through nginx failed: ${login.status ?? login.error} ${login.body}`);
  const cookie = ([login.headers['set-cookie'] ?? []].flat()).map((c) => c.split(';')[0]).join('; ');
  for (const path of ['/', '/api/card?type=product']) await timedRequest(publicUrl + path);

  const script = join(work, 'paths.lua');
  writeFileSync(script, `local paths = { "/", "/api/card?type=product" }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % 2) + 1])
end
`);
  const since = Date.now();
  const wrk = spawn('wrk', ['-t2', '-c32', `-d${LOAD_SECONDS}s`, '-s', script, '-H', `Accept-Encoding: ${ACCEPT}`, publicUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
  onCleanup(() => stopChild(wrk, 'SIGINT', 5000));
  let wrkOut = '';
  wrk.stdout!.on('data', (b: Buffer) => { wrkOut += b.toString(); });
  const wrkDone = new Promise<void>((done) => wrk.once('exit', () => done()));

  // Every write is recorded with what it was answered.
  const runId = Date.now().toString(36);
  const writes: { word: string; status?: number; error?: string }[] = [];
  let writing = true;
  const writer = (async () => {
    for (let n = 0; writing && n < 100_000; n++) {
      const word = `stress-${runId}-${n}`;
      const a = await timedRequest(`${publicUrl}/api/word/`, {
        method: 'POST', agent, timeoutMs: 15_000,
        headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ word }),
      });
      writes.push({ word, status: a.status, error: a.error });
      await sleep(WRITE_EVERY_MS);
    }
  })();

  await sleep(5000);
  for (const server of servers) await restart(server, env, since, join(nginxDir, 'access.log'));
  await wrkDone;
  writing = false;
  await writer;
  const loadSeconds = (Date.now() - since) / 1000;
  // A write is on every server within a second; the database is asked directly anyway.
  await sleep(1500);

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const stored = new Set((await db.query<{ word: string }>('SELECT word FROM words WHERE word LIKE $1', [`stress-${runId}-%`])).rows.map((r) => r.word));
  await db.end();

  // Figures.
  const w = parseWrk(wrkOut);
  const accessLines = readFileSync(join(nginxDir, 'access.log'), 'utf8').split('\n').filter(Boolean);
  const byMethod: Record<string, Record<string, number>> = {};
  let retried = 0;
  const upstreamStatuses: Record<string, number> = {};
  const badBySecond: Record<string, number> = {};
  for (const line of accessLines) {
    const m = /^[\d.]+ (\S+) (\d+) "([^"]*)" "([^"]*)"/.exec(line);
    if (!m) continue;
    if (!m[2]!.startsWith('2')) count(badBySecond, `${new Date(Number(line.split(' ')[0]) * 1000).toISOString().slice(11, 19)} ${m[1]} ${m[2]}`);
    count((byMethod[m[1]!] ??= {}), m[2]!);
    if (m[4]!.includes(',')) {
      retried++;
      count(upstreamStatuses, m[4]!);
    }
  }
  const errorLines = readFileSync(join(nginxDir, 'error.log'), 'utf8').split('\n').filter(Boolean);
  const resets = errorLines.filter((l) => /reset/i.test(l));
  const premature = errorLines.filter((l) => /prematurely closed/i.test(l));
  const upstream = errorLines.filter((l) => /upstream/i.test(l));
  const acknowledged = writes.filter((x) => x.status === 201);
  const lost = acknowledged.filter((x) => !stored.has(x.word));
  const gatewayErrors = writes.filter((x) => x.status === 502 || x.status === 503 || x.status === 504);
  const outcomes: Record<string, number> = {};
  for (const x of writes) count(outcomes, x.status ?? x.error ?? 'unknown');
  const storedUnacknowledged = writes.filter((x) => x.status !== 201 && stored.has(x.word));

  console.log(`\nRestart (times from the start of the load):\n${events.map((e) => `  ${e}`).join('\n')}`);
  console.log(`  load ran ${fmt(loadSeconds, 1)} s`);
  console.log(`GETs (wrk): ${fmt(w.requests)} answered, ${fmt(w.non2xx)} non-2xx/3xx, socket errors: ${w.socketErrors}`);
  for (const [method, statuses] of Object.entries(byMethod)) console.log(`nginx access log, ${method}: ${tally(statuses)}`);
  console.log(`  not 2xx, by second: ${tally(badBySecond)}`);
  console.log(`  answered after nginx tried a second server: ${fmt(retried)} (${tally(upstreamStatuses)})`);
  console.log(`nginx error log: ${fmt(errorLines.length)} lines; with "reset" ${fmt(resets.length)}, "prematurely closed" ${fmt(premature.length)}, "upstream" ${fmt(upstream.length)}`);
  // The lines by kind: the message, the request's method and the server, with the seconds they fell in.
  const kinds = new Map<string, { n: number; seconds: Set<string> }>();
  for (const line of errorLines) {
    const m = /^\S+ (\S+) \[(\w+)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client: .*?request: "(\S+)[^"]*", upstream: "http:\/\/([^/"]+)[^"]*")?(?:, host: .*)?$/.exec(line);
    if (!m) continue;
    const server = servers.find((s) => m[5]?.endsWith(`:${s.port}`))?.name;
    const key = `[${m[2]}] ${m[3]}${m[4] ? ` (${m[4]}${server ? ` to ${server}` : ''})` : ''}`;
    const kind = kinds.get(key) ?? { n: 0, seconds: new Set<string>() };
    kind.n++;
    kind.seconds.add(m[1]!);
    kinds.set(key, kind);
  }
  for (const [key, k] of kinds) console.log(`  ${fmt(k.n)} × ${key}, at ${[...k.seconds].slice(0, 8).join(' ')}${k.seconds.size > 8 ? ' …' : ''}`);
  for (const line of [...new Set([...resets, ...premature, ...upstream])].slice(0, 4)) console.log(`  ${line.slice(0, 400)}`);
  console.log(`Writes: ${fmt(writes.length)} sent (${tally(outcomes)}), ${fmt(acknowledged.length)} acknowledged (201), ${fmt(stored.size)} found in the database;`
    + ` lost (acknowledged, not stored) ${fmt(lost.length)}; answered 502/503/504 ${fmt(gatewayErrors.length)}; stored without a 201 ${fmt(storedUnacknowledged.length)}`);
  for (const x of lost.slice(0, 5)) console.log(`  lost: ${x.word}`);
}
