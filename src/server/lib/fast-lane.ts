import type { IncomingMessage, ServerResponse } from 'node:http';
import { etagMatches, preferredEncoding, type ReadyBytes } from './ready-bytes.ts';
import { boundedCache } from './bounded-cache.ts';

/**
 * Kept answers sent straight from the HTTP server's request event, before the framework routes the
 * request: a public page or API read that was rendered at the current content version is a header
 * list and a buffer, so answering it is one `writeHead` and one `end`, the way a static file
 * server answers. Everything the framework would add to such an answer (security headers, CSP,
 * caching headers, entity tag) is worked out once, when the entry is put.
 *
 * A request the lane does not take (another method, an `Origin` header that needs CORS, a URL not
 * kept, a version that moved on) goes to the framework as before, and the framework puts the fresh
 * answer back here. The lane is off while the server closes (the framework answers 503 then) and
 * when requests are logged at debug level (such requests would not be logged).
 */
interface Variant {
  headers: string[];
  body: Buffer;
}
interface Entry {
  version: number;
  /** The page shows the year in its footer: kept until the next New Year (local time), or until its beacon token changes. */
  until: number;
  etag: string;
  notModified: string[];
  br?: Variant;
  gzip?: Variant;
  identity: Variant;
}

const MAX_ENTRIES = 500;
/** The lane shares its bodies with the page and answer caches; bounded on its own all the same. */
const MAX_BYTES = 48 * 1024 * 1024;
const MAX_ENCODING_HEADERS = 64;

export class FastLane {
  private readonly entries = boundedCache<Entry>(
    MAX_ENTRIES,
    MAX_BYTES,
    (e) => e.identity.body.length + (e.br?.body.length ?? 0) + (e.gzip?.body.length ?? 0),
  );
  private readonly encodings = new Map<string, 'br' | 'gzip' | 'identity'>();
  private base: Record<string, string> = {};
  enabled = true;
  private readonly content: { version: number };

  constructor(content: { version: number }) {
    this.content = content;
  }

  /** Headers every kept answer carries (the security headers), lower-case names. */
  setBaseHeaders(headers: Record<string, string>): void {
    this.base = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  }

  /**
   * Keeps `ready` for `url` (the exact request URL) at `version`. Only 200 answers with an entity
   * tag (kept, not one-off) are taken. `extra` are the answer's own headers (a page's CSP, which
   * replaces the API's), lower-case names; `until`, when the answer goes stale whatever the content
   * (a page's beacon token changes), in ms.
   */
  put(
    url: string,
    version: number,
    ready: ReadyBytes,
    cacheControl: string,
    extra: Record<string, string> = {},
    until = Infinity,
  ): void {
    if (!this.enabled || ready.status !== 200 || !ready.etag || ready.once || version !== this.content.version) return;
    // Every answer varies by Origin as well (@fastify/cors says so on each, since the allowed origins
    // are a list): a kept answer says what the framework's would.
    const common = [
      ...Object.entries({ ...this.base, ...extra }).flat(),
      'vary',
      'Origin, Accept-Encoding',
      'cache-control',
      cacheControl,
      'etag',
      ready.etag,
    ];
    const variant = (body: Buffer, encoding?: string): Variant => ({
      headers: [
        ...common,
        'content-type',
        ready.type,
        ...(encoding ? ['content-encoding', encoding] : []),
        'content-length',
        String(body.length),
      ],
      body,
    });
    const now = new Date();
    const entry: Entry = {
      version,
      until: Math.min(until, new Date(now.getFullYear() + 1, 0, 1).getTime()),
      etag: ready.etag,
      notModified: common,
      identity: variant(ready.identity),
      ...(ready.br ? { br: variant(ready.br, 'br') } : {}),
      ...(ready.gzip ? { gzip: variant(ready.gzip, 'gzip') } : {}),
    };
    this.entries.set(url, entry);
  }

  /** Answers the request from a kept entry and returns true, or returns false and leaves it alone. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.enabled) return false;
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const entry = this.entries.get(req.url!);
    if (entry === undefined) return false;
    const headers = req.headers;
    if (entry.version !== this.content.version || Date.now() >= entry.until || headers.origin !== undefined)
      return false;
    const inm = headers['if-none-match'];
    if (inm !== undefined && etagMatches(inm, entry.etag)) {
      res.writeHead(304, entry.notModified);
      res.end();
      return true;
    }
    const variant = entry[this.encoding(headers['accept-encoding'])] ?? entry.identity;
    res.writeHead(200, variant.headers);
    if (method === 'HEAD') res.end();
    else res.end(variant.body);
    return true;
  }

  clear(): void {
    this.entries.clear();
  }

  /** The best encoding an Accept-Encoding header allows; browsers send few distinct ones, so kept. */
  private encoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
    if (header === undefined) return 'identity';
    let known = this.encodings.get(header);
    if (known === undefined) {
      known = preferredEncoding(header) ?? 'identity';
      if (this.encodings.size >= MAX_ENCODING_HEADERS) this.encodings.clear();
      this.encodings.set(header, known);
    }
    return known;
  }
}
