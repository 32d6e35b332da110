/** What both parts of `npm run stress` (bench/stress.ts) use: cleaning up, stopping children, timed requests, figures. */
import type { ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import pg from 'pg';
import { request as httpsRequest } from 'node:https';

const cleanups: (() => unknown)[] = [];

/** Runs `fn` when the run ends, however it ends (last registered, first run). */
export function onCleanup(fn: () => unknown): void {
  cleanups.push(fn);
}

/** Runs every registered clean-up, each once, reporting (not throwing) what fails. */
export async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (err) {
      console.error('clean-up failed:', err);
    }
  }
}

/** Sends `signal` and waits for the exit (SIGKILL after `waitMs`); the exit code, or the signal's name. */
export async function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  waitMs = 15_000,
): Promise<number | string> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode ?? child.signalCode!;
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, sig) => done(code ?? sig ?? 'unknown')),
  );
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), waitMs);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export interface Answer {
  status?: number;
  error?: string;
  ms: number;
  body: string;
  headers: IncomingHttpHeaders;
}

/**
 * One HTTP or HTTPS request, read to its end; a failure (refused, reset, no answer within
 * `timeoutMs`) is returned as `error`, never thrown. Without `agent`, on a connection of its own;
 * `ca` is the certificate authority an HTTPS site's certificate is checked against.
 */
export function timedRequest(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    agent?: Agent;
    localAddress?: string;
    timeoutMs?: number;
    ca?: Buffer;
  } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((done) => {
    let settled = false;
    const finish = (a: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      done({ ...a, ms: performance.now() - started });
    };
    const request = url.startsWith('https:') ? httpsRequest : httpRequest;
    const req = request(
      url,
      {
        method: opts.method ?? 'GET',
        headers: opts.headers,
        agent: opts.agent ?? false,
        localAddress: opts.localAddress,
        ca: opts.ca,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          if (body.length < 1_000_000) body += c;
        });
        res.on('end', () => finish({ status: res.statusCode, body, headers: res.headers }));
        res.on('error', (err: NodeJS.ErrnoException) =>
          finish({ error: err.code ?? err.message, body, headers: res.headers }),
        );
      },
    );
    req.setTimeout(opts.timeoutMs ?? 10_000, () =>
      req.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' })),
    );
    req.on('error', (err: NodeJS.ErrnoException) => finish({ error: err.code ?? err.message, body: '', headers: {} }));
    req.end(opts.body);
  });
}

/** The value at quantile `q` (0–1) of `values`, NaN when there are none. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';

/** `{ a: 1, b: 2 }` as `a 1, b 2`, or `none`. */
export const tally = (counts: Record<string | number, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${fmt(v)}`)
    .join(', ') || 'none';

export function count(counts: Record<string, number>, key: string | number): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

/** A new PostgreSQL database next to `base` (dropped at the end of the run); answers its URL. */
export async function createDatabase(base: string): Promise<string> {
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
