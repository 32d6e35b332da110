import { request } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A browser's ordinary User-Agent (Chrome on Android, and on Windows). */
export const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
export const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface BeaconBody {
  k: 'v' | 'c' | 'w' | 'e';
  p: string;
  r?: string;
  e?: string;
  t?: string;
}

/** A running server: its address, and its app (whose pages carry the day's beacon token). */
interface Site {
  url: string;
  app: FastifyInstance;
}

/** The token today's pages carry (what src/web/public/boot.ts reads from data-t). */
export const pageToken = (site: Site): string => site.app.ctx.tokens.current().token;

/**
 * Sends a beacon as a page's navigator.sendBeacon does (POST, text/plain, the page's Origin and
 * its token), from the loopback address `from` (127.0.0.2, … a different visitor). Answers the status.
 */
export function sendBeacon(
  site: Site,
  body: BeaconBody,
  opts: { from?: string; headers?: Record<string, string> } = {},
): Promise<number> {
  const data = JSON.stringify({ r: '', e: '', t: pageToken(site), ...body });
  return new Promise((resolve, reject) => {
    const req = request(
      `${site.url}/api/leads`,
      {
        method: 'POST',
        localAddress: opts.from ?? '127.0.0.1',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'content-length': Buffer.byteLength(data),
          origin: site.url,
          'user-agent': PHONE_UA,
          ...opts.headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
