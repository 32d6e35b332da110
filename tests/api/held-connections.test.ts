// npm test: serial load (thousands of connections and the headers timeout).
import assert from 'node:assert/strict';
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from '../helpers/server.ts';

/**
 * Connections held open from a few addresses (idle, or sending headers a line at a time) must
 * neither stop the site nor the process (docs/decisions/016). Each phase stays far within the
 * process's file limit (client and server ends are both in this process: ~2 descriptors a socket).
 */

interface Held {
  sockets: Socket[];
  closed(): number;
  release(): void;
}

/**
 * Opens `count` connections from `from` (a loopback address), 100 at a time; with `slow`, every
 * other one sends the start of a request and then one header line every 200 ms, never ending it.
 */
async function hold(url: string, from: string, count: number, slow = false): Promise<Held> {
  const { port } = new URL(url);
  const sockets: Socket[] = [];
  const timers: NodeJS.Timeout[] = [];
  let closed = 0;
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from(
      { length: Math.min(100, count - start) },
      (_, i) =>
        new Promise<void>((done) => {
          const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress: from });
          sockets.push(socket);
          socket.on('error', () => {
            /* a reset by the server is expected */
          });
          socket.resume();
          socket.once('close', () => {
            closed++;
            done();
          });
          socket.once('connect', () => {
            done();
            if (!slow || (start + i) % 2 === 0) return;
            socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
            const timer = setInterval(() => {
              if (!socket.destroyed) socket.write(`x-slow-${Date.now()}: 1\r\n`);
            }, 200);
            timers.push(timer);
            socket.once('close', () => clearInterval(timer));
          });
        }),
    );
    await Promise.all(batch);
  }
  return {
    sockets,
    closed: () => closed,
    release() {
      for (const t of timers) clearInterval(t);
      for (const s of sockets) s.destroy();
    },
  };
}

/** Polls until `done()` or the deadline (a bound on the test, not a timing under test). */
async function until(done: () => boolean, deadlineMs = 30_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}

/** A visitor's request from 127.0.0.1: its status. */
async function visit(url: string): Promise<number> {
  return (await fetch(`${url}/api/word/`)).status;
}

describe('connections held open from one address', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer('sqlite', {
      MAX_CONNECTIONS: '1000',
      MAX_CONNECTIONS_PER_ADDRESS: '200',
      HEADERS_TIMEOUT_MS: '60000',
    });
  });
  after(async () => {
    await server.close();
  });

  it('destroys connections over the per-address and the total bound, and the site answers', async (t) => {
    const holders: Held[] = [];
    // Released even when an assertion fails, so that the server can close.
    t.after(() => {
      for (const h of holders) h.release();
    });
    // A kept-alive visitor, idle when the flood comes: closed past the high-water mark (750).
    const agent = new Agent({ keepAlive: true });
    const kept = await new Promise<Socket>((resolve, reject) => {
      const req = httpRequest(`${server.url}/api/word/`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(req.socket!));
      });
      req.on('error', reject);
      req.end();
    });
    let keptClosed = false;
    kept.once('close', () => {
      keptClosed = true;
    });

    const one = await hold(server.url, '127.0.0.2', 300, true);
    holders.push(one);
    await until(() => one.closed() >= 100);
    assert.equal(await visit(server.url), 200, 'a visitor from another address is answered');
    assert.equal(one.closed(), 100, 'the connections over 200 from one address are destroyed, the rest held');

    const many = await Promise.all(
      ['127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'].map((a) => hold(server.url, a, 200, true)),
    );
    holders.push(...many);
    assert.equal(
      many.reduce((n, h) => n + h.closed(), 0),
      0,
      'those within both bounds are held',
    );
    // The client counts a connection at the handshake, the server when it accepts it: wait for that.
    for (let i = 0; i < 200 && (await openCount(server)) < 1000; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(await openCount(server), 1000, 'the total bound is full');

    // Full: a newcomer takes the place of the oldest connection that has sent no request yet (here
    // the first 200 from 127.0.0.2, held over a second), so held connections from many addresses,
    // each within its own bound, cannot keep visitors out.
    await new Promise((r) => setTimeout(r, 1100));
    assert.equal(await visit(server.url), 200, 'a visitor is answered while the bound is full');
    const over = await hold(server.url, '127.0.0.7', 150);
    holders.push(over);
    await until(() => one.closed() >= 251);
    assert.equal(one.closed(), 251, "the oldest held connections made room: the visitor's and 150 newcomers'");
    assert.equal(over.closed(), 0);
    assert.equal(
      many.reduce((n, h) => n + h.closed(), 0),
      0,
      'younger held connections stay',
    );
    assert.ok((await openCount(server)) <= 1000, 'the bound holds');
    assert.ok(keptClosed, 'the idle keep-alive connection was closed to make room');
    agent.destroy();
  });
});

describe('slow and idle connections', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer('sqlite', { HEADERS_TIMEOUT_MS: '1000' });
  });
  after(async () => {
    await server.close();
  });

  it('cuts connections whose headers do not arrive within the headers timeout, answering others meanwhile', async (t) => {
    const held: Held[] = [];
    t.after(() => {
      for (const h of held) h.release();
    });
    // 600 held at once. With 1,500 opened together, one run in three here found a few never closed
    // within 30 s, most likely sockets the server never accepted (its accept queue full): not the
    // timeout under test. 600 passed every run.
    held.push(
      ...(await Promise.all(
        ['127.0.0.8', '127.0.0.9', '127.0.0.10', '127.0.0.11', '127.0.0.12', '127.0.0.13'].map((a) =>
          hold(server.url, a, 100, true),
        ),
      )),
    );
    const total = held.reduce((n, h) => n + h.sockets.length, 0);
    assert.equal(total, 600);
    assert.equal(await visit(server.url), 200, 'a visitor is answered while 600 connections are held');
    await until(() => held.reduce((n, h) => n + h.closed(), 0) >= total);
    assert.equal(
      held.reduce((n, h) => n + h.closed(), 0),
      total,
      'every idle and slow connection is cut by the headers timeout',
    );
    assert.equal(await visit(server.url), 200);
  });
});

/** Connections the server holds now (Node's own count, which falls when ours does). */
function openCount(server: TestServer): Promise<number> {
  return new Promise((resolve, reject) =>
    server.app.server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
  );
}
