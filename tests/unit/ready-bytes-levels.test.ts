import assert from 'node:assert/strict';
import { it } from 'node:test';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readyBytes, setCompressionForTests } from '../../src/server/lib/ready-bytes.ts';
// Imported for its module state: test processes compress at the fast levels (set back below).
import '../helpers/server.ts';

const page = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `<li><a href="/products/p-${i}">منتج رقم ${i} – spikes ${i * 7}</a></li>`).join(
    '\n',
  ),
);
const brotli = (quality: number) =>
  brotliCompressSync(page, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: page.length },
  });

it('keeps answers compressed at Brotli 11 and gzip 9 in production, and at lower levels only when a test asks', async () => {
  try {
    setCompressionForTests('production');
    const kept = await readyBytes(page, 'text/html; charset=utf-8');
    assert.ok(kept.br!.equals(brotli(11)), 'Brotli 11');
    assert.ok(kept.gzip!.equals(gzipSync(page, { level: 9 })), 'gzip 9');
    assert.ok(brotli(11).length < brotli(4).length, 'the levels differ on this page');
    setCompressionForTests('fast');
    const fast = await readyBytes(page, 'text/html; charset=utf-8');
    assert.ok(fast.br!.equals(brotli(4)), 'Brotli 4');
    assert.ok(fast.gzip!.equals(gzipSync(page, { level: 6 })), 'gzip 6');
  } finally {
    setCompressionForTests('fast');
  }
});
