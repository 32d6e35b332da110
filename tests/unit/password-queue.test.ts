import assert from 'node:assert/strict';
import { scryptSync } from 'node:crypto';
import { it } from 'node:test';
import { MAX_QUEUED_HASHES, PasswordQueueFull, verifyPassword } from '../../src/server/auth/passwords.ts';

it('runs one password hash at a time, queues a few and refuses the rest of a burst', async () => {
  // The cheapest hash a stored one may be (N=2^14), so the burst is quick; the queue does not depend on the cost.
  const salt = Buffer.from('0123456789abcdef');
  const stored = ['scrypt', 2 ** 14, 8, 1, salt.toString('base64url'), scryptSync('secret', salt, 32, { N: 2 ** 14, r: 8, p: 1 }).toString('base64url')].join('$');
  const burst = 40;
  const results = await Promise.allSettled(Array.from({ length: burst }, (_, i) => verifyPassword(i % 2 ? 'secret' : 'wrong', stored)));
  const refused = results.filter((r) => r.status === 'rejected');
  assert.ok(refused.every((r) => r.reason instanceof PasswordQueueFull), 'only the queue refuses');
  // One running and MAX_QUEUED_HASHES waiting get an answer; the rest are refused at once.
  assert.equal(results.length - refused.length, 1 + MAX_QUEUED_HASHES);
  const answered = results.flatMap((r, i) => (r.status === 'fulfilled' ? [[i, r.value] as const] : []));
  assert.ok(answered.every(([i, ok]) => ok === (i % 2 === 1)), 'the answers are right');
  // Once the burst is over, the next check runs again.
  assert.equal(await verifyPassword('secret', stored), true);
});
