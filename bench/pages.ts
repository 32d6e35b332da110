/**
 * Load test of what visitors get (npm run bench). Runs the server exactly as `npm start` does (in
 * BENCH_DIR, default this folder, with a fresh data folder and the demo content) and asks as a
 * browser asks (`Accept-Encoding: gzip, deflate, br, zstd`) with wrk, 64 connections on loopback.
 * Next to each target, nginx (one worker) serves the very same bytes the server sent, from a file
 * with the same Content-Encoding, when nginx is installed (`apt-get install -y nginx-light`).
 * Prints per target: bytes, encoding, req/s, p99, the ratio to nginx; then the server's resident
 * memory idle after the first start and at its peak over the whole run, and the JavaScript each
 * public page loads, the beacons counted under a flood, and a flood of quote requests
 * (bench/request-flood.ts). BENCH_DURATION (seconds per measurement, default 5), BENCH_ROUNDS (server and
 * nginx take turns this many times per target, default 3) and BENCH_CONNECTIONS (default 64) change the load. Not part of `npm test`: timings on a shared machine are noisy.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort, npmStart, peakRssMb, rssMb, type NpmStart } from './app-process.ts';
import { measureRequestFlood, type FloodResult } from './request-flood.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DIR = resolve(process.env.BENCH_DIR ?? '.');
const ACCEPT = 'gzip, deflate, br, zstd';
const PUBLIC_PAGES = ['/', '/about', '/portfolio', '/products', '/contact'].flatMap((p) => [
  p,
  p === '/' ? '/en' : `/en${p}`,
]);

/** `ok`: 2xx answers over the measurement and its warm-up. */
interface Measure {
  rps: number;
  p99: number;
  errors: number;
  ok: number;
}

function hasCommand(cmd: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const ms = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? 1);

/** wrk with the browser's Accept-Encoding; a 1 s warm-up first, not counted. */
function wrk(url: string, duration = DURATION, script?: string): Measure {
  const args = [
    '-t2',
    `-c${CONNECTIONS}`,
    `-d${duration}s`,
    '--latency',
    '-H',
    `Accept-Encoding: ${ACCEPT}`,
    ...(script ? ['-s', script] : []),
    url,
  ];
  const warm = execFileSync('wrk', [...args.slice(0, 2), '-d1s', ...args.slice(3)], { encoding: 'utf8' });
  const out = execFileSync('wrk', args, { encoding: 'utf8' });
  const ok = [warm, out].reduce(
    (sum, o) =>
      sum +
      Number(/(\d+) requests in/.exec(o)?.[1] ?? 0) -
      Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(o)?.[1] ?? 0),
    0,
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0);
  return { rps, p99: p ? ms(p[1]!, p[2]!) : Number.NaN, errors, ok };
}

