/** A served file as kept in memory: its bytes and the validator sent with them. */
export interface CachedFile {
  image: string;
  bytes: Buffer;
  etag: string;
}

/**
 * The image files this server has served, least recently used first out, bounded by their total
 * size: a warm image is sent from memory instead of being read from the database again. Files
 * never change under a name, so an entry is only ever dropped (evicted, or its image freed here).
 */
export class ImageCache {
  readonly #maxBytes: number;
  readonly #entries = new Map<string, CachedFile>();
  #bytes = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  get size(): number {
    return this.#bytes;
  }

  get(name: string): CachedFile | undefined {
    const hit = this.#entries.get(name);
    if (hit) {
      // Re-inserted at the end: the Map's order is the eviction order.
      this.#entries.delete(name);
      this.#entries.set(name, hit);
    }
    return hit;
  }

  set(name: string, file: CachedFile): void {
    // A file bigger than a quarter of the budget would push out many small ones for one visitor.
    if (file.bytes.length > this.#maxBytes / 4) return;
    this.delete(name);
    this.#entries.set(name, file);
    this.#bytes += file.bytes.length;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes.length;
    }
  }

  delete(name: string): void {
    const entry = this.#entries.get(name);
    if (!entry) return;
    this.#entries.delete(name);
    this.#bytes -= entry.bytes.length;
  }

  /** Drops every file of an image (its original and variants) once the image is freed. */
  deleteImage(image: string): void {
    for (const [name, entry] of this.#entries) if (entry.image === image) this.delete(name);
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
