import { existsSync } from 'node:fs';
import { ENVIRONMENT, ENVIRONMENT_RULES, isLoopback, TRUST_ALL, type Environment } from './environment.ts';
import { readEnvironment } from './lib/read-environment.ts';

/** Everything the server reads from its environment (environment.ts), validated once at start. */
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
  readonly requests: RequestsConfig;
  /** The nightly backup: what it keeps and where it copies (features/backup/nightly.ts). */
  readonly backups: BackupsConfig;
}

interface BackupsConfig {
  readonly keepDays: number;
  readonly keepSundays: number;
  readonly copyDir: string | undefined;
  readonly copyCommand: string | undefined;
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

interface RequestsConfig {
  /** Months a quote request is kept; older ones are deleted by the hourly job. */
  readonly keepMonths: number;
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
  /** Heap in use above which new requests are answered 503; undefined = 85 % of V8's heap limit. */
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

/**
 * Reads and validates the environment by its schema (environment.ts) and the rules between its
 * variables. Throws a ConfigError that names every bad value.
 */
export function loadConfig(env: Env = process.env): Config {
  const read = readEnvironment(ENVIRONMENT, env);
  const problems = [...read.problems];
  for (const rule of ENVIRONMENT_RULES) {
    if (rule.uses.some((name) => read.refused.has(name))) continue;
    const problem = rule.problem(read.values);
    if (problem !== undefined) problems.push(problem);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  // Every variable was accepted: those with a default have a value.
  const e = read.values as Environment;
  const production = e.NODE_ENV === 'production';
  const trustProxy = e.TRUST_PROXY;
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    corsOrigins: e.CORS_ORIGINS ?? Object.freeze([]),
    trustProxy,
    production,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    pageCache: e.PAGE_CACHE,
    serveSourceMaps: e.SERVE_SOURCE_MAPS ?? !production,
    warnings: Object.freeze(warningsFor(e, env)),
    connections: Object.freeze({
      max: e.MAX_CONNECTIONS,
      // Behind a reverse proxy every visitor arrives from the proxy's address: no per-address bound there unless set.
      perAddress: e.MAX_CONNECTIONS_PER_ADDRESS ?? (trustProxy ? 0 : 256),
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      maxHeapUsedMb: e.MAX_HEAP_USED_MB,
      shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    }),
    retention: Object.freeze({
      trashDays: e.TRASH_DAYS,
      historyDays: e.HISTORY_DAYS,
      historyVersions: e.HISTORY_VERSIONS,
    }),
    leads: Object.freeze({ timeZone: e.LEADS_TIME_ZONE, keepDays: e.LEADS_KEEP_DAYS, flushMs: e.LEADS_FLUSH_MS }),
    requests: Object.freeze({ keepMonths: e.REQUESTS_KEEP_MONTHS }),
    backups: Object.freeze({
      keepDays: e.BACKUP_KEEP_DAYS,
      keepSundays: e.BACKUP_KEEP_SUNDAYS,
      copyDir: e.BACKUP_COPY_DIR,
      copyCommand: e.BACKUP_COPY_COMMAND,
    }),
  });
}

/** Settings that work but deserve a line in the log at start. */
function warningsFor(e: Environment, env: Env): string[] {
  const warnings: string[] = [];
  const beyondLoopback = !isLoopback(e.HOST);
  const rawTrust = env.TRUST_PROXY?.trim() ?? '';
  if (TRUST_ALL.test(rawTrust)) {
    warnings.push(
      `TRUST_PROXY=${rawTrust} is read as 1 (one proxy in front, e.g. nginx): set TRUST_PROXY to the number of proxies, or their addresses, to say so.`,
    );
  }
  if (typeof e.TRUST_PROXY === 'number' && beyondLoopback) {
    warnings.push(
      `TRUST_PROXY counts hops and HOST is "${e.HOST}": a client that reaches PORT without the proxy chooses its own address. Let only the proxy reach PORT, or set TRUST_PROXY to the proxy's address.`,
    );
  }
  if (beyondLoopback && e.SMTP_URL === undefined) {
    warnings.push('SMTP_URL is not set: password-reset codes are only written to DATA_DIR/outbox, not emailed.');
  }
  return warnings;
}

/**
 * Config.trustProxy as Fastify's option. Fastify 5 takes no hop count any more (a number trusts
 * nothing, as the immediate peer is not checked), so hops are a function of the hop alone: fine
 * when only the proxies can reach the server (HOST on loopback, or a firewall), which the README
 * asks and loadConfig warns about otherwise.
 */
export function trustProxyOption(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

/** Loads `.env` from the working directory if present (Node's own parser). */
export function loadDotEnv(): void {
  if (existsSync('.env')) process.loadEnvFile('.env');
}
