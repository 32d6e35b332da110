// npm test: own process (asserts the production hash cost that every file loading tests/helpers/server.ts lowers)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  dummyHash,
  hashPassword,
  setHashCostForTests,
  verifyPassword,
} from '../../src/server/features/auth/passwords.ts';

// This file does not load tests/helpers/server.ts: it sees the cost the server runs with.
test('passwords are hashed at the production cost unless a test lowers it', async () => {
  const production = await hashPassword('secret');
  assert.match(production, /^scrypt\$131072\$8\$1\$/, 'OWASP: N=2^17, r=8, p=1');
  assert.equal(
    dummyHash(),
    'scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    "unknown emails cost what the admin's does",
  );

  setHashCostForTests('cheap');
  try {
    const cheap = await hashPassword('secret');
    assert.match(cheap, /^scrypt\$16384\$1\$1\$/);
    assert.match(dummyHash(), /^scrypt\$16384\$1\$1\$/);
    assert.equal(await verifyPassword('secret', cheap), true);
    assert.equal(await verifyPassword('wrong', cheap), false);
  } finally {
    setHashCostForTests('production');
  }
  assert.match(dummyHash(), /^scrypt\$131072\$8\$1\$/, 'production again');
});
