/**
 * `npm run stress -- held`: connections held open against one server (run as `npm start` runs it,
 * SQLite, demo content), from many loopback addresses and then from one, while a visitor asks for
 * pages once a second. See bench/stress.ts.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { rssMb, startApp } from './app-process.ts';
import { cleanUp, count, fmt, onCleanup, quantile, sleep, stopChild, tally, timedRequest } from './stress-common.ts';

const PER_ADDRESS = Number(process.env.STRESS_PER_ADDRESS ?? 200);
const WANTED = Number(process.env.STRESS_CONNECTIONS ?? 20_000);
const SECONDS = Number(process.env.STRESS_HELD_SECONDS ?? 120);
const ONE_ADDRESS_SECONDS = Number(process.env.STRESS_ONE_ADDRESS_SECONDS ?? 60);
const WANTED_FILE_LIMIT = 65_536;
/** Descriptors the flood process needs besides its sockets (Node itself, its pipes). */
const SPARE_FILES = 600;

interface FloodCounts {
  t: number;
  final?: boolean;
  open: number;
  pending: number;
  queued: number;
  attempted: number;
  connected: number;
  failed: Record<string, number>;
  closedAtOnce: number;
  closedLater: number;
  answers: Record<string, number>;
  medianLifetimeMs: number;
}

/**
 * How to start the flood with more open files than this shell allows: `prlimit` raises the hard
 * limit where the process may (root with CAP_SYS_RESOURCE); otherwise the soft limit is raised to
 * the hard one. The limit the flood gets, and how.
 */
function floodLauncher(): { command: string[]; limit: number; how: string } {
  try {
    execFileSync('prlimit', [`--nofile=${WANTED_FILE_LIMIT}:${WANTED_FILE_LIMIT}`, 'true'], { stdio: 'ignore' });
    return {
      command: ['prlimit', `--nofile=${WANTED_FILE_LIMIT}:${WANTED_FILE_LIMIT}`, process.execPath],
      limit: WANTED_FILE_LIMIT,
      how: `prlimit --nofile=${WANTED_FILE_LIMIT}`,
    };
  } catch {
    /* not allowed here, or no prlimit */
  }
  const hard = execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
  const limit = hard === 'unlimited' ? WANTED_FILE_LIMIT : Number(hard);
  return {
    command: ['sh', '-c', `ulimit -n ${limit} && exec "$0" "$@"`, process.execPath],
    limit,
    how: `ulimit -n ${limit} (the hard limit; raising it was not permitted)`,
  };
}

/** One request of the visitor: `at` is when it was sent, in ms since the flood started. */
interface Visit {
  path: string;
  at: number;
  status?: number;
  error?: string;
  ms: number;
}

interface RunResult {
  flood: FloodCounts;
  peakOpen: number;
  peakServerFiles: number;
  rss: { start: number; peak: number; end: number };
  aliveAtEnd: boolean;
  exitCode: number | string;
  visits: Visit[];
}

