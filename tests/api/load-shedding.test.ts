// npm test: serial (waits on the heap sampler's timer: with other files busy in the process and beside it, 5 s of waiting saw no sample).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from '../helpers/server.ts';

/** When the heap runs short the server sheds load instead of dying (docs/decisions/016). */
describe('load shedding when the heap runs short', () => {
  let server: TestServer;
  // 1 MB: any heap is "short", so every request that reaches the framework is shed.
  before(async () => {
    server = await startServer('sqlite', { MAX_HEAP_USED_MB: '1' });
  });
  after(async () => {
    await server.close();
  });

  it('answers 503 with Retry-After and closes the connection; /healthz still answers', async () => {
    // A call the framework answers every time (a signed-in list, asked without a session: 401 when
    // not shed). A public read would do only until its first answer: before the heap's first
    // sample, half a second after the start, it is answered and then kept, and the kept answer is
    // sent before the framework, shed or not (lib/fast-lane.ts).
    const ask = () => fetch(`${server.url}/api/trash`);
    let res = await ask();
    // The heap is sampled twice a second: bounded wait for the first sample.
    for (let i = 0; i < 100 && res.status !== 503; i++) {
      await new Promise((r) => setTimeout(r, 50));
      res = await ask();
    }
    assert.equal(res.status, 503);
    assert.equal(res.headers.get('retry-after'), '5');
    assert.equal(res.headers.get('connection'), 'close');
    assert.deepEqual(await res.json(), {
      message: 'The server is busy. Please try again in a moment.',
      code: 'server.busy',
    });
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200, 'liveness is not shed');
  });
});
