import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { after, before, it } from 'node:test';
import { ANSWER_FLOOR_MS } from '../../src/server/features/auth/routes/password-reset.ts';
import { ADMIN_EMAIL, describeEachEngine, type TestServer } from '../helpers/server.ts';

/** A mail server that accepts connections and never says a word: every send hangs. */
let silent: Server;
let silentPort = 0;
const sockets = new Set<Socket>();
before(async () => {
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
  silentPort = (silent.address() as { port: number }).port;
});
after(
  () =>
    new Promise<void>((done) => {
      for (const socket of sockets) socket.destroy();
      silent.close(() => done());
    }),
);

const alike = (server: () => TestServer) => {
  const timed = async (path: string, body: object, ip: string) => {
    const started = performance.now();
    const res = await server().anon().post(path, body, { 'x-forwarded-for': ip });
    return { ...res, ms: performance.now() - started };
  };

  it('answers the admin and a stranger alike in status, body and least time', async () => {
    assert.notEqual(silentPort, 0);
    const stranger = `nobody-${Date.now()}@test.example`;
    const pairs: [string, object, object][] = [
      ['/api/auth/forget-password', { email: ADMIN_EMAIL }, { email: stranger }],
      ['/api/auth/resend-otp', { email: ADMIN_EMAIL }, { email: stranger }],
      ['/api/auth/verify-reset-password', { email: ADMIN_EMAIL, otp: '000000' }, { email: stranger, otp: '000000' }],
      ['/api/auth/verify-reset-password', { email: ADMIN_EMAIL, otp: '999999' }, { email: stranger, otp: '999999' }],
    ];
    let n = 10;
    for (const [path, owner, other] of pairs) {
      const a = await timed(path, owner, `127.0.0.${n++}`);
      const b = await timed(path, other, `127.0.0.${n++}`);
      assert.equal(a.status, b.status, `${path}: same status`);
      // The cooldown counts from each one's own request: on a busy machine the two may be a second
      // apart, so the seconds are compared apart (both near 60), the words exactly.
      const seconds = (body: unknown) => Number(/wait (\d+) seconds/.exec(JSON.stringify(body))?.[1] ?? 60);
      const words = (body: unknown) => JSON.stringify(body).replace(/wait \d+ seconds/, 'wait N seconds');
      assert.equal(words(a.body), words(b.body), `${path}: same body`);
      assert.ok(
        Math.abs(seconds(a.body) - seconds(b.body)) <= 2 && seconds(a.body) >= 50,
        `${path}: ${JSON.stringify([a.body, b.body])}`,
      );
      // Both wait out the same floor, so the work behind the admin's answer does not show.
      assert.ok(
        a.ms >= ANSWER_FLOOR_MS - 5 && b.ms >= ANSWER_FLOOR_MS - 5,
        `${path}: ${a.ms.toFixed(1)} ms and ${b.ms.toFixed(1)} ms, both at least ${ANSWER_FLOOR_MS}`,
      );
    }
  });
};

// The port is known once the silent server listens (a hook that runs before the suites' own).
describeEachEngine('reset calls alike for admin and stranger, mail server hanging', alike, {
  get SMTP_URL() {
    return `smtp://127.0.0.1:${silentPort}`;
  },
  TRUST_PROXY: 'true',
} as Record<string, string>);
// Port 9 (discard) is closed here: every send fails at once.
describeEachEngine('reset calls alike for admin and stranger, mail server refusing', alike, {
  SMTP_URL: 'smtp://127.0.0.1:9',
  TRUST_PROXY: 'true',
});
