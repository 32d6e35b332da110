import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { markQuiet } from './quiet-requests.ts';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzip,
  gzipSync,
} from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * An answer kept as the exact bytes to send: the body, its Brotli and gzip encodings (made once,
 * at high levels) and an entity tag. Sending one is picking an encoding and writing a buffer.
 */
export interface ReadyBytes {
  status: number;
  type: string;
  etag: string | undefined;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Made for one response only (nothing is cached): compress just the encoding asked for, fast. */
  once?: boolean;
}

/** The levels a kept answer is compressed at: the highest, paid once per content version. */
const PRODUCTION = { brotli: 11, gzip: 9 };
let levels = PRODUCTION;

/**
 * For the test helpers only (no setting or variable reaches it), like setHashCostForTests: test
 * servers change their content at nearly every step and so compress their pages again and again,
 * and at Brotli 11 that was 3 % of a whole `npm test`'s CPU. 'fast' keeps the same answers and
 * encodings at lower levels (Brotli 4, gzip 6); the built server's check (scripts/check-pages.ts)
 * and the benchmarks measure the production levels.
 */
export function setCompressionForTests(mode: 'fast' | 'production'): void {
  levels = mode === 'fast' ? { brotli: 4, gzip: 6 } : PRODUCTION;
}

/** Below this size compression saves less than it costs the browser to undo. */
const MIN_COMPRESS = 1024;

const encoder = new TextEncoder();
const MAX_SCRATCH = 1024 * 1024;
let scratch = new Uint8Array(256 * 1024);

/**
 * The UTF-8 bytes of the parts, one after the other. A document joined into one string before
 * encoding is as slow to encode as its slowest part: one Arabic character makes V8 keep the whole
 * string two bytes a character, the 20 KB ASCII stylesheet included, and flattening the joined
 * string copies it all once more. Encoding each part as it is, into one reused buffer, skips both.
 */
export function utf8(parts: readonly (string | Uint8Array)[]): Buffer {
  const bytes = encodeParts(parts);
  // A view of the shared buffer is copied out; a large answer encoded on its own is already a copy.
  return bytes.buffer === scratch.buffer ? Buffer.from(bytes) : (bytes as Buffer);
}

/** The UTF-8 bytes of the parts in the shared buffer: good until the next call. */
function encodeParts(parts: readonly (string | Uint8Array)[]): Uint8Array {
  // A UTF-16 code unit never takes more than 3 UTF-8 bytes.
  const room = (part: string | Uint8Array) => (typeof part === 'string' ? part.length * 3 : part.length);
  const most = parts.reduce((n, part) => n + room(part), 0);
  // A rare large answer (a long list) is encoded on its own rather than growing the shared buffer.
  if (most > MAX_SCRATCH)
    return Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
  let offset = 0;
  for (const part of parts) {
    const end = offset + room(part);
    if (end > scratch.length) {
      const grown = new Uint8Array(Math.min(MAX_SCRATCH, Math.max(end, scratch.length * 2)));
      grown.set(scratch.subarray(0, offset));
      scratch = grown;
    }
    // Parts that never change (a stylesheet) come already encoded: copied, not encoded again.
    if (typeof part === 'string') offset += encoder.encodeInto(part, scratch.subarray(offset)).written;
    else {
      scratch.set(part, offset);
      offset += part.length;
    }
  }
  return scratch.subarray(0, offset);
}

/**
 * An answer made for one response (not kept), compressed only in the encoding that response takes
 * and straight from the shared buffer: the plain bytes are not copied out (60 KB a page the
 * collector would have to account for) unless something asks for them, and then decoded.
 */
export function readyOnce(
  parts: readonly (string | Uint8Array)[],
  type: string,
  status: number,
  encoding: 'br' | 'gzip' | undefined,
): ReadyBytes {
  const bytes = encodeParts(parts);
  if (!encoding || bytes.length < MIN_COMPRESS)
    return { status, type, etag: undefined, identity: Buffer.from(bytes), once: true };
  const encoded = compressOnce(bytes, encoding);
  let identity: Buffer | undefined;
  return {
    status,
    type,
    etag: undefined,
    once: true,
    [encoding]: encoded,
    get identity() {
      identity ??= encoding === 'br' ? brotliDecompressSync(encoded) : gunzipSync(encoded);
      return identity;
    },
  };
}

/**
 * An answer as ready bytes: its entity tag and, when kept (not `once`) and large enough, its
 * Brotli (quality 11) and gzip (level 9) encodings, made on libuv's thread pool: Brotli 11 takes
 * about a second on the 1 MB product list of a 200-product catalogue, which on the main thread
 * would hold up every other request, kept pages included. A page is compressed once per content
 * version, so the wait is paid once; answers for one response (`once`) are compressed when sent.
 */
