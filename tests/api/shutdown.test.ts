// npm test: serial (a request in flight 40 ms before SIGTERM; exit within 10 s).
import { get } from 'node:http';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { startApp } from '../../bench/app-process.ts';

it('SIGTERM: finishes the request in flight, refuses new ones and exits within 10 s although a mail send hangs', async (t) => {
  // A mail server that accepts and never answers: the reset email hangs for good.
  const sockets = new Set<Socket>();
  const silent = createServer((s) => {
    sockets.add(s);
  });
  await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
  const smtpPort = (silent.address() as { port: number }).port;
  const dataDir = mkdtempSync(join(tmpdir(), 'site-shutdown-'));
  try {
    const app = await startApp(dataDir, {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
    });
    const exited = new Promise<number | null>((done) => app.child.once('exit', (code) => done(code)));
    // The reset answer is sent first; its email then hangs on the silent server.
    const first = await fetch(`${app.url}/api/auth/forget-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com' }),
    });
    assert.equal(first.status, 200);
    await new Promise((r) => setTimeout(r, 200));
    assert.ok(sockets.size >= 1, 'the mail send is under way');

    // A request in flight when the signal comes (it takes at least 150 ms) still gets its answer.
    const inFlight = fetch(`${app.url}/api/auth/resend-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.com' }),
    });
    await new Promise((r) => setTimeout(r, 40));
    const signalled = performance.now();
    app.child.kill('SIGTERM');
    assert.equal((await inFlight).status, 200, 'the request in flight is answered');
    // A new connection is refused (connections already open may still bring a last request for
    // a moment, each answered with Connection: close: the drain test covers those).
    const late = await new Promise<number | string>((done) => {
      get(`${app.url}/api/word/`, { agent: false }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      }).on('error', () => done('refused'));
    });
    assert.ok(late === 'refused' || late === 503, `a new connection after SIGTERM is not served (${late})`);
    const code = await exited;
    const seconds = (performance.now() - signalled) / 1000;
    t.diagnostic(`exited with code ${code} ${seconds.toFixed(1)} s after SIGTERM`);
    assert.ok(seconds < 10, `exited in ${seconds.toFixed(1)} s`);
    assert.equal(code, 0, 'a clean exit');
  } finally {
    for (const s of sockets) s.destroy();
    silent.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