/** The raw bytes (still encoded) and Content-Encoding the server sends a browser for a path. */
function rawGet(base: string, path: string): Promise<{ body: Buffer; encoding: string | undefined; type: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest(base + path, { headers: { 'accept-encoding': ACCEPT } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({
          body: Buffer.concat(chunks),
          encoding: res.headers['content-encoding'],
          type: res.headers['content-type'] ?? 'text/html',
        }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** nginx, one worker, serving files from `root`, each with the Content-Encoding of its twin. */
async function startNginx(
  root: string,
  files: { name: string; encoding: string | undefined; type: string }[],
  extra: string[] = [],
): Promise<{ url: string; stop: () => Promise<void>; child: ChildProcess }> {
  const port = await freePort();
  const locations = [
    ...files.map(
      (f) =>
        `    location = /${f.name} { default_type "${f.type}";${f.encoding ? ` add_header Content-Encoding ${f.encoding};` : ''} add_header Vary Accept-Encoding; }`,
    ),
    ...extra,
  ];
  const conf = `worker_processes 1;
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
master_process on;
pid ${root}/nginx.pid;
error_log ${root}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
${locations.join('\n')}
  }
}
`;
  writeFileSync(join(root, 'nginx.conf'), conf);
  const child = spawn('nginx', ['-p', root, '-c', join(root, 'nginx.conf')], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${url}/${files[0]!.name}`);
      break;
    } catch {
      if (i > 100) throw new Error('nginx did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    child,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

/** Gzip size of every script a page loads (its islands and any module they preload). */
async function pageJs(base: string, path: string): Promise<{ raw: number; gzip: number; files: number }> {
  const html = await (await fetch(base + path)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const u of urls) {
    const bytes = Buffer.from(await (await fetch(base + u)).arrayBuffer());
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip, files: urls.size };
}

const fmt = (n: number, d = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }) : '–';
const kb = (n: number) => `${fmt(n / 1024, 1)} KB`;

interface Row {
  name: string;
  bytes: number;
  encoding: string;
  server: Measure;
  nginx?: Measure;
  ratio?: number;
}

const medianOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const median = (runs: Measure[]): Measure => ({
  rps: medianOf(runs.map((r) => r.rps)),
  p99: medianOf(runs.map((r) => r.p99)),
  errors: runs.reduce((a, r) => a + r.errors, 0),
  ok: runs.reduce((a, r) => a + r.ok, 0),
});

async function measureTargets(
  app: NpmStart,
  work: string,
  targets: { name: string; path: string }[],
  useNginx: boolean,
  tag: string,
): Promise<Row[]> {
  const twins: { name: string; encoding: string | undefined; type: string; bytes: number }[] = [];
  for (const [i, t] of targets.entries()) {
    const raw = await rawGet(app.url, t.path);
    const name = `${tag}-${i}`;
    writeFileSync(join(work, name), raw.body);
    twins.push({ name, encoding: raw.encoding, type: raw.type, bytes: raw.body.length });
  }
  // Server and nginx take turns, target by target and round by round, so that a machine whose load
  // changes during the run weighs on both alike; each figure is the median of its rounds, and the
  // ratio is the median of the rounds' own ratios.
  const nginx = useNginx ? await startNginx(work, twins) : undefined;
  const rows: Row[] = [];
  try {
    for (const [i, t] of targets.entries()) {
      const server: Measure[] = [];
      const reference: Measure[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        server.push(wrk(app.url + t.path));
        if (nginx) reference.push(wrk(`${nginx.url}/${twins[i]!.name}`));
      }
      rows.push({
        name: t.name,
        bytes: twins[i]!.bytes,
        encoding: twins[i]!.encoding ?? 'identity',
        server: median(server),
        ...(nginx
          ? { nginx: median(reference), ratio: medianOf(server.map((m, r) => m.rps / reference[r]!.rps)) }
          : {}),
      });
    }
  } finally {
    await nginx?.stop();
  }
  return rows;
}

/**
 * wrk's script for a flood of page-view beacons as browsers send them (POST, text/plain JSON, the
 * site's Origin and the token its pages carry, an ordinary browser's User-Agent), each from an IPv6
 * network (/64) of its own named in X-Forwarded-For (the server runs with TRUST_PROXY=127.0.0.1, as
 * behind nginx), so that neither the per-address limit (120 a minute) nor the few visitors an
 * address counts for keeps any out: every view answered 204 must be in the database. (Taps count
 * once per visitor, page and day, so views are what is checked.)
 */
function beaconScript(work: string, origin: string, token: string): string {
  const file = join(work, 'beacon.lua');
  writeFileSync(
    file,
    `
wrk.method = "POST"
wrk.headers["Content-Type"] = "text/plain;charset=UTF-8"
wrk.headers["Origin"] = "${origin}"
wrk.headers["User-Agent"] = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
-- Each thread names its own networks; each run draws a prefix of its own (rounds do not repeat one another).
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("id", threads)
end
local run = 0
function init(args)
  math.randomseed(id * 7919 + os.time())
  run = math.random(0, 65535)
end
local pages = { "/", "/products", "/en/products", "/contact", "/en", "/about" }
local n = 0
request = function()
  n = n + 1
  local body = string.format('{"k":"v","p":"%s","r":"https://www.google.com/","e":"","t":"${token}"}', pages[n % 6 + 1])
  wrk.headers["X-Forwarded-For"] = string.format("fd00:%x:%x:%x::1", run, id * 4096 + math.floor(n / 65536) % 4096, n % 65536)
  return wrk.format(nil, "/api/leads", nil, body)
end
`,
  );
  return file;
}

/** The token the site's pages carry today (data-t on #app), which a counted beacon sends back. */
async function pageToken(app: NpmStart): Promise<string> {
  const html = await (await fetch(`${app.url}/`)).text();
  const token = /<div id="app"[^>]* data-t="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('the home page carries no beacon token');
  return token;
}

/** The beacon endpoint under a flood, and nginx answering 204 to the same requests (its floor). */
async function measureBeacons(app: NpmStart, work: string, useNginx: boolean): Promise<Row> {
  const script = beaconScript(work, new URL(app.url).origin, await pageToken(app));
  writeFileSync(join(work, 'beacon-probe'), '');
  const nginx = useNginx
    ? await startNginx(
        work,
        [{ name: 'beacon-probe', encoding: undefined, type: 'text/plain' }],
        ['    location = /api/leads { return 204; }'],
      )
    : undefined;
  try {
    const server: Measure[] = [];
    const reference: Measure[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      server.push(wrk(app.url, DURATION, script));
      if (nginx) reference.push(wrk(nginx.url, DURATION, script));
    }
    return {
      name: 'POST /api/leads (beacons)',
      bytes: 0,
      encoding: '204',
      server: median(server),
      ...(nginx ? { nginx: median(reference), ratio: medianOf(server.map((m, r) => m.rps / reference[r]!.rps)) } : {}),
    };
  } finally {
    await nginx?.stop();
  }
}

/** The owner's session cookie (the bench's own admin account, see app-process.ts). */
async function signInOwner(app: NpmStart): Promise<string> {
  const res = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-not-secret' }),
  });
  if (!res.ok) throw new Error(`sign-in for the beacon count answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Views the database holds over every day (the beacons counted). */
async function countedBeacons(app: NpmStart): Promise<number> {
  const jar = await signInOwner(app);
  // The flood's days only (a day either side for the time zone): the CSV answers at most about three years.
  const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const res = await fetch(`${app.url}/api/leads.csv?from=${from}&to=${to}`, { headers: { cookie: jar } });
  if (!res.ok) throw new Error(`GET /api/leads.csv answered ${res.status}: ${await res.text()}`);
  const csv = await res.text();
  return csv
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .reduce((sum, line) => sum + Number(line.split(',')[5]), 0);
}

const useNginx = hasCommand('nginx');
if (!hasCommand('wrk')) {
  console.error('wrk is not installed (apt-get install -y wrk).');
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
const work = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
try {
  console.log(
    `Benchmark: wrk, ${CONNECTIONS} connections, ${DURATION} s per measurement (after a 1 s warm-up), ${ROUNDS} rounds taken in turn with nginx (medians), Accept-Encoding: ${ACCEPT}, loopback.`,
  );
  console.log(
    `Server: \`npm start\` in ${DIR === resolve('.') ? 'this folder' : DIR}, demo content. ` +
      (useNginx
        ? 'Reference: nginx, one worker, serving the same bytes from files.'
        : 'nginx is not installed (apt-get install -y nginx-light): no reference column.'),
  );

  // First start: creates the database and seeds the demo content (drawing its pictures).
  const first = await npmStart(DIR, dataDir);
  const firstIdle = rssMb(first.serverPid);
  await first.stop();

  const app = await npmStart(DIR, dataDir);
  let rows: Row[];
  let idle: number;
  let peakOn: number;
  let js: { path: string; raw: number; gzip: number; files: number }[];
  try {
    await new Promise((r) => setTimeout(r, 1000));
    idle = rssMb(app.serverPid);
    const cards = (await (await fetch(`${app.url}/api/card?type=product`)).json()) as {
      data: { _id: string; isDetailed: boolean; slug: string }[];
    };
    const product = cards.data.find((c) => c.isDetailed) ?? cards.data[0];
    const targets = [
      { name: '/', path: '/' },
      { name: '/en/products', path: '/en/products' },
      // A product's page at its address (decision 035), as its links name it.
      { name: '/products/<slug>', path: `/products/${encodeURIComponent(product?.slug ?? 'none')}` },
      { name: 'GET /api/card?type=product', path: '/api/card?type=product' },
    ];
    rows = await measureTargets(app, work, targets, useNginx, 'on');
    js = await Promise.all(PUBLIC_PAGES.map(async (p) => ({ path: p, ...(await pageJs(app.url, p)) })));
    peakOn = peakRssMb(app.serverPid);
  } finally {
    await app.stop();
  }

  const off = await npmStart(DIR, dataDir, { PAGE_CACHE: 'off' });
  let peakOff: number;
  try {
    rows.push(...(await measureTargets(off, work, [{ name: '/ (page cache off)', path: '/' }], useNginx, 'off')));
    peakOff = peakRssMb(off.serverPid);
  } finally {
    await off.stop();
  }

  // Beacons: a server as behind nginx (TRUST_PROXY), so that many addresses can be named. Nothing
  // before sent one (wrk runs no script of the pages), so every count in the database is the flood's.
  const flood = await npmStart(DIR, dataDir, { TRUST_PROXY: '127.0.0.1' });
  let beacons: Row;
  let peakBeacons: number;
  try {
    beacons = await measureBeacons(flood, work, useNginx);
    peakBeacons = peakRssMb(flood.serverPid);
  } finally {
    await flood.stop();
  }
  // Counted once the last batch is written (at shutdown): read by a second start.
  const reader = await npmStart(DIR, dataDir);
  let counted: number;
  try {
    counted = await countedBeacons(reader);
  } finally {
    await reader.stop();
  }
  rows.push(beacons);

  // Quote requests: a flood of the form from many addresses (bench/request-flood.ts), on a server as behind nginx.
  const requestFlood = await npmStart(DIR, dataDir, { TRUST_PROXY: '127.0.0.1' });
  let requests: FloodResult;
  try {
    requests = await measureRequestFlood(requestFlood, dataDir);
  } finally {
    await requestFlood.stop();
  }

  const header = ['target', 'bytes', 'encoding', 'req/s', 'p99 ms', 'nginx req/s', 'nginx p99 ms', 'ratio'];
  const lines = [header];
  for (const r of rows) {
    lines.push([
      r.name,
      fmt(r.bytes),
      r.encoding,
      fmt(r.server.rps),
      fmt(r.server.p99, 1),
      r.nginx ? fmt(r.nginx.rps) : '–',
      r.nginx ? fmt(r.nginx.p99, 1) : '–',
      r.ratio !== undefined ? `${fmt(r.ratio, 2)}×` : '–',
    ]);
    if (r.server.errors || r.nginx?.errors)
      lines.push([`  (errors: server ${r.server.errors}, nginx ${r.nginx?.errors ?? 0})`, '', '', '', '', '', '', '']);
  }
  const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  console.log('');
  for (const l of lines)
    console.log(l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));

  console.log(
    `\nServer memory (RSS): ${fmt(firstIdle, 1)} MB idle after the first start (seeding), ${fmt(idle, 1)} MB idle after a restart,` +
      ` peak ${fmt(peakOn, 1)} MB over the cached targets, ${fmt(peakOff, 1)} MB with the page cache off.`,
  );
  console.log('\nJavaScript each public page loads (module script + preloads):');
  for (const j of js)
    console.log(
      `  ${j.path.padEnd(12)} ${kb(j.gzip).padStart(9)} gzip  (${kb(j.raw)} raw, ${j.files} file${j.files === 1 ? '' : 's'})`,
    );
  console.log(
    `\nBeacons: the server answered ${fmt(beacons.server.ok)} with 204 and the database holds ${fmt(counted)} counts` +
      ` (${counted >= beacons.server.ok ? `all of them${counted > beacons.server.ok ? `, and ${fmt(counted - beacons.server.ok)} more that were in flight when wrk stopped` : ''}` : `${fmt(beacons.server.ok - counted)} missing`}); peak RSS ${fmt(peakBeacons, 1)} MB.`,
  );
  const r = requests;
  console.log(
    `\nRequest flood: ${fmt(r.posts)} posts of the form without script, each from an address and a number of its own, in ${fmt(r.seconds, 1)} s (${fmt(r.posts / r.seconds)}/s):` +
      ` ${fmt(r.accepted)} accepted (${fmt(r.accepted / r.seconds, 1)}/s), ${fmt(r.refused)} refused with 429 (${fmt(r.refused / r.seconds)}/s),` +
      ` ${fmt(r.failed)} failed (5xx or no answer)${r.other ? `, ${fmt(r.other)} other answers` : ''}; peak RSS ${fmt(r.peakRssMb, 1)} MB;` +
      ` data folder +${fmt(r.grewMb, 1)} MB; the owner's Requests screen then answered ${r.screen.status} in ${fmt(r.screen.ms)} ms` +
      ` (${fmt(r.screen.shown)} listed, ${fmt(r.screen.newCount)} new).`,
  );
  const cachedRows = rows.slice(0, -2);
  const worst = cachedRows.reduce((a, r) => Math.min(a, r.ratio ?? Number.NaN), Number.POSITIVE_INFINITY);
  console.log(
    `\nTargets: every cached target ≥ 0.5× nginx (worst ${fmt(worst, 2)}×) with p99 ≤ 20 ms (worst ${fmt(Math.max(...cachedRows.map((r) => r.server.p99)), 1)} ms);` +
      ` / with the page cache off ≥ 1,500 req/s (${fmt(rows.at(-2)!.server.rps)}); peak RSS ≤ 150 MB (${fmt(Math.max(peakOn, peakOff, peakBeacons), 1)} MB).`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}
