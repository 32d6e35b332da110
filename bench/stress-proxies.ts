/**
 * The proxies `npm run stress -- restart` puts in front of the two servers: the recipe's Caddy
 * (deploy/Caddyfile, the default) or nginx configured as the README's block (STRESS_PROXY=nginx).
 * Each says when a restarted server is back in its rotation and what its log holds afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCaddy } from './caddy-process.ts';
import { count, fmt, onCleanup, sleep, stopChild, tally, timedRequest } from './stress-common.ts';

export interface Proxy {
  /** What the visitors and the admin ask. */
  url: string;
  /** The certificate authority of `url` when it is HTTPS. */
  ca?: Buffer;
  /** One line saying what runs. */
  description: string;
  /** Until the proxy sends `port` requests again after a restart that ended at `after` (ms). */
  backInRotation(port: number, after: number): Promise<boolean>;
  /** Figures from the proxy's logs, the servers named by port. */
  report(servers: { name: string; port: number }[]): string[];
}

/**
 * Caddy with deploy/Caddyfile. It asks each server /readyz every second: deploy/lib.sh (restart_one)
 * waits 3 s after a restarted server is ready before stopping the next, and so does this.
 */
export async function startCaddyProxy(port: number, upstreams: number[]): Promise<Proxy> {
  // DEBUG: every request Caddy sent to a server and saw fail is in the log, even when another
  // server then answered it.
  const caddy = await startCaddy(
    upstreams.map((p) => `127.0.0.1:${p}`),
    port,
    'DEBUG',
  );
  onCleanup(() => caddy.stop());
  return {
    url: caddy.url,
    ca: caddy.ca,
    description:
      'behind Caddy with deploy/Caddyfile (HTTPS from its own authority; /readyz checked every second, lb_try_duration 5s; CADDY_LOG_LEVEL=DEBUG)',
    async backInRotation() {
      await sleep(3000);
      return true;
    },
    report(servers) {
      const lines = caddy
        .log()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map(
          (l) =>
            JSON.parse(l) as {
              ts: number;
              level: string;
              logger?: string;
              msg: string;
              error?: string;
              upstream?: string;
              host?: string;
            },
        );
      const levels: Record<string, number> = {};
      for (const l of lines) count(levels, l.level);
      // Every warning and error, and the requests to a server that failed (DEBUG "upstream
      // roundtrip" with an error, whether another server then answered or not); health checks apart.
      const trouble = lines.filter(
        (l) =>
          (l.level === 'error' || l.level === 'warn' || (l.level === 'debug' && l.error !== undefined)) &&
          !/health_checker/.test(l.logger ?? '') &&
          !/OCSP/.test(l.msg),
      );
      const toServer = trouble.filter((l) => l.msg === 'upstream roundtrip');
      const is = (l: { error?: string }, re: RegExp) => re.test(l.error ?? '');
      const reset = toServer.filter((l) => is(l, /reset|EOF|broken pipe|aborted|closed/i));
      const refused = toServer.filter((l) => is(l, /refused/));
      const cancelled = toServer.filter((l) => is(l, /context canceled/));
      const answeredWithError = trouble.filter((l) => l.logger === 'http.log.error');
      const visitorGone = trouble.filter((l) => /aborting with incomplete response/.test(l.msg));
      // By kind (addresses and ports left out), with the seconds they fell in.
      const kinds = new Map<string, { n: number; seconds: Set<string> }>();
      for (const l of trouble) {
        const server = servers.find((s) => `${l.upstream ?? l.host ?? ''}`.endsWith(`:${s.port}`))?.name;
        const error = l.error?.replace(/\d+\.\d+\.\d+\.\d+:\d+/g, 'ADDRESS').slice(0, 160);
        const key = `[${l.level}] ${l.logger ?? ''}: ${l.msg}${error ? ` (${error})` : ''}${server ? ` server ${server}` : ''}`;
        const kind = kinds.get(key) ?? { n: 0, seconds: new Set<string>() };
        kind.n++;
        kind.seconds.add(new Date(l.ts * 1000).toISOString().slice(11, 19));
        kinds.set(key, kind);
      }
      return [
        `Caddy's log (CADDY_LOG_LEVEL=DEBUG, successful requests to the servers left out): ${fmt(lines.length)} lines (${tally(levels)})`,
        `  requests Caddy sent a server that failed: reset, cut short or aborted ${fmt(reset.length)}, refused ${fmt(refused.length)} (tried again elsewhere), given up by the visitor ${fmt(cancelled.length)}`,
        `  requests Caddy answered with an error itself: ${fmt(answeredWithError.length)}; answers cut because the visitor had gone: ${fmt(visitorGone.length)}`,
        ...[...kinds].map(
          ([key, k]) =>
            `  ${fmt(k.n)} × ${key}, at ${[...k.seconds].slice(0, 8).join(' ')}${k.seconds.size > 8 ? ' …' : ''}`,
        ),
      ];
    },
  };
}

