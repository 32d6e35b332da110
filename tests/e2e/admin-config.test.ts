import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LIMITS as adminLimits } from '../../src/web/admin/lib/limits.ts';
import { LIMITS as serverLimits } from '../../src/shared/schemas.ts';

test('the admin forms use the same input limits as the server', () => {
  assert.deepEqual({ ...adminLimits }, { ...serverLimits });
});
