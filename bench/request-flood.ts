/**
 * A flood of quote requests (issue 35, point 7), a line of `npm run bench`: FLOOD_POSTS (10,000) posts of the
 * request form as a browser without script sends it (multipart/form-data, the site's Origin, no
 * proof of work), each from an IPv6 network of its own (X-Forwarded-For; the server runs with
 * TRUST_PROXY=127.0.0.1, as behind nginx) and with a mobile number of its own, so that only the
 * site's own bounds (requests stored a day, the inbox an hour) hold it. Answers what was accepted
 * (201), refused (429) and failed (5xx, or anything else), per second, the server's peak memory,
 * what the data folder grew by, and how long the owner's Requests screen takes to load afterwards.
 * The posts are sent from this process (fetch, CONNECTIONS at a time), not by wrk: wrk runs for a
 * set time and cannot send a set number, nor tell a 429 from a 5xx.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { NpmStart } from './app-process.ts';
import { rssMb } from './app-process.ts';

const FLOOD_POSTS = Number(process.env.BENCH_FLOOD_POSTS ?? 10_000);
/** Posts in flight at once (a flood from many addresses arrives on many connections). */
const CONNECTIONS = 32;
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

export interface FloodResult {
  posts: number;
  seconds: number;
  accepted: number;
  refused: number;
  failed: number;
  other: number;
  peakRssMb: number;
  grewMb: number;
  /** The owner's list (GET /api/requests) after the flood: status and milliseconds. */
  screen: { status: number; ms: number; shown: number; newCount: number };
}

/** The bytes of every file in a folder (the SQLite database and its journal, the mail folder...). */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
  }
  return total;
}

/** One post of the form as a browser without script sends it: its fields in the page's order, no photo. */
function formBody(n: number, shown: number): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = '----flood';
  const fields: [string, string][] = [
    ['shown', String(shown)],
    ['proof', ''],
    ['name', `Flood ${n}`],
    // A number of its own for each post (055 and seven digits), so the per-number bound holds none back.
    ['phone', `055${String(n % 10_000_000).padStart(7, '0')}`],
    ['city', 'الرياض'],
    ['building', 'villa'],
    ['problem', 'Pigeons on the roof and the AC units.'],
    ['consent', 'yes'],
    ['website', ''],
  ];
  const text =
    fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') +
    `--${boundary}--\r\n`;
  return { body: new TextEncoder().encode(text), type: `multipart/form-data; boundary=${boundary}` };
}

/** Floods `app` (started with TRUST_PROXY=127.0.0.1 on a fresh data folder) and reads the owner's screen after. */
export async function measureRequestFlood(app: NpmStart, dataDir: string): Promise<FloodResult> {
  const before = folderBytes(dataDir);
  const origin = new URL(app.url).origin;
  const shown = Date.now() - 60_000;
  const run = Math.floor(Math.random() * 65_536).toString(16);
  const tally = { accepted: 0, refused: 0, failed: 0, other: 0 };
  let next = 0;
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(app.serverPid));
  }, 250);
  const started = performance.now();
  // CONNECTIONS senders, each posting the next of FLOOD_POSTS as soon as its last is answered.
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < FLOOD_POSTS) {
        const n = next++;
        const { body, type } = formBody(n, shown);
        try {
          const res = await fetch(`${app.url}/api/requests?lang=ar`, {
            method: 'POST',
            body,
            headers: {
              'content-type': type,
              origin,
              'user-agent': PHONE_UA,
              // An IPv6 network of its own for each post.
              'x-forwarded-for': `fd01:${run}:${(n >> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`,
            },
          });
          await res.arrayBuffer();
          if (res.status === 201) tally.accepted++;
          else if (res.status === 429) tally.refused++;
          else if (res.status >= 500) tally.failed++;
          else tally.other++;
        } catch {
          tally.failed++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);

  // The owner signs in and opens the Requests screen as the flood has left it.
  const login = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-not-secret' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const opened = performance.now();
  const list = await fetch(`${app.url}/api/requests`, { headers: { cookie } });
  const body = (await list.json()) as { data?: unknown[]; newCount?: number };
  const ms = performance.now() - opened;
  return {
    posts: FLOOD_POSTS,
    seconds,
    ...tally,
    peakRssMb: Math.max(peak, rssMb(app.serverPid)),
    grewMb: (folderBytes(dataDir) - before) / 1024 / 1024,
    screen: { status: list.status, ms, shown: body.data?.length ?? 0, newCount: body.newCount ?? 0 },
  };
}
