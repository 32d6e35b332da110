import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bytesOf, RecentMap } from '../../src/server/lib/recent-map.ts';

describe('RecentMap: kept entries bounded by number and by bytes', () => {
  const sized = (maxEntries: number, maxBytes: number) => new RecentMap<string, number>(maxEntries, maxBytes, (n) => n);

  it('drops the least recently put past the number of entries', () => {
    const map = sized(3, Infinity);
    for (const key of ['a', 'b', 'c']) map.set(key, 1);
    map.set('a', 1); // put again: now the most recent
    map.set('d', 1);
    assert.equal(map.get('b'), undefined, 'b was the least recent');
    assert.deepEqual(['a', 'c', 'd'].map((k) => map.get(k)), [1, 1, 1]);
    assert.equal(map.size, 3);
  });

  it('drops the least recent until the bytes fit, and counts a replaced entry once', () => {
    const map = sized(100, 100);
    map.set('a', 40);
    map.set('b', 40);
    map.set('a', 10); // replaced: 10 + 40
    assert.equal(map.bytes, 50);
    map.set('c', 45); // 95 fits
    assert.equal(map.size, 3);
    map.set('d', 30); // 125: b (40) goes first, then 85 fits
    assert.equal(map.get('b'), undefined);
    assert.equal(map.bytes, 85);
    assert.deepEqual(['a', 'c', 'd'].map((k) => map.get(k)), [10, 45, 30]);
  });

  it('keeps the entry just put even when it alone is over the bound', () => {
    const map = sized(10, 100);
    map.set('small', 5);
    map.set('huge', 500);
    assert.equal(map.get('small'), undefined);
    assert.equal(map.get('huge'), 500);
    assert.equal(map.bytes, 500);
    map.set('next', 1);
    assert.equal(map.get('huge'), undefined, 'and drops it as soon as another comes');
    assert.equal(map.bytes, 1);
  });

  it('forgets deleted and cleared entries in its byte count', () => {
    const map = sized(10, 100);
    map.set('a', 30);
    map.set('b', 30);
    map.delete('a');
    map.delete('missing');
    assert.equal(map.bytes, 30);
    map.clear();
    assert.equal(map.bytes, 0);
    assert.equal(map.size, 0);
  });

  it('weighs kept bytes as the body and each of its encodings', () => {
    assert.equal(bytesOf({ identity: Buffer.alloc(100), br: Buffer.alloc(20), gzip: Buffer.alloc(25) }), 145);
    assert.equal(bytesOf({ identity: Buffer.alloc(100) }), 100);
  });
});
