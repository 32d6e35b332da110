import assert from 'node:assert/strict';
import { it } from 'node:test';
import { postFrom } from '../helpers/http.ts';
import { describeEachEngine, type TestServer } from '../helpers/server.ts';

/**
 * forget-password is limited per address (10 a minute), and by email; every call here asks for a
 * different unknown email, so only the per-address limit can refuse one. Which address a call is
 * counted as is thus seen in whether a run of calls ends in 429.
 */
const CALLS = 12;
let emails = 0;
const nextEmail = () => `stranger-${++emails}@test.example`;

/** CALLS forget-password calls from the loopback address `from`, with X-Forwarded-For made by `forwarded(i)`. */
async function resetCalls(server: TestServer, from: string, forwarded: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    statuses.push(
      await postFrom(
        server.url,
        from,
        '/api/auth/forget-password',
        { email: nextEmail() },
        { 'x-forwarded-for': forwarded(i) },
      ),
    );
  }
  assert.ok(
    statuses.every((s) => s === 200 || s === 429),
    statuses.join(' '),
  );
  return statuses;
}

/** The calls were counted as one address: refused once its limit was reached, and from then on. */
function countedAsOne(statuses: number[]): void {
  const first = statuses.indexOf(429);
  assert.ok(first > 0, `a limit was reached: ${statuses.join(' ')}`);
  assert.ok(
    statuses.slice(first).every((s) => s === 429),
    statuses.join(' '),
  );
}

describeEachEngine(
  'TRUST_PROXY=1: the address is the one the proxy saw',
  (server) => {
    it('forged X-Forwarded-For entries left of the last one do not change the counted address', async () => {
      countedAsOne(await resetCalls(server(), '127.0.0.2', (i) => `10.${i}.0.1, 192.0.2.${i + 1}, 203.0.113.7`));
    });

    it('each client the proxy names is counted on its own', async () => {
      const statuses = await resetCalls(server(), '127.0.0.2', (i) => `10.0.0.1, 198.51.100.${i + 1}`);
      assert.deepEqual(statuses, Array<number>(CALLS).fill(200));
    });
  },
  { TRUST_PROXY: '1' },
);

describeEachEngine(
  'TRUST_PROXY=<proxy address>: only that proxy is believed',
  (server) => {
    it('a request from another address has its X-Forwarded-For ignored', async () => {
      countedAsOne(await resetCalls(server(), '127.0.0.3', (i) => `198.51.100.${i + 1}`));
    });

    it("the listed proxy passes on each client's address", async () => {
      const statuses = await resetCalls(server(), '127.0.0.2', (i) => `198.51.100.${i + 1}`);
      assert.deepEqual(statuses, Array<number>(CALLS).fill(200));
    });
  },
  { TRUST_PROXY: '127.0.0.2' },
);
