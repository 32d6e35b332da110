/**
 * Caddy run with the recipe's own deploy/Caddyfile in front of app servers, on high ports, with its
 * data (its certificate authority, the certificates) in a temporary folder: what
 * tests/deploy/caddy.test.ts and `npm run stress -- restart` put in front of the site.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './app-process.ts';

export const CADDYFILE = 'deploy/Caddyfile';

/** Why Caddy cannot be run here, or undefined when it can. */
export function caddyMissing(): string | undefined {
  const found = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  return found.error ? 'caddy is not installed (apt-get install -y caddy)' : undefined;
}

export interface CaddyProcess {
  child: ChildProcess;
  /** The site, https://localhost:PORT (SITE_ADDRESS=localhost:PORT). */
  url: string;
  port: number;
  /** Where plain HTTP is answered with a redirect (HTTP_PORT). */
  httpPort: number;
  /** The root of Caddy's own certificate authority, which signs the site's certificate. */
  ca: Buffer;
  /** Caddy's log so far (JSON lines). */
  log(): string;
  stop(): Promise<void>;
}

/** The environment deploy/Caddyfile reads, for a site at localhost:port in front of `upstreams`. */
export function caddyEnv(
  dir: string,
  ports: { port: number; httpPort: number; adminPort: number },
  upstreams: string[],
  logLevel = 'INFO',
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    SITE_ADDRESS: `localhost:${ports.port}`,
    APP_UPSTREAMS: upstreams.join(' '),
    ACME_EMAIL: 'owner@example.test',
    HTTP_PORT: String(ports.httpPort),
    CADDY_ADMIN: `localhost:${ports.adminPort}`,
    CADDY_LOG_LEVEL: logLevel,
  };
}

/**
 * Starts Caddy on deploy/Caddyfile and waits until it serves HTTPS with its own certificate; the
 * site on `port` (a free one if not given: the app servers' PUBLIC_URL may need it first). At
 * `logLevel` DEBUG, Caddy logs every request it sends to an app server: of those, only the failed
 * ones (with an `error`) are kept.
 */
export async function startCaddy(upstreams: string[], port?: number, logLevel = 'INFO'): Promise<CaddyProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'caddy-'));
  const ports = { port: port ?? (await freePort()), httpPort: await freePort(), adminPort: await freePort() };
  const child = spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: caddyEnv(dir, ports, upstreams, logLevel),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let partial = '';
  // Whole lines, the successful round trips of DEBUG left out, and at most a few megabytes.
  const keep = (b: Buffer) => {
    const lines = (partial + b.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      if (line.includes('"level":"debug"') && !line.includes('"error"')) continue;
      if (log.length < 4_000_000) log += `${line}\n`;
    }
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const caFile = join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const url = `https://localhost:${ports.port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`caddy exited with code ${child.exitCode}:\n${log}`);
    }
    if (existsSync(caFile) && (await answers(url, readFileSync(caFile)))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`caddy did not serve ${url} within 30 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url, port: ports.port, httpPort: ports.httpPort, ca: readFileSync(caFile), log: () => log, stop };
}

/** True once a TLS handshake with the site's certificate succeeds and an answer comes back. */
function answers(url: string, ca: Buffer): Promise<boolean> {
  return new Promise((done) => {
    const req = httpsRequest(`${url}/robots.txt`, { ca, agent: false, timeout: 2000 }, (res) => {
      res.resume();
      done(true);
    });
    req.on('error', () => done(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}
