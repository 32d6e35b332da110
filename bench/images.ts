/**
 * What storing images in the database costs (node bench/images.ts, or npm run bench:images): the
 * time to serve one 640 px variant over loopback, cold (this server never served it: one read from
 * the database) and warm (from the server's memory cache), next to the previous release's way,
 * the same bytes as a file sent by @fastify/static. SQLite always; PostgreSQL too when
 * BENCH_DATABASE_URL (an empty database to fill, e.g. postgres://postgres@127.0.0.1:5432/bench) is set.
 * Prints the median and p95 of sequential requests, and req/s under load (autocannon, 16
 * connections, BENCH_DURATION seconds, default 3). Not part of `npm test`: timings on a shared
 * machine are noisy.
 */
import fastifyStatic from '@fastify/static';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { variantName } from '../src/server/features/images/image-store.ts';

const IMAGES = 40;
const ROUNDS = 5;
const DURATION = Number(process.env.BENCH_DURATION ?? 3);

interface Row {
  what: string;
  p50: number;
  p95: number;
  rps?: number;
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function timeGet(url: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t;
}

async function load(url: string): Promise<number> {
  const r = await autocannon({ url, connections: 16, duration: DURATION });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r.requests.average;
}

/** Pictures with detail (noise over a gradient), as photos compress, at a typical upload size. */
async function picture(): Promise<Buffer> {
  const noise = await sharp(randomBytes(200 * 125 * 3), { raw: { width: 200, height: 125, channels: 3 } })
    .resize(1600, 1000)
    .png()
    .toBuffer();
  return sharp(noise).jpeg({ quality: 85 }).toBuffer();
}

async function measure(label: string, databaseUrl: string | undefined, fileDir: string): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-images-'));
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password-not-secret',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      PORT: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
    { logger: false },
  );
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const { db, images } = app.ctx;
    const files: string[] = [];
    for (let i = 0; i < IMAGES; i++) {
      const stored = await images.save(db, await picture());
      const name = variantName(stored.name, 640);
      files.push(name);
      writeFileSync(join(fileDir, name), (await images.read(db, name))!.bytes);
    }
    images.cache.clear();
    const cold: number[] = [];
    const warm: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      images.cache.clear();
      for (const f of files) cold.push(await timeGet(`${base}/uploads/${f}`));
      for (const f of files) warm.push(await timeGet(`${base}/uploads/${f}`));
    }
    const size = (await images.read(db, files[0]!))!.bytes.length;
    console.log(`${label}: ${IMAGES} variants of 640 px, about ${Math.round(size / 1024)} KB each`);
    return [
      { what: `${label}, cold (database read)`, p50: pct(cold, 0.5), p95: pct(cold, 0.95) },
      {
        what: `${label}, warm (memory cache)`,
        p50: pct(warm, 0.5),
        p95: pct(warm, 0.95),
        rps: await load(`${base}/uploads/${files[0]}`),
      },
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The previous release: @fastify/static over the uploads folder, with the same options. */
async function measureFiles(fileDir: string, files: string[]): Promise<Row> {
  const app = Fastify();
  await app.register(fastifyStatic, {
    root: fileDir,
    prefix: '/uploads/',
    index: false,
    list: false,
    immutable: true,
    maxAge: '365d',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    const times: number[] = [];
    for (let round = 0; round < ROUNDS * 2; round++)
      for (const f of files) times.push(await timeGet(`${base}/uploads/${f}`));
    return {
      what: 'file on disk (@fastify/static)',
      p50: pct(times, 0.5),
      p95: pct(times, 0.95),
      rps: await load(`${base}/uploads/${files[0]}`),
    };
  } finally {
    await app.close();
  }
}

const fileDir = mkdtempSync(join(tmpdir(), 'bench-image-files-'));
try {
  const rows = await measure('SQLite', undefined, fileDir);
  if (process.env.BENCH_DATABASE_URL)
    rows.push(...(await measure('PostgreSQL', process.env.BENCH_DATABASE_URL, fileDir)));
  rows.push(await measureFiles(fileDir, readdirSync(fileDir).slice(0, IMAGES)));
  console.log('\nserving one 640 px variant over loopback');
  console.log('what'.padEnd(40), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'req/s'.padStart(8));
  for (const r of rows)
    console.log(
      r.what.padEnd(40),
      r.p50.toFixed(2).padStart(8),
      r.p95.toFixed(2).padStart(8),
      (r.rps ? String(Math.round(r.rps)) : '').padStart(8),
    );
} finally {
  rmSync(fileDir, { recursive: true, force: true });
}