/** One flood against a fresh server: `addresses` × `perAddress` connections for `seconds`. */
async function floodRun(
  addresses: string[],
  perAddress: number,
  seconds: number,
  launcher: ReturnType<typeof floodLauncher>,
): Promise<RunResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-stress-held-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await startApp(dataDir, { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' });
  onCleanup(() => stopChild(app.child));
  const pid = app.child.pid!;
  const port = Number(new URL(app.url).port);
  // The pages rendered once and kept, as on a site that has had visitors.
  for (const path of ['/', '/api/word/']) await timedRequest(app.url + path);
  await sleep(1000);
  const rss = { start: rssMb(pid), peak: rssMb(pid), end: 0 };
  let peakServerFiles = 0;
  // Sampled (VmRSS) rather than the kernel's high-water mark, which would count the start too.
  const sample = () => {
    if (app.child.exitCode !== null) return;
    try {
      rss.peak = Math.max(rss.peak, rssMb(pid));
      peakServerFiles = Math.max(peakServerFiles, readdirSync(`/proc/${pid}/fd`).length);
    } catch {
      /* the process just ended */
    }
  };

  const options = {
    port,
    addresses,
    perAddress,
    seconds,
    slowEveryMs: 3000,
    openPerSecond: Number(process.env.STRESS_OPEN_PER_SECOND ?? 2000),
    maxPending: 512,
    connectTimeoutMs: 10_000,
  };
  const [command, ...args] = launcher.command;
  const flood = spawn(command!, [...args, 'bench/stress-flood.ts', JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  onCleanup(() => stopChild(flood, 'SIGTERM', 5000));
  let last: FloodCounts | undefined;
  let peakOpen = 0;
  createInterface({ input: flood.stdout! }).on('line', (line) => {
    try {
      last = JSON.parse(line) as FloodCounts;
      peakOpen = Math.max(peakOpen, last.open);
    } catch {
      /* not a line of counts */
    }
  });
  const floodExited = new Promise<void>((done) => flood.once('exit', () => done()));

  // The visitor: once a second, `/` and `/api/word/` each on a fresh connection from 127.0.0.1.
  const visits: Visit[] = [];
  const pendingVisits: Promise<void>[] = [];
  const deadline = Date.now() + (seconds + 30) * 1000;
  const sampler = setInterval(sample, 250);
  onCleanup(() => clearInterval(sampler));
  let floodDone = false;
  void floodExited.then(() => {
    floodDone = true;
  });
  const started = performance.now();
  while (!floodDone && Date.now() < deadline) {
    for (const path of ['/', '/api/word/']) {
      const at = performance.now() - started;
      pendingVisits.push(
        timedRequest(app.url + path, { localAddress: '127.0.0.1', timeoutMs: 10_000 }).then((a) => {
          visits.push({ path, at, status: a.status, error: a.error, ms: a.ms });
        }),
      );
    }
    await sleep(1000);
  }
  if (!floodDone) await stopChild(flood, 'SIGTERM', 5000);
  await Promise.all(pendingVisits);
  // A few seconds for the server to see the flood's sockets closed and collect what they held.
  await sleep(5000);
  const aliveAtEnd = app.child.exitCode === null;
  rss.end = aliveAtEnd ? rssMb(pid) : Number.NaN;
  const exitCode = await stopChild(app.child);
  await cleanUp();
  if (!last) throw new Error('the flood printed no counts');
  return { flood: last, peakOpen, peakServerFiles, rss, aliveAtEnd, exitCode, visits };
}

function report(title: string, r: RunResult): void {
  const f = r.flood;
  const failed = Object.values(f.failed).reduce((a, b) => a + b, 0);
  console.log(`\n${title}`);
  console.log(
    `  connections: ${fmt(f.attempted)} attempted, ${fmt(f.connected)} connected (TCP handshake), ${fmt(failed)} failed to connect (${tally(f.failed)})`,
  );
  console.log(
    `    closed by the server: ${fmt(f.closedAtOnce)} within 1 s of connecting (over a bound), ${fmt(f.closedLater)} later (median after ${fmt(f.medianLifetimeMs / 1000, 1)} s)`,
  );
  console.log(
    `    answers on held connections: ${tally(f.answers)}; held open at the peak ${fmt(r.peakOpen)}, at the end ${fmt(f.open)}; still connecting at the end ${fmt(f.pending)}`,
  );
  console.log(
    `  server: open files at the peak ${fmt(r.peakServerFiles)}; RSS ${fmt(r.rss.start, 1)} MB at the start, ${fmt(r.rss.peak, 1)} MB peak, ${fmt(r.rss.end, 1)} MB at the end (5 s after the flood);` +
      ` ${r.aliveAtEnd ? 'stayed up' : 'DIED'}, exit code after SIGTERM ${r.exitCode}`,
  );
  for (const path of ['/', '/api/word/']) {
    const mine = r.visits.filter((v) => v.path === path);
    const ok = mine.filter((v) => v.status === 200);
    const outcomes: Record<string, number> = {};
    for (const v of mine) count(outcomes, v.status ?? v.error ?? 'unknown');
    const ms = mine.map((v) => v.ms);
    console.log(
      `  visitor ${path}: ${fmt(ok.length)}/${fmt(mine.length)} answered 200 (${fmt((100 * ok.length) / Math.max(1, mine.length), 1)} %; ${tally(outcomes)}),` +
        ` latency p50 ${fmt(quantile(ms, 0.5), 1)} ms, p99 ${fmt(quantile(ms, 0.99), 1)} ms, max ${fmt(Math.max(...ms), 1)} ms`,
    );
    // Issue 30: under the reconnect storm a visitor's first requests went unanswered for 4-11 s; the aim is every one within 1 s.
    const inOrder = [...mine].sort((a, b) => a.at - b.at);
    const withinSecond = mine.filter((v) => v.status === 200 && v.ms <= 1000).length;
    console.log(
      `    answered 200 within 1 s: ${fmt(withinSecond)}/${fmt(mine.length)}; the first six (sent at 0-5 s of the flood): ` +
        `${inOrder
          .slice(0, 6)
          .map((v) => `${v.status ?? v.error ?? '?'} in ${fmt(v.ms)} ms`)
          .join(', ')}`,
    );
  }
}

export async function runHeld(): Promise<void> {
  const launcher = floodLauncher();
  const fits = Math.max(1, Math.floor((launcher.limit - SPARE_FILES) / PER_ADDRESS));
  const addressCount = Math.min(Math.ceil(WANTED / PER_ADDRESS), fits, 250);
  const total = addressCount * PER_ADDRESS;
  const addresses = Array.from(
    { length: addressCount },
    (_, i) => `127.0.${Math.floor((i + 2) / 256)}.${(i + 2) % 256}`,
  );
  console.log(
    `\n== Held connections: the server as \`npm start\` runs it (SQLite, demo content, default bounds);` +
      ` the flood in its own process with ${launcher.how}, ${fmt(total)} connections` +
      `${total < WANTED ? ` (scaled down from ${fmt(WANTED)} to fit its file limit)` : ''}, half idle and half sending a header line every 3 s,` +
      ` each closed one opened again (at most ${fmt(Number(process.env.STRESS_OPEN_PER_SECOND ?? 2000))} a second); a visitor asks for / and /api/word/ once a second from 127.0.0.1 on a fresh connection.`,
  );
  const many = await floodRun(addresses, PER_ADDRESS, SECONDS, launcher);
  report(
    `Many addresses: ${addressCount} (${addresses[0]} … ${addresses.at(-1)}) × ${PER_ADDRESS}, ${SECONDS} s`,
    many,
  );
  const one = await floodRun([addresses[0]!], total, ONE_ADDRESS_SECONDS, launcher);
  report(`One address: ${addresses[0]} × ${fmt(total)}, ${ONE_ADDRESS_SECONDS} s`, one);
}
