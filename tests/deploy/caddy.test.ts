// npm test: serial (asserts that Caddy takes a failing server out of rotation within 2 s)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { freePort } from '../../bench/app-process.ts';
import { CADDYFILE, caddyEnv, caddyMissing, startCaddy, type CaddyProcess } from '../../bench/caddy-process.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

// deploy/Caddyfile run for real (Caddy as Debian packages it), as SITE_ADDRESS=localhost:PORT with
// Caddy's own certificate authority, in front of two app servers on one SQLite database, both
// with the TRUST_PROXY deploy/site.env sets.
const TRUST_PROXY =
  /^TRUST_PROXY=(.*)$/m.exec(readFileSync('deploy/site.env', 'utf8'))?.[1] ?? 'unset in deploy/site.env';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request to Caddy, trusting its certificate authority, from the loopback address `from`. */
function ask(
  caddy: CaddyProcess,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; from?: string; host?: string } = {},
): Promise<Reply> {
  const host = opts.host ?? 'localhost';
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: caddy.port,
        path,
        method: opts.method ?? 'GET',
        servername: host,
        ca: caddy.ca,
        agent: false,
        localAddress: opts.from,
        headers: { host: `${host}:${caddy.port}`, ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const HSTS = 'max-age=31536000; includeSubDomains';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('deploy/Caddyfile', { skip: caddyMissing() }, () => {
  it("passes caddy validate with a server's values", () => {
    const dir = mkdtempSync(join(tmpdir(), 'caddy-validate-'));
    try {
      const env = {
        ...caddyEnv(dir, { port: 443, httpPort: 80, adminPort: 2019 }, ['127.0.0.1:3001', '127.0.0.1:3002']),
        SITE_ADDRESS: 'example.sa',
      };
      const run = spawnSync('caddy', ['validate', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
        env,
        encoding: 'utf8',
      });
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout + run.stderr, /Valid configuration/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('in front of two app servers', () => {
    let a: TestServer;
    let b: TestServer;
    let caddy: CaddyProcess;
    // Requests each app server received, health checks aside.
    const seen = new Map<TestServer, number>();
    before(async () => {
      const port = await freePort();
      const env = { TRUST_PROXY, PUBLIC_URL: `https://localhost:${port}` };
      a = await startServer('sqlite', env);
      b = await startServer('sqlite', { ...env, DATA_DIR: a.dataDir });
      for (const server of [a, b]) {
        seen.set(server, 0);
        server.app.server.on('request', (req: { url?: string }) => {
          if (req.url !== '/readyz') seen.set(server, seen.get(server)! + 1);
        });
      }
      caddy = await startCaddy(
        [a.url, b.url].map((u) => new URL(u).host),
        port,
      );
    });
    after(async () => {
      await caddy?.stop();
      await b?.close();
      await a?.close();
    });

    it('answers over HTTPS with one HSTS header', async () => {
      const page = await ask(caddy, '/en/contact');
      assert.equal(page.status, 200);
      assert.equal(page.headers['strict-transport-security'], HSTS);
      assert.match(page.body.toString(), /<html lang="en" dir="ltr">/);
    });

    it("passes the app's compression through, compressed once", async () => {
      const br = await ask(caddy, '/en/contact', { headers: { 'accept-encoding': 'br' } });
      assert.equal(br.headers['content-encoding'], 'br');
      assert.match(brotliDecompressSync(br.body).toString(), /^<!DOCTYPE html>/i);
      const gzip = await ask(caddy, '/en/contact', { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(gzip.headers['content-encoding'], 'gzip');
      assert.match(gunzipSync(gzip.body).toString(), /^<!DOCTYPE html>/i);
      // Encodings the app does not speak are not added by Caddy (an `encode zstd gzip` would).
      for (const encoding of ['identity', 'zstd']) {
        const plain = await ask(caddy, '/en/contact', { headers: { 'accept-encoding': encoding } });
        assert.equal(plain.headers['content-encoding'], undefined, encoding);
        assert.match(plain.body.toString(), /^<!DOCTYPE html>/i);
      }
    });

    it('redirects plain HTTP to HTTPS', async () => {
      const reply = await new Promise<Reply>((resolve, reject) => {
        httpRequest(
          { host: '127.0.0.1', port: caddy.httpPort, path: '/en/contact?from=http', headers: { host: 'localhost' } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.alloc(0) }));
          },
        )
          .on('error', reject)
          .end();
      });
      assert.equal(reply.status, 308);
      assert.equal(reply.headers.location, `https://localhost:${caddy.port}/en/contact?from=http`);
    });

    it('redirects www to the domain, with HSTS', async () => {
      const reply = await ask(caddy, '/en/products?x=1', { host: 'www.localhost' });
      assert.equal(reply.status, 301);
      assert.equal(reply.headers.location, `https://localhost:${caddy.port}/en/products?x=1`);
      assert.equal(reply.headers['strict-transport-security'], HSTS);
    });

    // forget-password is limited to 10 a minute per address, counted in the database (both servers).
    it("passes each visitor's own address to the app's limits, whatever X-Forwarded-For says", async () => {
      let n = 0;
      const forget = (from: string, forged: string) =>
        ask(caddy, '/api/auth/forget-password', {
          method: 'POST',
          from,
          body: JSON.stringify({ email: `stranger-${++n}@test.example` }),
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forged },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await forget('127.0.0.2', `198.51.100.${i + 1}`)).status);
      const first = statuses.indexOf(429);
      assert.ok(
        first >= 1 && statuses.slice(first).every((s) => s === 429) && statuses.slice(0, first).every((s) => s === 200),
        `the forged addresses were ignored: one visitor, limited (${statuses.join(' ')})`,
      );
      assert.equal(
        (await forget('127.0.0.3', '198.51.100.1')).status,
        200,
        'another visitor is not limited by the first one',
      );
    });

    it('sends a server whose /readyz fails no new requests within 2 s, and takes it back', async () => {
      const spread = async () => {
        const before = new Map(seen);
        for (let i = 0; i < 20; i++) assert.equal((await ask(caddy, '/api/word/')).status, 200);
        return [a, b].map((s) => seen.get(s)! - before.get(s)!);
      };
      const [toA, toB] = await spread();
      assert.ok(toA! > 0 && toB! > 0, `both servers take requests (${toA}, ${toB})`);

      // What SIGTERM does first: /readyz answers 503 while the server still answers everything else.
      b.app.ctx.drain.draining = true;
      assert.equal((await fetch(`${b.url}/readyz`)).status, 503);
      await sleep(2000);
      assert.deepEqual(await spread(), [20, 0]);

      b.app.ctx.drain.draining = false;
      let back = false;
      for (let i = 0; i < 20 && !back; i++) {
        await sleep(250);
        back = (await spread())[1]! > 0;
      }
      assert.ok(back, 'the server is back in rotation once /readyz answers 200 again');
    });
  });
});
