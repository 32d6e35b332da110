import { LRUCache } from 'lru-cache';

/**
 * A cache of the least recently used entries, bounded by their number and by the bytes they hold.
 * Bounded by bytes as well as entries because one entry of a large catalogue (a product list of a
 * megabyte, with its two encodings) weighs as much as a hundred small ones: a count alone does not
 * bound the memory.
 *
 * lru-cache refuses an entry heavier than `maxSize` (and drops what was under its key), so a page
 * over the bound would be rendered again for every request. Weighed at most `maxSize`, such an
 * entry is kept alone instead (everything else goes) until the next one is put: the entry just
 * put is never dropped. lru-cache also wants a positive weight, so nothing weighs less than 1.
 */
export function boundedCache<V extends object>(
  max: number,
  maxSize: number,
  sizeOf: (value: V) => number,
): LRUCache<string, V> {
  return new LRUCache<string, V>({
    max,
    maxSize,
    sizeCalculation: (value) => Math.min(maxSize, Math.max(1, Math.ceil(sizeOf(value)))),
  });
}

/** What kept bytes weigh: the plain body and each encoding kept with it. */
export const bytesOf = (ready: { identity: Buffer; br?: Buffer; gzip?: Buffer }): number =>
  ready.identity.length + (ready.br?.length ?? 0) + (ready.gzip?.length ?? 0);