export async function readyBytes(
  body: string | readonly (string | Uint8Array)[] | Buffer,
  type: string,
  status = 200,
  opts: { once?: boolean } = {},
): Promise<ReadyBytes> {
  const identity = Buffer.isBuffer(body) ? body : utf8(typeof body === 'string' ? [body] : body);
  // Bytes made for one response get no entity tag: nothing could answer a 304 for them later.
  if (opts.once) return { status, type, etag: undefined, identity, once: true };
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const ready: ReadyBytes = { status, type, etag, identity };
  if (identity.length >= MIN_COMPRESS) {
    [ready.br, ready.gzip] = await Promise.all([
      brotliAsync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: levels.brotli,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzipAsync(identity, { level: levels.gzip }),
    ]);
  }
  return ready;
}

/** The encodings an Accept-Encoding header allows (q=0 refuses one). */
function acceptedEncodings(header: string | undefined): { br: boolean; gzip: boolean } {
  const out = { br: false, gzip: false };
  if (!header) return out;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') out.br = true;
    else if (name === 'gzip' || name === '*') {
      out.gzip = true;
      if (name === '*') out.br = true;
    }
  }
  return out;
}

/** The encoding to send a browser with this Accept-Encoding header: Brotli first, then gzip, else none. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepts = acceptedEncodings(header);
  return accepts.br ? 'br' : accepts.gzip ? 'gzip' : undefined;
}

/** True when an If-None-Match header names the entity tag (or is `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * Brotli for an answer made for one response: quality 0 and a 256 KB window. On a 58 KB page it
 * takes 90 µs against quality 1's 125 µs, for 3 % more bytes (15.9 KB instead of 15.4 KB).
 */
const BROTLI_ONCE = { params: { [constants.BROTLI_PARAM_QUALITY]: 0, [constants.BROTLI_PARAM_LGWIN]: 18 } };

/** An encoding of bytes made for one response: fast levels (see BROTLI_ONCE). */
function compressOnce(identity: Uint8Array, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br' ? brotliCompressSync(identity, BROTLI_ONCE) : gzipSync(identity, { level: 4 });
}

/**
 * Sets the status and headers for ready bytes and returns the body to send: nothing (304) when
 * If-None-Match names them, else the smallest encoding the browser accepts. Bytes made for one
 * response are compressed here, synchronously: on libuv's thread pool (tried) the many answers
 * waiting for it kept their buffers alive and the extra garbage collection cost more than it saved.
 * The route must not be compressed again (`compress: false`, or an onSend hook that runs before
 * the compression's).
 */
export function prepareReady(
  request: FastifyRequest,
  reply: FastifyReply,
  ready: ReadyBytes,
  cacheControl: string,
): Buffer | undefined {
  // Added to what is there: a CORS answer already varies by Origin, and a shared cache must not
  // serve one origin's Access-Control-Allow-Origin to another.
  const vary = reply.getHeader('vary');
  reply
    .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
    .header('cache-control', cacheControl);
  if (ready.etag) reply.header('etag', ready.etag);
  if (!ready.once) markQuiet(request);
  if (ready.etag && ready.status === 200 && etagMatches(request.headers['if-none-match'], ready.etag)) {
    reply.status(304);
    return undefined;
  }
  reply.status(ready.status).type(ready.type);
  // Encodings are only made for bodies large enough to gain from them.
  const encoded = ready.br !== undefined || ready.gzip !== undefined;
  const accepts =
    encoded || ready.identity.length >= MIN_COMPRESS
      ? acceptedEncodings(request.headers['accept-encoding'])
      : undefined;
  const send = (encoding: string, bytes: Buffer) => {
    reply.header('content-encoding', encoding);
    return bytes;
  };
  if (accepts?.br && ready.br) return send('br', ready.br);
  if (accepts?.gzip && ready.gzip) return send('gzip', ready.gzip);
  // Made for one response in an encoding this browser does not take (a not-found page two requests shared).
  if (ready.once && accepts?.br) return send('br', compressOnce(ready.identity, 'br'));
  if (ready.once && accepts?.gzip) return send('gzip', compressOnce(ready.identity, 'gzip'));
  return ready.identity;
}

/** Sends ready bytes (see prepareReady). */
export function sendReady(
  request: FastifyRequest,
  reply: FastifyReply,
  ready: ReadyBytes,
  cacheControl: string,
): FastifyReply {
  return reply.send(prepareReady(request, reply, ready, cacheControl));
}
