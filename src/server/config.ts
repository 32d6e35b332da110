import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';

/** Everything the server reads from its environment, validated once at start. */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly adminEmail: string | undefined;
  readonly adminPassword: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly publicUrl: string;
  readonly corsOrigins: readonly string[];
  /**
   * Which proxies' X-Forwarded-For to believe, as Fastify's `trustProxy` takes it: false (none),
   * a number of hops (the proxies in front of this server), or the addresses and networks of the
   * proxies (plus the names loopback, linklocal, uniquelocal).
   */
  readonly trustProxy: false | number | readonly string[];
  readonly production: boolean;
  /** Log level; tests turn it down. */
  readonly logLevel: string;
  /** Seed demo content into an empty database. */
  readonly seedDemo: boolean;
  /** Keep rendered public pages in memory; off only to measure rendering (the benchmark). */
  readonly pageCache: boolean;
  /** Serve the browser bundles' source maps (/assets/*.map): by default only outside production. */
  readonly serveSourceMaps: boolean;
  /** Settings that work but deserve a line in the log at start (e.g. no SMTP on a public server). */
  readonly warnings: readonly string[];
  /** Bounds on connections and their timings, and the shutdown drain (docs/decisions/016). */
  readonly connections: ConnectionLimits;
  /** How long deleted items and replaced versions are kept (TRASH_DAYS, HISTORY_DAYS, HISTORY_VERSIONS). */
  readonly retention: Retention;
  /** Counting visits and taps (issue 24). */
  readonly leads: LeadsConfig;
}

interface Retention {
  /** A deleted item stays in the trash this many days. */
  readonly trashDays: number;
  /** Every version younger than this many days is kept… */
  readonly historyDays: number;
  /** …and the newest this many versions of each item whatever their age. */
  readonly historyVersions: number;
}

interface LeadsConfig {
  /** The business's time zone: the counts' days begin at its midnight. */
  readonly timeZone: string;
  /** Days the counts are kept; older ones are deleted by the hourly job. */
  readonly keepDays: number;
  /** How often each server writes the counts it has added up. */
  readonly flushMs: number;
}

export interface ConnectionLimits {
  /** Open connections in all; one over it is destroyed at once. */
  readonly max: number;
  /** Open connections from one address; 0 = no per-address bound (the default behind a proxy). */
  readonly perAddress: number;
  /** A request's headers must have arrived within this (Node's `headersTimeout`). */
  readonly headersTimeoutMs: number;
  /** A whole request, body included, must have arrived within this (Node's `requestTimeout`). */
  readonly requestTimeoutMs: number;
  /** Heap in use above which new requests are answered 503; undefined = 90 % of V8's heap limit. */
  readonly maxHeapUsedMb: number | undefined;
  /** After SIGTERM: how long /readyz fails while requests are still served (with Connection: close). */
  readonly shutdownDrainMs: number;
  /** After SIGTERM: when the process exits whatever still runs (orchestrators kill at 10 s). */
  readonly shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

function parseUrl(value: string, name: string, protocols: string[], problems: string[]): URL | undefined {
  try {
    const url = new URL(value);
    if (!protocols.includes(url.protocol)) {
      problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')} (got "${url.protocol}//…")`);
      return undefined;
    }
    return url;
  } catch {
    problems.push(`${name} is not a valid URL`);
    return undefined;
  }
}

function parseBool(value: string | undefined, name: string, fallback: boolean, problems: string[]): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  problems.push(`${name} must be true or false (got "${value}")`);
  return fallback;
}

/** Names Fastify's trustProxy (proxy-addr) knows for address ranges. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address (IPv4 or IPv6) or a network in CIDR form (address/prefix length). */
function isAddressOrNetwork(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: how many proxies stand in front (the client is the address the outermost one saw,
 * the right-most entries of X-Forwarded-For that many hops in), or their addresses. "true" used to
 * trust every hop, so anyone could choose their address by sending X-Forwarded-For: it now means
 * one proxy, the usual setup (nginx in front), with a warning to say so.
 */
function parseTrustProxy(value: string | undefined, problems: string[], warnings: string[]): false | number | readonly string[] {
  if (value === undefined || /^(0|false|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) {
    warnings.push(`TRUST_PROXY=${value} is read as 1 (one proxy in front, e.g. nginx): set TRUST_PROXY to the number of proxies, or their addresses, to say so.`);
    return 1;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 10) return hops || false;
    problems.push(`TRUST_PROXY must be a number of proxies from 0 to 10, or their addresses (got "${value}")`);
    return false;
  }
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrNetwork(e));
  if (entries.length === 0 || bad.length > 0) {
    problems.push(`TRUST_PROXY must be a number of proxies in front (e.g. 1) or their addresses and networks, comma-separated (e.g. 10.0.0.5,192.168.0.0/16); "${bad[0] ?? value}" is neither`);
    return false;
  }
  return Object.freeze(entries);
}

