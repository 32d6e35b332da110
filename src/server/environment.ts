import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { Type, type StaticDecode } from 'typebox';

/**
 * Every environment variable the server reads, with its type, its default and what it does: the one
 * schema of the environment. `config.ts` reads it once at start (lib/read-environment.ts), the
 * README's Configuration table is made from it (`npm run docs`; tests/unit/docs.test.ts fails when
 * they differ) and tests/deploy/install.test.ts checks deploy/site.env against it.
 *
 * A new variable: a property here, with `description` (Markdown, as the README shows it) and
 * `default` (or `x-default`, the default in words, when it is worked out from other variables),
 * then `npm run docs` and a commented line in deploy/site.env. A rule between variables goes in
 * ENVIRONMENT_RULES below.
 */

type Options = { description: string; default?: unknown; 'x-default'?: string; 'x-verbatim'?: boolean };

const whole = (minimum: number, maximum: number, options: Options) => Type.Integer({ minimum, maximum, ...options });
const flag = (options: Options) => Type.Boolean(options);
const text = (options: Options) => Type.String(options);

/** Why `value` is not a URL of one of `protocols`, or undefined when it is one. */
function urlProblem(value: string, protocols: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a valid URL';
  }
  // Only the scheme is repeated: the rest of a URL may hold a password.
  if (!protocols.includes(url.protocol))
    return `must start with ${protocols.map((p) => `${p}//`).join(' or ')} (got "${url.protocol}//…")`;
  return undefined;
}

const url = (protocols: readonly string[], options: Options) =>
  Type.Refine(
    Type.String(options),
    (v) => urlProblem(v, protocols) === undefined,
    (v) => urlProblem(v, protocols) ?? '',
  );

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const originsOf = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const badOrigin = (value: string) =>
  originsOf(value)
    .map((o) => ({ o, problem: urlProblem(o, ['http:', 'https:']) }))
    .find((e) => e.problem);

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

const NOT_TRUSTED = /^(0|false|no|off)$/i;
/** "true" used to trust every hop, so anyone could choose their address: it is read as one proxy now (config.ts warns). */
export const TRUST_ALL = /^(true|yes|on)$/i;

/** Why a TRUST_PROXY value is refused, or undefined when it is a hop count, an address list, or off. */
function trustProxyProblem(value: string): string | undefined {
  if (NOT_TRUSTED.test(value) || TRUST_ALL.test(value)) return undefined;
  if (/^\d+$/.test(value))
    return Number(value) <= 10
      ? undefined
      : `must be a number of proxies from 0 to 10, or their addresses (got "${value}")`;
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !isAddressOrNetwork(e));
  if (entries.length === 0 || bad !== undefined) {
    return `must be a number of proxies in front (e.g. 1) or their addresses and networks, comma-separated (e.g. 10.0.0.5,192.168.0.0/16); "${bad ?? value}" is neither`;
  }
  return undefined;
}

/**
 * TRUST_PROXY as Config.trustProxy: false (none), a number of hops (the client is the address the
 * outermost proxy saw, the right-most entries of X-Forwarded-For that many hops in), or the
 * proxies' addresses and networks.
 */