/** nginx in front of the servers, configured as the README's rolling-restart block, one worker. */
export async function startNginxProxy(dir: string, port: number, upstreams: number[]): Promise<Proxy> {
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
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'inherit' });
  onCleanup(() => stopChild(child, 'SIGQUIT', 5000));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if ((await timedRequest(`${url}/readyz`)).status === 200) break;
    if (i > 200 || child.exitCode !== null)
      throw new Error(`nginx did not start:\n${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    await sleep(50);
  }
  const accessLog = join(dir, 'access.log');
  return {
    url,
    description:
      "behind nginx as the README's block (one worker; keepalive 32, proxy_next_upstream error timeout http_503)",
    /**
     * With passive checks (`max_fails=1 fail_timeout=5s`) a server that refused a connection is
     * left out for 5 s and then sent one request at a time until one succeeds: only a request that
     * succeeded through nginx after the restart says it is back.
     */
    async backInRotation(upstream, after) {
      const mine = new RegExp(`^([\\d.]+) \\S+ 2\\d\\d "127\\.0\\.0\\.1:${upstream}" "2\\d\\d"`, 'm');
      for (let i = 0; i < 600; i++) {
        for (const line of readFileSync(accessLog, 'utf8').slice(-200_000).split('\n')) {
          const m = mine.exec(line);
          if (m && Number(m[1]) * 1000 > after) return true;
        }
        await sleep(100);
      }
      return false;
    },
    report(servers) {
      return nginxReport(dir, servers);
    },
  };
}

/** nginx's access log by method and status, the requests it retried, and its error log by kind. */
function nginxReport(dir: string, servers: { name: string; port: number }[]): string[] {
  const out: string[] = [];
  const byMethod: Record<string, Record<string, number>> = {};
  let retried = 0;
  const upstreamStatuses: Record<string, number> = {};
  const badBySecond: Record<string, number> = {};
  for (const line of readFileSync(join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean)) {
    const m = /^[\d.]+ (\S+) (\d+) "([^"]*)" "([^"]*)"/.exec(line);
    if (!m) continue;
    if (!m[2]!.startsWith('2'))
      count(badBySecond, `${new Date(Number(line.split(' ')[0]) * 1000).toISOString().slice(11, 19)} ${m[1]} ${m[2]}`);
    count((byMethod[m[1]!] ??= {}), m[2]!);
    if (m[4]!.includes(',')) {
      retried++;
      count(upstreamStatuses, m[4]!);
    }
  }
  for (const [method, statuses] of Object.entries(byMethod))
    out.push(`nginx access log, ${method}: ${tally(statuses)}`);
  out.push(`  not 2xx, by second: ${tally(badBySecond)}`);
  out.push(`  answered after nginx tried a second server: ${fmt(retried)} (${tally(upstreamStatuses)})`);
  const errorLines = readFileSync(join(dir, 'error.log'), 'utf8').split('\n').filter(Boolean);
  const resets = errorLines.filter((l) => /reset/i.test(l));
  const premature = errorLines.filter((l) => /prematurely closed/i.test(l));
  const upstream = errorLines.filter((l) => /upstream/i.test(l));
  out.push(
    `nginx error log: ${fmt(errorLines.length)} lines; with "reset" ${fmt(resets.length)}, "prematurely closed" ${fmt(premature.length)}, "upstream" ${fmt(upstream.length)}`,
  );
  // The lines by kind: the message, the request's method and the server, with the seconds they fell in.
  const kinds = new Map<string, { n: number; seconds: Set<string> }>();
  for (const line of errorLines) {
    const m =
      /^\S+ (\S+) \[(\w+)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client: .*?request: "(\S+)[^"]*", upstream: "http:\/\/([^/"]+)[^"]*")?(?:, host: .*)?$/.exec(
        line,
      );
    if (!m) continue;
    const server = servers.find((s) => m[5]?.endsWith(`:${s.port}`))?.name;
    const key = `[${m[2]}] ${m[3]}${m[4] ? ` (${m[4]}${server ? ` to ${server}` : ''})` : ''}`;
    const kind = kinds.get(key) ?? { n: 0, seconds: new Set<string>() };
    kind.n++;
    kind.seconds.add(m[1]!);
    kinds.set(key, kind);
  }
  for (const [key, k] of kinds)
    out.push(`  ${fmt(k.n)} × ${key}, at ${[...k.seconds].slice(0, 8).join(' ')}${k.seconds.size > 8 ? ' …' : ''}`);
  for (const line of [...new Set([...resets, ...premature, ...upstream])].slice(0, 4))
    out.push(`  ${line.slice(0, 400)}`);
  return out;
}
