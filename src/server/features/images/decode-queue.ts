import pLimit from 'p-limit';

/**
 * Decoding an upload takes tens of megabytes outside the JavaScript heap (libvips' pixel buffers,
 * malloc arenas), so uploads are decoded one at a time. A few more may wait, each holding its file
 * (10 MB at most) in memory; past that an upload is refused at once (503 with Retry-After) rather
 * than read, so memory stays bounded however many arrive together.
 */
export const DECODE_CONCURRENCY = 1;
/** Uploads admitted beyond the one being decoded: reading their file, or read and waiting their turn. */
export const MAX_WAITING_DECODES = 4;
/** What a refused upload is told to wait: a 12-megapixel photo decodes in about a second. */
export const DECODE_RETRY_AFTER_SECONDS = 5;

/** Thrown when every place is taken: the upload is answered 503 and its file is not read. */
export class DecodeQueueFull extends Error {
  constructor() {
    super('The server is busy processing other images. Please try the upload again in a few seconds.');
    this.name = 'DecodeQueueFull';
  }
}

export interface DecodeQueue {
  /**
   * Takes a place for an upload before its file is read, or throws DecodeQueueFull when
   * DECODE_CONCURRENCY + MAX_WAITING_DECODES are taken. Returns the function that gives it back
   * (safe to call more than once).
   */
  enter(): () => void;
  /** Runs `work` (a decoding) when its turn comes, at most DECODE_CONCURRENCY at once. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Places taken now (decoding, waiting, or reading their file). */
  readonly taken: number;
}

export function createDecodeQueue(concurrency = DECODE_CONCURRENCY, maxWaiting = MAX_WAITING_DECODES): DecodeQueue {
  const limit = pLimit(concurrency);
  let taken = 0;
  return {
    get taken() {
      return taken;
    },
    enter() {
      // Counted from the request's start, not from when its file is in memory: a burst cannot
      // have more files read than there are places.
      if (taken >= concurrency + maxWaiting) throw new DecodeQueueFull();
      taken++;
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        taken--;
      };
    },
    run: (work) => limit(work),
  };
}