function trustProxyOf(value: string): false | number | readonly string[] {
  if (NOT_TRUSTED.test(value)) return false;
  if (TRUST_ALL.test(value)) return 1;
  if (/^\d+$/.test(value)) return Number(value) || false;
  return Object.freeze(
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** Zones already judged: making a formatter takes milliseconds, and the settings are read at every start. */
const knownZones = new Map<string, boolean>();
function isTimeZone(value: string): boolean {
  let known = knownZones.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    // Settings come from the environment, not from visitors: a handful of values at most.
    if (knownZones.size < 100) knownZones.set(value, known);
  }
  return known;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The environment, in the order of the README's Configuration table. */
export const ENVIRONMENT = Type.Object({
  PORT: whole(0, 65535, { default: 3000, description: 'the port the server listens on' }),
  HOST: text({
    default: '127.0.0.1',
    description:
      'the address it listens on; beyond loopback (e.g. `0.0.0.0`) it needs `PUBLIC_URL`, and warns without `SMTP_URL`',
  }),
  NODE_ENV: Type.Optional(
    text({
      'x-default': 'unset; `production` under `npm start`',
      description:
        '`production`: the built front end is read once (otherwise a new build is picked up without a restart) and source maps are not served unless `SERVE_SOURCE_MAPS` says so; `npm start` sets it unless the environment does',
    }),
  ),
  DATA_DIR: Type.Codec(
    text({ default: './data', description: 'SQLite file and email outbox (images are in the database; see below)' }),
  )
    .Decode((dir) => resolve(dir))
    .Encode((dir) => dir),
  DATABASE_URL: Type.Optional(
    url(['postgres:', 'postgresql:'], {
      'x-default': 'unset (SQLite)',
      description: '`postgres://…` selects PostgreSQL',
    }),
  ),
  ADMIN_EMAIL: Type.Optional(
    Type.Codec(
      Type.Refine(
        text({ description: 'the admin account created on first start; without it `admin@example.com`' }),
        (v) => EMAIL_RE.test(v.toLowerCase()),
        (v) => `is not an email address (got "${v.toLowerCase()}")`,
      ),
    )
      .Decode((v) => v.toLowerCase())
      .Encode((v) => v),
  ),
  ADMIN_PASSWORD: Type.Optional(
    Type.String({
      minLength: 8,
      'x-verbatim': true,
      description:
        'its first password (at least 8 characters, with `ADMIN_EMAIL`); without it a generated one, printed once',
    }),
  ),
  SMTP_URL: Type.Optional(
    url(['smtp:', 'smtps:'], {
      description:
        'real email delivery (`smtp://user:pass@host:587`, or `smtps://`); without it emails are written as `.eml` files to `DATA_DIR/outbox`',
    }),
  ),
  MAIL_FROM: text({ default: 'Bird Barrier <no-reply@localhost>', description: "the sender of the site's emails" }),
  PUBLIC_URL: Type.Optional(
    Type.Codec(
      url(['http:', 'https:'], {
        'x-default': '`http://localhost:PORT`',
        description:
          "the address visitors use (its origin; a path is dropped): absolute links in the sitemap, canonical and Open Graph tags and emails, and the passkeys' site",
      }),
    )
      .Decode((v) => new URL(v).origin)
      .Encode((v) => v),
  ),
  CORS_ORIGINS: Type.Optional(
    Type.Codec(
      Type.Refine(
        text({ description: 'comma-separated origins allowed to call the API with credentials' }),
        (v) => badOrigin(v) === undefined,
        (v) => {
          const bad = badOrigin(v);
          return `entry "${bad?.o ?? ''}" ${bad?.problem ?? ''}`;
        },
      ),
    )
      .Decode((v): readonly string[] => Object.freeze(originsOf(v).map((o) => new URL(o).origin)))
      .Encode((v) => v.join(',')),
  ),
  TRUST_PROXY: Type.Codec(
    Type.Refine(
      text({
        default: 'false',
        description:
          'behind a reverse proxy: the number of proxies in front (`1` for one nginx), or their addresses and networks, comma-separated (`10.0.0.5,192.168.0.0/16`, also `loopback`); see below. `true` is read as `1`, with a warning. Set, it turns the per-address connection bound off unless that is set',
      }),
      (v) => trustProxyProblem(v) === undefined,
      (v) => trustProxyProblem(v) ?? '',
    ),
  )
    .Decode(trustProxyOf)
    .Encode((v) => (v === false ? 'false' : String(v))),
  MAX_CONNECTIONS: whole(1, 1_000_000, {
    default: 4096,
    description:
      'open connections in all: at the bound a newcomer takes the place of the oldest connection that has sent no request for a second (else it is closed), and past three quarters of it idle keep-alive connections are closed',
  }),
  MAX_CONNECTIONS_PER_ADDRESS: Type.Optional(
    whole(0, 1_000_000, {
      'x-default': '`256`; `0` (off) with `TRUST_PROXY`',
      description:
        "open connections from one address (`0`: no bound); one over it is closed at once. Behind a proxy every visitor comes from the proxy's address: leave it off there (the proxy bounds visitors) or set it above the proxy's connection count",
    }),
  ),
  HEADERS_TIMEOUT_MS: whole(100, 600_000, {
    default: 10_000,
    description: "a request's headers must arrive within this many milliseconds, or the connection is closed",
  }),
  REQUEST_TIMEOUT_MS: whole(1_000, 3_600_000, {
    default: 120_000,
    description:
      'the whole request (a 10 MB upload on a slow line) must arrive within this many milliseconds, or the connection is closed; not shorter than `HEADERS_TIMEOUT_MS`',
  }),
  MAX_HEAP_USED_MB: Type.Optional(
    whole(1, 1_000_000, {
      'x-default': '85 % of the heap limit',
      description:
        'above it, requests the server would have to work for answer 503 with `Retry-After` and idle connections are closed (kept pages are still sent, `/healthz` still answers)',
    }),
  ),
  SHUTDOWN_DRAIN_MS: whole(0, 600_000, {
    default: 5_000,
    description:
      'after `SIGTERM`: how long `/readyz` fails while the server still answers (each answer closing its connection); shorter than `SHUTDOWN_TIMEOUT_MS`',
  }),
  SHUTDOWN_TIMEOUT_MS: whole(1_000, 3_600_000, {
    default: 9_000,
    description: 'after `SIGTERM`: when the process exits whatever still runs',
  }),
  LEADS_TIME_ZONE: Type.Refine(
    text({
      default: 'Asia/Riyadh',
      description: "the business's time zone: the leads counts' days begin at its midnight",
    }),
    isTimeZone,
    (v) => `must be a time zone name such as Asia/Riyadh (got "${v}")`,
  ),
  LEADS_KEEP_DAYS: whole(1, 36_500, {
    default: 730,
    description: 'days the leads counts are kept; older ones are deleted by the hourly job',
  }),
  LEADS_FLUSH_MS: whole(50, 600_000, {
    default: 5_000,
    description: 'how often each server writes the visits and taps it has added up in memory',
  }),
  REQUESTS_KEEP_MONTHS: whole(1, 120, {
    default: 12,
    description: 'months a quote request (with its photos) is kept; older ones are deleted by the hourly job',
  }),
  TRASH_DAYS: whole(1, 3650, {
    default: 30,
    description:
      "days a deleted item stays in the Trash before the hourly job deletes it for good (the admin's delete dialog says it)",
  }),
  HISTORY_DAYS: whole(1, 3650, {
    default: 90,
    description:
      'the hourly job deletes replaced versions older than this many days beyond the newest `HISTORY_VERSIONS` of their item…',
  }),
  HISTORY_VERSIONS: whole(1, 10_000, {
    default: 50,
    description:
      '…and History never keeps more than this many versions of one item, whatever its kind: a save deletes the oldest beyond them',
  }),
  BACKUP_KEEP_DAYS: whole(1, 3650, {
    default: 14,
    description:
      'the nightly backup (`npm run backup`, into `DATA_DIR/backups`) keeps every backup younger than this many days…',
  }),
  BACKUP_KEEP_SUNDAYS: whole(0, 520, {
    default: 8,
    description: '…and the newest backup of each of the last this many Sundays (in `LEADS_TIME_ZONE`)',
  }),
  BACKUP_COPY_DIR: Type.Optional(
    text({ description: 'a second folder (a mounted disk) each new backup and its checksum file are copied to' }),
  ),
  BACKUP_COPY_COMMAND: Type.Optional(
    text({
      'x-verbatim': true,
      description:
        'a shell command each new backup is handed to, the file as `$1` and its checksum file as `$2` (e.g. `rclone copy "$1" remote:site && rclone copy "$2" remote:site`); a failure marks the night\'s backup failed',
    }),
  ),
  SEED_DEMO: flag({ default: true, description: 'fill an empty database with demo content' }),
  SERVE_SOURCE_MAPS: Type.Optional(
    flag({
      'x-default': '`false` in production, else `true`',
      description:
        "serve the browser bundles' source maps (`/assets/*.map`); off, they answer 404 (they hold the admin's source)",
    }),
  ),
  PAGE_CACHE: flag({
    default: true,
    description:
      'keep rendered public pages in memory (invalidated by every content write); `false` only to measure rendering',
  }),
  LOG_LEVEL: Type.Enum([...LOG_LEVELS], {
    default: 'info',
    description:
      'pino level; at `info` one line per request (method, path, status, time, request id), none for kept pages, kept API answers and static files (those at `debug`); errors and requests slower than 500 ms always',
  }),
});

/** The environment as read: each accepted variable decoded (a number, a list, an origin, …). */
export type Environment = StaticDecode<typeof ENVIRONMENT>;
type Variable = keyof Environment;

/** A rule between variables, checked once each of `uses` was accepted on its own. */
interface EnvironmentRule {
  readonly uses: readonly Variable[];
  /** The problem, a sentence starting with a variable's name, or undefined when the rule holds. */
  readonly problem: (env: Partial<Environment>) => string | undefined;
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

export const ENVIRONMENT_RULES: readonly EnvironmentRule[] = [
  {
    uses: ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
    problem: (env) =>
      env.ADMIN_PASSWORD !== undefined && env.ADMIN_EMAIL === undefined
        ? 'ADMIN_PASSWORD is set but ADMIN_EMAIL is not'
        : undefined,
  },
  {
    uses: ['HEADERS_TIMEOUT_MS', 'REQUEST_TIMEOUT_MS'],
    problem: (env) =>
      env.REQUEST_TIMEOUT_MS! < env.HEADERS_TIMEOUT_MS!
        ? 'REQUEST_TIMEOUT_MS must not be shorter than HEADERS_TIMEOUT_MS'
        : undefined,
  },
  {
    uses: ['SHUTDOWN_DRAIN_MS', 'SHUTDOWN_TIMEOUT_MS'],
    problem: (env) =>
      env.SHUTDOWN_DRAIN_MS! >= env.SHUTDOWN_TIMEOUT_MS!
        ? 'SHUTDOWN_DRAIN_MS must be shorter than SHUTDOWN_TIMEOUT_MS (requests in flight need time to finish after the drain)'
        : undefined,
  },
  {
    // Beyond loopback the site is for others: links, cookies and emails must name its real address.
    uses: ['HOST', 'PORT', 'PUBLIC_URL'],
    problem: (env) =>
      !isLoopback(env.HOST!) && env.PUBLIC_URL === undefined
        ? `PUBLIC_URL must be set when HOST is "${env.HOST}" (beyond this machine): links, cookies and emails would point at http://localhost:${env.PORT}`
        : undefined,
  },
];
