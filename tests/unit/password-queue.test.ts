import assert from 'node:assert/strict';
import { scryptSync } from 'node:crypto';
import { it } from 'node:test';
import {
  ClientGone,
  FairHashQueue,
  hashCounts,
  MAX_QUEUED_HASHES,
  MAX_QUEUED_PER_ADDRESS,
  PasswordQueueFull,
} from '../../src/server/features/auth/hash-queue.ts';
import { verifyPassword } from '../../src/server/features/auth/passwords.ts';

// The cheapest hash a stored one may be (N=2^14), so bursts are quick; the queue does not depend on the cost.
const salt = Buffer.from('0123456789abcdef');
const stored = [
  'scrypt',
  2 ** 14,
  8,
  1,
  salt.toString('base64url'),
  scryptSync('secret', salt, 32, { N: 2 ** 14, r: 8, p: 1 }).toString('base64url'),
].join('$');

it('runs one password hash at a time, queues a few per address and refuses the rest of a burst', async () => {
  const burst = 20;
  const from = { address: '192.0.2.1' };
  const results = await Promise.allSettled(
    Array.from({ length: burst }, (_, i) => verifyPassword(i % 2 ? 'secret' : 'wrong', stored, from)),
  );
  const refused = results.filter((r) => r.status === 'rejected');
  assert.ok(
    refused.every((r) => r.reason instanceof PasswordQueueFull),
    'only the queue refuses',
  );
  // One running and MAX_QUEUED_PER_ADDRESS waiting get an answer; the rest from that address are refused at once.
  assert.equal(results.length - refused.length, 1 + MAX_QUEUED_PER_ADDRESS);
  const answered = results.flatMap((r, i) => (r.status === 'fulfilled' ? [[i, r.value] as const] : []));
  assert.ok(
    answered.every(([i, ok]) => ok === (i % 2 === 1)),
    'the answers are right',
  );
  // Once the burst is over, the next check runs again.
  assert.equal(await verifyPassword('secret', stored, from), true);
});

it('serves addresses in turn, a signed-in-before browser first, and bounds the whole queue', async () => {
  const queue = new FairHashQueue();
  const order: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const job = (name: string, wait?: Promise<void>) => async () => {
    await wait;
    order.push(name);
  };
  const done = [queue.run(job('first', gate), { address: 'a' })];
  // While the first runs: a busy address queues three, two others one each, then the owner's browser.
  for (const name of ['a1', 'a2', 'a3']) done.push(queue.run(job(name), { address: 'a' }));
  done.push(queue.run(job('b1'), { address: 'b' }), queue.run(job('c1'), { address: 'c' }));
  done.push(queue.run(job('owner'), { address: 'a', priority: true }));
  release();
  await Promise.all(done);
  assert.deepEqual(order, ['first', 'owner', 'a1', 'b1', 'c1', 'a2', 'a3']);

  // Many addresses: the total bound holds, and each refusal is at once.
  const hold = new Promise<void>((resolve) => {
    release = resolve;
  });
  const busy = [queue.run(job('hold', hold), { address: 'x' })];
  const flood = Array.from({ length: MAX_QUEUED_HASHES + 10 }, (_, i) =>
    queue.run(job(`f${i}`), { address: `10.0.${i >> 8}.${i & 255}` }),
  );
  assert.equal(queue.pending, MAX_QUEUED_HASHES);
  release();
  const settled = await Promise.allSettled([...busy, ...flood]);
  assert.equal(settled.filter((r) => r.status === 'rejected').length, 10);
});

it('drops the work of clients that have gone, freeing their places at once', async () => {
  const queue = new FairHashQueue();
  const ran: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const job = (name: string, wait?: Promise<void>) => async () => {
    await wait;
    ran.push(name);
  };
  const first = queue.run(job('first', gate), { address: 'owner' });
  const gone = Array.from({ length: 6 }, () => new AbortController());
  const flood = gone.map((c, i) => queue.run(job(`gone${i}`), { address: `10.0.0.${i}`, signal: c.signal }));
  const owner = queue.run(job('owner'), { address: 'owner' });
  assert.equal(queue.pending, 7);
  const dropped = hashCounts.dropped;
  for (const c of gone) c.abort();
  assert.equal(queue.pending, 1, 'the places of the clients that went are free before anything runs');
  const settled = await Promise.allSettled(flood);
  assert.ok(settled.every((r) => r.status === 'rejected' && r.reason instanceof ClientGone));
  release();
  await Promise.all([first, owner]);
  assert.deepEqual(ran, ['first', 'owner'], 'no hash ran for a client that had gone');
  assert.equal(hashCounts.dropped - dropped, 6);
  // A client already gone is not queued at all.
  const late = new AbortController();
  late.abort();
  await assert.rejects(queue.run(job('late'), { address: 'x', signal: late.signal }), ClientGone);
});
