/**
 * Memory under a burst of large uploads (npm run bench:uploads, after npm run build). Runs the
 * server exactly as `npm start` does (in BENCH_DIR, default this folder, with a fresh data folder
 * and no demo content), signs in, and sends BENCH_UPLOADS (default 8) uploads at once: first
 * 12-megapixel JPEGs, then 40-megapixel PNGs, each a different picture made here with sharp.
 * Samples the server's resident memory (VmRSS in /proc/PID/status) every 20 ms and prints, per
 * burst, the answers it got and the memory before, at the peak and 5 s after. Not part of
 * `npm test`: memory on a shared machine varies a little from run to run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { npmStart, rssMb } from './app-process.ts';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 8);
const SETTLE_MS = 5_000;

interface Picture {
  bytes: Buffer;
  type: string;
  filename: string;
}

/** A photo-like JPEG (noise blown up and smoothed, which compresses as photos do), 4000×3000. */
async function jpeg12(): Promise<Picture> {
  const noise = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
    .resize(4000, 3000)
    .jpeg({ quality: 85 })
    .toBuffer();
  return { bytes: noise, type: 'image/jpeg', filename: 'photo.jpg' };
}

/** An 8000×5000 PNG (40 megapixels, the limit) of flat blocks, so that it stays under 10 MB. */
async function png40(): Promise<Picture> {
  const bytes = await sharp(randomBytes(80 * 50 * 3), { raw: { width: 80, height: 50, channels: 3 } })
    .resize(8000, 5000, { kernel: 'nearest' })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { bytes, type: 'image/png', filename: 'scan.png' };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-not-secret' }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function upload(url: string, cookie: string, picture: Picture): Promise<number> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(picture.bytes)], { type: picture.type }), picture.filename);
  const res = await fetch(`${url}/api/card/upload`, { method: 'POST', headers: { cookie }, body: form });
  await res.arrayBuffer();
  return res.status;
}

const mb = (n: number) => `${n.toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function burst(label: string, url: string, cookie: string, pid: number, pictures: Picture[]): Promise<void> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const started = performance.now();
  const statuses = await Promise.all(pictures.map((p) => upload(url, cookie, p)));
  const seconds = (performance.now() - started) / 1000;
  await sleep(SETTLE_MS);
  clearInterval(sampler);
  const after = rssMb(pid);
  const tally = statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});
  const size = pictures.reduce((sum, p) => sum + p.bytes.length, 0) / pictures.length / 1024 / 1024;
  console.log(
    `${label} (${size.toFixed(1)} MB each), ${pictures.length} at once: answers ${JSON.stringify(tally)} in ${seconds.toFixed(1)} s`,
  );
  console.log(`  resident memory: before ${mb(before)}, peak ${mb(peak)}, ${SETTLE_MS / 1000} s after ${mb(after)}`);
}

async function main(): Promise<void> {
  console.log(`making ${UPLOADS} pictures of each kind…`);
  const jpegs = await Promise.all(Array.from({ length: UPLOADS }, jpeg12));
  const pngs: Picture[] = [];
  for (let i = 0; i < UPLOADS; i++) pngs.push(await png40());
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-uploads-'));
  const app = await npmStart(resolve(process.env.BENCH_DIR ?? '.'), dataDir, { SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  try {
    const cookie = await signIn(app.url);
    await sleep(1000);
    await burst('12-megapixel JPEGs', app.url, cookie, app.serverPid, jpegs);
    await burst('40-megapixel PNGs', app.url, cookie, app.serverPid, pngs);
    console.log(`highest resident memory of the server (VmHWM): ${mb(app.peakRssMb())}`);
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
