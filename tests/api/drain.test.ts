// npm test: serial (a write held across SIGTERM and the drain window).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startApp } from '../../bench/app-process.ts';
import { createPgDatabase, engines } from '../helpers/server.ts';

interface Got {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  reused: boolean;
}

/** One request on `agent` (a kept-alive connection when it has one); a reset fails the test. */
function send(
  url: string,
  path: string,
  opts: { agent?: Agent; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url + path,
      { agent: opts.agent ?? false, method: opts.method ?? 'GET', headers: opts.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, reused: req.reusedSocket }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/**
 * A rolling restart loses nothing (docs/decisions/016): after SIGTERM the server fails /readyz but
 * keeps answering for the drain period, each answer closing its keep-alive connection (so a proxy
 * reconnects elsewhere instead of having a kept connection reset under a request), and a write in
 * flight completes and is stored before the process exits 0.
 */
for (const engine of engines()) {
  describe(`draining on SIGTERM [${engine}]`, () => {
    it('fails /readyz, answers with Connection: close, completes the write in flight and exits 0', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'site-drain-'));
      const pgDb = engine === 'postgres' ? await createPgDatabase() : undefined;
      // Keep-alive agents: one for each kept-alive client and one for the write (an agent-less
      // request would ask for Connection: close itself).
      const agents = [0, 1, 2, 3].map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
      try {
        // Long enough for the few requests below on a busy machine; the test does not wait it out.
        const app = await startApp(dataDir, {
          SEED_DEMO: 'false',
          LOG_LEVEL: 'error',
          SHUTDOWN_DRAIN_MS: '4000',
          ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
        });
        const exited = new Promise<number | null>((done) => app.child.once('exit', (code) => done(code)));
        const login = await send(app.url, '/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-not-secret' }),
        });
        assert.equal(login.status, 200);
        const cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');

        // Kept-alive clients: a kept API answer and a kept page (both sent by the fast lane once
        // asked twice) and a route the framework answers.
        const paths = ['/api/word/', '/en/contact', '/healthz'];
        for (const [i, path] of paths.entries()) {
          for (let n = 0; n < 2; n++) {
            const got = await send(app.url, path, { agent: agents[i] });
            assert.equal(got.status, 200, path);
            assert.equal(got.headers.connection, 'keep-alive', `${path} is kept alive before the signal`);
          }
        }
        assert.equal((await send(app.url, '/readyz')).status, 200);

        // A write in flight: its headers and half its body are sent before the signal.
        const body = JSON.stringify({ word: 'drained' });
        let post!: ClientRequest;
        const posted = new Promise<Got>((resolve, reject) => {
          post = httpRequest(
            `${app.url}/api/word/`,
            {
              agent: agents[3],
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(body)),
                cookie,
              },
            },
            (res) => {
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (c: string) => {
                text += c;
              });
              res.on('end', () =>
                resolve({ status: res.statusCode!, headers: res.headers, body: text, reused: false }),
              );
            },
          );
          post.on('error', reject);
        });
        post.write(body.slice(0, 8));
        await new Promise((r) => setTimeout(r, 100));

        app.child.kill('SIGTERM');
        let ready = 200;
        for (let i = 0; i < 200 && ready === 200; i++) {
          ready = (await send(app.url, '/readyz')).status;
          if (ready === 200) await new Promise((r) => setTimeout(r, 20));
        }
        assert.equal(ready, 503, '/readyz fails once draining');

        // Asked before the write completes: the kept answers still come from the fast lane.
        for (const [i, path] of paths.entries()) {
          const got = await send(app.url, path, { agent: agents[i] });
          assert.equal(got.status, 200, `${path} is still answered while draining`);
          assert.ok(got.reused, `${path} was asked on the kept-alive connection`);
          assert.equal(got.headers.connection, 'close', `${path} closes its kept-alive connection`);
        }
        post.end(body.slice(8));
        const write = await posted;
        assert.equal(write.status, 201, `the write in flight completes: ${write.body}`);
        assert.equal(write.headers.connection, 'close', 'the write in flight closes its connection after its answer');

        const words = JSON.parse((await send(app.url, '/api/word/')).body) as { data: { word: string }[] };
        assert.deepEqual(
          words.data.map((w) => w.word),
          ['drained'],
          'the write is stored',
        );

        assert.equal(await exited, 0, 'a clean exit');
      } finally {
        for (const agent of agents) agent.destroy();
        await pgDb?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
