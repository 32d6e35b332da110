/**
 * A map that keeps its most recently put entries, bounded by their number and by the bytes they
 * hold: the least recent go first. The Map's insertion order is the eviction order, so a bounded
 * cache needs nothing else. Bounded by bytes as well as entries because one entry of a large
 * catalogue (a product list of a megabyte, with its two encodings) weighs as much as a hundred
 * small ones: a count alone does not bound the memory.
 */
export class RecentMap<K, V> {
  private readonly map = new Map<K, { value: V; bytes: number }>();
  private held = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly sizeOf: (value: V) => number;

  constructor(maxEntries: number, maxBytes: number, sizeOf: (value: V) => number) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.sizeOf = sizeOf;
  }

  get(key: K): V | undefined {
    return this.map.get(key)?.value;
  }

  /** Puts `value` as the most recent entry and drops the least recent past either bound (never the one just put). */
  set(key: K, value: V): void {
    this.delete(key);
    const bytes = this.sizeOf(value);
    this.map.set(key, { value, bytes });
    this.held += bytes;
    while (this.map.size > 1 && (this.map.size > this.maxEntries || this.held > this.maxBytes)) {
      this.delete(this.map.keys().next().value!);
    }
  }

  delete(key: K): void {
    const old = this.map.get(key);
    if (!old) return;
    this.map.delete(key);
    this.held -= old.bytes;
  }

  clear(): void {
    this.map.clear();
    this.held = 0;
  }

  get size(): number {
    return this.map.size;
  }

  /** The bytes the entries hold, as `sizeOf` counts them. */
  get bytes(): number {
    return this.held;
  }
}

/** What kept bytes weigh: the plain body and each encoding kept with it. */
export const bytesOf = (ready: { identity: Buffer; br?: Buffer; gzip?: Buffer }): number =>
  ready.identity.length + (ready.br?.length ?? 0) + (ready.gzip?.length ?? 0);
