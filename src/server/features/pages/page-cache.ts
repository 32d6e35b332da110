import type { ReadyBytes } from '../../lib/ready-bytes.ts';
import { boundedCache, bytesOf } from '../../lib/bounded-cache.ts';

/**
 * Rendered public pages (and API answers) kept in memory as the bytes to send, already compressed.
 * An entry is good while the content version it was made at is current (every successful admin
 * write bumps the version), the calendar year is the same (the footer shows it) and, for a page,
 * its day's beacon token is (`until`: a page is rendered again once a day). Concurrent misses for
 * one key share a single render.
 */
export interface CachedPage {
  status: number;
  bytes: ReadyBytes;
  /** The page's Content-Security-Policy (hashes of its inline styles), when it is a page. */
  csp?: string;
  version: number;
  year: number;
  /** When the page goes stale whatever the content (its beacon token changes then), in ms. */
  until?: number;
}

const MAX_ENTRIES = 500;
/** A few hundred pages of a large catalogue with their encodings; past it the least recent are rendered again when asked for. */
const MAX_BYTES = 48 * 1024 * 1024;

export class PageCache {
  private readonly entries = boundedCache<CachedPage>(MAX_ENTRIES, MAX_BYTES, (page) => bytesOf(page.bytes));
  private readonly pending = new Map<string, Promise<{ page: CachedPage; cacheable: boolean }>>();
  readonly enabled: boolean;

  constructor(enabled: boolean) {
    this.enabled = enabled;
  }

  async get(
    key: string,
    version: number,
    make: () => Promise<{ page: CachedPage; cacheable: boolean }>,
  ): Promise<CachedPage> {
    const year = new Date().getFullYear();
    if (!this.enabled) return (await make()).page;
    const hit = this.entries.get(key);
    if (hit && hit.version === version && hit.year === year && (hit.until === undefined || Date.now() < hit.until))
      return hit;
    const pendingKey = `${version}\u0000${hit?.until ?? ''}\u0000${key}`;
    let job = this.pending.get(pendingKey);
    if (!job) {
      job = make().finally(() => this.pending.delete(pendingKey));
      this.pending.set(pendingKey, job);
    }
    const { page, cacheable } = await job;
    if (cacheable) {
      this.entries.set(key, page);
    }
    return page;
  }

  clear(): void {
    this.entries.clear();
  }
}
