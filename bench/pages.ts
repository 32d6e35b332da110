/**
 * Load test of the public pages (npm run bench). Starts the app with NODE_ENV=production on a
 * loopback port with the seeded demo content and, for the home page, /products and the product
 * API, prints requests per second and p99 latency with the page cache on and off, next to the same
 * bytes served as a static file by the same process, and the ratio; the server's peak memory; and
 * the JavaScript (gzip) each public page loads. Every run is bounded (DURATION seconds each).
 * BENCH_DURATION and BENCH_CONNECTIONS change the load. The server runs with the V8 memory flags of
 * `npm start`; BENCH_NODE_FLAGS replaces them (BENCH_NODE_FLAGS="" measures Node's defaults).
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startApp, type AppProcess } from './app-process.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGETS = [
  { name: 'home page /', path: '/' },
  { name: '/products', path: '/products' },
  { name: 'GET /api/card?type=product', path: '/api/card?type=product' },
];
const PUBLIC_PAGES = ['/', '/about', '/portfolio', '/products', '/contact'].flatMap((p) => [p, p === '/' ? '/en' : `/en${p}`]);

interface Measure { rps: number; p99: number; failures: number }

async function measure(url: string): Promise<Measure> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1 }); // warm-up, not counted
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return { rps: r.requests.average, p99: r.latency.p99, failures: r.errors + r.timeouts + r.non2xx };
}

/**
 * Copies a response's exact bytes into the uploads folder of the benchmark's own data folder,
 * which the same process serves as static files (the built assets folder is shared with anyone
 * running a build meanwhile).
 */
async function staticTwin(app: AppProcess, dataDir: string, path: string, tag: string): Promise<{ file: string; url: string; bytes: number }> {
  const body = Buffer.from(await (await fetch(app.url + path)).arrayBuffer());
  const name = `bench-${tag}.html`;
  writeFileSync(join(dataDir, 'uploads', name), body);
  return { file: join(dataDir, 'uploads', name), url: `${app.url}/uploads/${name}`, bytes: body.length };
}

/** Gzip size of every script a page loads (its module script and module preloads). */
async function pageJs(app: AppProcess, path: string): Promise<{ raw: number; gzip: number; files: number }> {
  const html = await (await fetch(app.url + path)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const u of urls) {
    const bytes = Buffer.from(await (await fetch(app.url + u)).arrayBuffer());
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip, files: urls.size };
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const kb = (n: number) => `${fmt(n / 1024, 1)} KB`;

async function runPass(dataDir: string, cache: 'on' | 'off') {
  const app = await startApp(dataDir, { PAGE_CACHE: cache });
  const rows: { name: string; page: Measure; file: Measure; bytes: number }[] = [];
  const twins: string[] = [];
  try {
    for (const t of TARGETS) {
      const twin = await staticTwin(app, dataDir, t.path, `${cache}-${rows.length}`);
      twins.push(twin.file);
      const page = await measure(app.url + t.path);
      const file = await measure(twin.url);
      rows.push({ name: t.name, page, file, bytes: twin.bytes });
    }
    const js = cache === 'on' ? await Promise.all(PUBLIC_PAGES.map(async (p) => ({ path: p, ...(await pageJs(app, p)) }))) : [];
    return { rows, js, peakRss: app.peakRssMb() };
  } finally {
    await app.stop();
    for (const f of twins) rmSync(f, { force: true });
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-site-'));
try {
  console.log(`Public pages benchmark: ${CONNECTIONS} connections, ${DURATION} s per measurement (after a 1 s warm-up), NODE_ENV=production, loopback`
    + `, node flags: ${process.env.BENCH_NODE_FLAGS ?? 'those of npm start'}.\n`);
  // The first start seeds the demo content (drawing its pictures takes memory); it is not measured.
  await (await startApp(dataDir, {})).stop();
  const on = await runPass(dataDir, 'on');
  const off = await runPass(dataDir, 'off');

  const header = ['target', 'bytes', 'cache', 'req/s', 'p99 ms', 'static file req/s', 'static p99 ms', 'ratio'];
  const lines = [header];
  for (const [label, pass] of [['on', on], ['off', off]] as const) {
    for (const r of pass.rows) {
      lines.push([r.name, fmt(r.bytes), label, fmt(r.page.rps), fmt(r.page.p99, 1), fmt(r.file.rps), fmt(r.file.p99, 1), `${fmt(r.page.rps / r.file.rps, 2)}×`]);
      if (r.page.failures || r.file.failures) lines.push([`  (failures: page ${r.page.failures}, static ${r.file.failures})`, '', '', '', '', '', '', '']);
    }
  }
  const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const l of lines) console.log(l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));

  console.log(`\nPeak server memory (RSS): ${fmt(on.peakRss, 1)} MB with the cache on, ${fmt(off.peakRss, 1)} MB with it off.`);
  console.log('\nJavaScript each public page loads (module script + preloads):');
  for (const j of on.js) console.log(`  ${j.path.padEnd(12)} ${kb(j.gzip).padStart(9)} gzip  (${kb(j.raw)} raw, ${j.files} file${j.files === 1 ? '' : 's'})`);
  const home = on.rows[0]!;
  const uncached = off.rows[0]!;
  console.log(`\nTargets: cached page ≥ 0.5× static (home: ${fmt(home.page.rps / home.file.rps, 2)}×), uncached page ≥ 0.1× static (home: ${fmt(uncached.page.rps / uncached.file.rps, 2)}×),`
    + ` memory < 150 MB, JavaScript ≤ 100 KB gzip per page (max ${kb(Math.max(...on.js.map((j) => j.gzip)))}).`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
