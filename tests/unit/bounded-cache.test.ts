import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundedCache, bytesOf } from '../../src/server/lib/bounded-cache.ts';

// The page cache, the answer cache, the fast lane and the pages' data are each one of these.
describe('boundedCache: kept entries bounded by number and by bytes', () => {
  const sized = (maxEntries: number, maxBytes: number) => boundedCache<{ n: number }>(maxEntries, maxBytes, (v) => v.n);
  const n = (value: number) => ({ n: value });
  const kept = (cache: ReturnType<typeof sized>, keys: string[]) => keys.map((k) => cache.peek(k)?.n);

  it('drops the least recently used past the number of entries', () => {
    const cache = sized(3, 1e9);
    for (const key of ['a', 'b', 'c']) cache.set(key, n(1));
    cache.set('a', n(1)); // put again: now the most recent
    cache.set('d', n(1));
    assert.equal(cache.peek('b'), undefined, 'b was the least recent');
    assert.deepEqual(kept(cache, ['a', 'c', 'd']), [1, 1, 1]);
    assert.equal(cache.size, 3);
    cache.get('a'); // read: now the most recent
    cache.set('e', n(1));
    assert.equal(cache.peek('c'), undefined, 'c was the least recently used');
    assert.deepEqual(kept(cache, ['a', 'd', 'e']), [1, 1, 1]);
  });

  it('drops the least recent until the bytes fit, and counts a replaced entry once', () => {
    const cache = sized(100, 100);
    cache.set('a', n(40));
    cache.set('b', n(40));
    cache.set('a', n(10)); // replaced: 10 + 40
    assert.equal(cache.calculatedSize, 50);
    cache.set('c', n(45)); // 95 fits
    assert.equal(cache.size, 3);
    cache.set('d', n(30)); // 125: b (40) goes first, then 85 fits
    assert.equal(cache.peek('b'), undefined);
    assert.equal(cache.calculatedSize, 85);
    assert.deepEqual(kept(cache, ['a', 'c', 'd']), [10, 45, 30]);
  });

  it('keeps the entry just put even when it alone is over the bound', () => {
    const cache = sized(10, 100);
    cache.set('small', n(5));
    cache.set('huge', n(500));
    assert.equal(cache.peek('small'), undefined);
    assert.equal(cache.get('huge')?.n, 500, 'lru-cache alone would refuse it');
    cache.set('next', n(1));
    assert.equal(cache.peek('huge'), undefined, 'and drops it as soon as another comes');
    assert.equal(cache.calculatedSize, 1);
  });

  it('takes an entry that weighs nothing (yet) or a fraction of a byte', () => {
    const cache = sized(10, 100);
    cache.set('pending', n(0));
    cache.set('half', n(0.5));
    assert.deepEqual(kept(cache, ['pending', 'half']), [0, 0.5]);
  });

  it('forgets deleted and cleared entries in its byte count', () => {
    const cache = sized(10, 100);
    cache.set('a', n(30));
    cache.set('b', n(30));
    cache.delete('a');
    cache.delete('missing');
    assert.equal(cache.calculatedSize, 30);
    cache.clear();
    assert.equal(cache.calculatedSize, 0);
    assert.equal(cache.size, 0);
  });

  it('weighs kept bytes as the body and each of its encodings', () => {
    assert.equal(bytesOf({ identity: Buffer.alloc(100), br: Buffer.alloc(20), gzip: Buffer.alloc(25) }), 145);
    assert.equal(bytesOf({ identity: Buffer.alloc(100) }), 100);
  });
});