function parseWhole(value: string | undefined, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
    return fallback;
  }
  return n;
}

/**
 * Connection bounds and shutdown timings. Behind a reverse proxy every visitor arrives from the
 * proxy's address, so the per-address bound is off there unless set (the proxy bounds visitors).
 */
function connectionLimits(env: Env, behindProxy: boolean, problems: string[]): ConnectionLimits {
  const max = parseWhole(env.MAX_CONNECTIONS, 'MAX_CONNECTIONS', 4096, 1, 1_000_000, problems);
  const perAddress = parseWhole(env.MAX_CONNECTIONS_PER_ADDRESS, 'MAX_CONNECTIONS_PER_ADDRESS', behindProxy ? 0 : 256, 0, 1_000_000, problems);
  const headersTimeoutMs = parseWhole(env.HEADERS_TIMEOUT_MS, 'HEADERS_TIMEOUT_MS', 10_000, 100, 600_000, problems);
  const requestTimeoutMs = parseWhole(env.REQUEST_TIMEOUT_MS, 'REQUEST_TIMEOUT_MS', 120_000, 1_000, 3_600_000, problems);
  if (requestTimeoutMs < headersTimeoutMs) problems.push('REQUEST_TIMEOUT_MS must not be shorter than HEADERS_TIMEOUT_MS');
  const rawHeap = env.MAX_HEAP_USED_MB;
  const maxHeapUsedMb = rawHeap === undefined || rawHeap.trim() === '' ? undefined : parseWhole(rawHeap, 'MAX_HEAP_USED_MB', 0, 1, 1_000_000, problems);
  const shutdownDrainMs = parseWhole(env.SHUTDOWN_DRAIN_MS, 'SHUTDOWN_DRAIN_MS', 5_000, 0, 600_000, problems);
  const shutdownTimeoutMs = parseWhole(env.SHUTDOWN_TIMEOUT_MS, 'SHUTDOWN_TIMEOUT_MS', 9_000, 1_000, 3_600_000, problems);
  if (shutdownDrainMs >= shutdownTimeoutMs) problems.push('SHUTDOWN_DRAIN_MS must be shorter than SHUTDOWN_TIMEOUT_MS (requests in flight need time to finish after the drain)');
  return Object.freeze({ max, perAddress, headersTimeoutMs, requestTimeoutMs, maxHeapUsedMb, shutdownDrainMs, shutdownTimeoutMs });
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Reads and validates configuration. Throws a ConfigError that names every bad value. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

  let port = 3000;
  const rawPort = blank(env.PORT);
  if (rawPort !== undefined) {
    port = /^\d+$/.test(rawPort) ? Number(rawPort) : Number.NaN;
    if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a whole number from 0 to 65535 (got "${rawPort}")`);
  }
  const host = blank(env.HOST) ?? '127.0.0.1';
  const dataDir = resolve(blank(env.DATA_DIR) ?? './data');

  const databaseUrl = blank(env.DATABASE_URL);
  if (databaseUrl !== undefined) parseUrl(databaseUrl, 'DATABASE_URL', ['postgres:', 'postgresql:'], problems);

  const adminEmail = blank(env.ADMIN_EMAIL)?.toLowerCase();
  if (adminEmail !== undefined && !EMAIL_RE.test(adminEmail)) problems.push(`ADMIN_EMAIL is not an email address (got "${adminEmail}")`);
  const adminPassword = env.ADMIN_PASSWORD === '' ? undefined : env.ADMIN_PASSWORD;
  if (adminPassword !== undefined && adminPassword.length < 8) problems.push('ADMIN_PASSWORD must be at least 8 characters');
  if ((adminEmail === undefined) !== (adminPassword === undefined) && adminPassword !== undefined) {
    problems.push('ADMIN_PASSWORD is set but ADMIN_EMAIL is not');
  }

  const smtpUrl = blank(env.SMTP_URL);
  if (smtpUrl !== undefined) parseUrl(smtpUrl, 'SMTP_URL', ['smtp:', 'smtps:'], problems);
  const mailFrom = blank(env.MAIL_FROM) ?? 'Bird Barrier <no-reply@localhost>';

  let publicUrl = `http://localhost:${port}`;
  const rawPublic = blank(env.PUBLIC_URL);
  if (rawPublic !== undefined) {
    const url = parseUrl(rawPublic, 'PUBLIC_URL', ['http:', 'https:'], problems);
    if (url) publicUrl = url.origin;
  }

  const corsOrigins: string[] = [];
  for (const origin of (blank(env.CORS_ORIGINS) ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const url = parseUrl(origin, 'CORS_ORIGINS entry', ['http:', 'https:'], problems);
    if (url) corsOrigins.push(url.origin);
  }

  const production = env.NODE_ENV === 'production';
  const seedDemo = parseBool(env.SEED_DEMO, 'SEED_DEMO', true, problems);
  const pageCache = parseBool(env.PAGE_CACHE, 'PAGE_CACHE', true, problems);
  const serveSourceMaps = parseBool(env.SERVE_SOURCE_MAPS, 'SERVE_SOURCE_MAPS', !production, problems);
  const logLevel = blank(env.LOG_LEVEL) ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`);
  }

  // Beyond loopback the site is for others: links, cookies and emails must name its real address.
  const public_ = !isLoopback(host);
  if (public_ && rawPublic === undefined) {
    problems.push(`PUBLIC_URL must be set when HOST is "${host}" (beyond this machine): links, cookies and emails would point at ${publicUrl}`);
  }
  const warnings: string[] = [];
  const trustProxy = parseTrustProxy(blank(env.TRUST_PROXY), problems, warnings);
  if (typeof trustProxy === 'number' && public_) {
    warnings.push(`TRUST_PROXY counts hops and HOST is "${host}": a client that reaches PORT without the proxy chooses its own address. Let only the proxy reach PORT, or set TRUST_PROXY to the proxy's address.`);
  }
  if (public_ && smtpUrl === undefined) {
    warnings.push('SMTP_URL is not set: password-reset codes are only written to DATA_DIR/outbox, not emailed.');
  }

  const connections = connectionLimits(env, Boolean(trustProxy), problems);
  const retention = Object.freeze({
    trashDays: parseWhole(env.TRASH_DAYS, 'TRASH_DAYS', 30, 1, 3650, problems),
    historyDays: parseWhole(env.HISTORY_DAYS, 'HISTORY_DAYS', 90, 1, 3650, problems),
    historyVersions: parseWhole(env.HISTORY_VERSIONS, 'HISTORY_VERSIONS', 50, 1, 10_000, problems),
  });
  const timeZone = blank(env.LEADS_TIME_ZONE) ?? 'Asia/Riyadh';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    problems.push(`LEADS_TIME_ZONE must be a time zone name such as Asia/Riyadh (got "${timeZone}")`);
  }
  const leads = Object.freeze({
    timeZone,
    keepDays: parseWhole(env.LEADS_KEEP_DAYS, 'LEADS_KEEP_DAYS', 730, 1, 36_500, problems),
    flushMs: parseWhole(env.LEADS_FLUSH_MS, 'LEADS_FLUSH_MS', 5_000, 50, 600_000, problems),
  });
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({
    port, host, dataDir, databaseUrl, adminEmail, adminPassword, smtpUrl, mailFrom,
    publicUrl, corsOrigins: Object.freeze(corsOrigins), trustProxy, production, logLevel, seedDemo, pageCache, serveSourceMaps,
    warnings: Object.freeze(warnings),
    connections,
    retention,
    leads,
  });
}

/**
 * Config.trustProxy as Fastify's option. Fastify 5 takes no hop count any more (a number trusts
 * nothing, as the immediate peer is not checked), so hops are a function of the hop alone: fine
 * when only the proxies can reach the server (HOST on loopback, or a firewall), which the README
 * asks and loadConfig warns about otherwise.
 */
export function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Loads `.env` from the working directory if present (Node's own parser). */
export function loadDotEnv(): void {
  if (existsSync('.env')) process.loadEnvFile('.env');
}
