import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { Migrator } from 'kysely/migration';
import sharp from 'sharp';
import { openDatabase } from '../../src/server/db/database.ts';
import * as m001 from '../../src/server/db/migrations/001-initial.ts';
import * as m002 from '../../src/server/db/migrations/002-bilingual.ts';
import { variantName } from '../../src/server/features/images/image-store.ts';
import { moveUploadsIntoDatabase } from '../../src/server/features/images/move-uploads.ts';
import { createPgDatabase, engines, startServer, type Engine, type TestServer } from '../helpers/server.ts';

interface OldImage {
  name: string;
  width: number;
  height: number;
  widths: number[];
}

/** Writes an image as the previous release did: a random name, the WebP original and its variants as files, and a row. */
async function oldUpload(dir: string, width: number, hue: number): Promise<OldImage> {
  const name = `${[...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')}.webp`;
  const height = Math.round(width * 0.6);
  const main = await sharp({ create: { width, height, channels: 3, background: { r: hue, g: 90, b: 160 } } })
    .webp({ quality: 82 })
    .toBuffer();
  writeFileSync(join(dir, name), main);
  const widths: number[] = [];
  for (const w of [320, 640, 960, 1280, 1920]) {
    if (w >= width) break;
    await sharp(main)
      .resize({ width: w })
      .webp({ quality: 78 })
      .toFile(join(dir, variantName(name, w)));
    widths.push(w);
  }
  widths.push(width);
  return { name, width, height, widths };
}

/**
 * A site of the previous release (migrations 001 and 002): three images on disk under DATA_DIR/uploads,
 * one complete, one that lost a variant file, one whose files are all gone; content naming them.
 */
async function makeOldSite(engine: Engine) {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-old-images-'));
  const uploads = join(dataDir, 'uploads');
  mkdirSync(uploads);
  const pgDb = engine === 'postgres' ? await createPgDatabase() : undefined;
  const handle = openDatabase({ databaseUrl: pgDb?.url, dataDir });
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => ({ '001-initial': m001, '002-bilingual': m002 }) },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  const complete = await oldUpload(uploads, 1000, 20);
  const partial = await oldUpload(uploads, 700, 120);
  const lost = await oldUpload(uploads, 500, 220);
  rmSync(join(uploads, variantName(partial.name, 320)));
  for (const file of readdirSync(uploads).filter((f) => f.startsWith(lost.name.slice(0, 32))))
    rmSync(join(uploads, file));
  const now = new Date().toISOString();
  for (const image of [complete, partial, lost]) {
    await handle.db
      .insertInto('images')
      .values({
        name: image.name,
        width: image.width,
        height: image.height,
        variants: JSON.stringify(image.widths),
        created_at: now,
      })
      .execute();
  }
  await handle.db
    .insertInto('cards')
    .values({
      id: 'old-card',
      type: 'product',
      title: 'شوك',
      description: 'وصف',
      image: complete.name,
      is_detailed: 0,
      created_at: now,
      updated_at: now,
      title_en: '',
      description_en: '',
    })
    .execute();
  await handle.db
    .insertInto('slides')
    .values({
      id: 'old-slide',
      title: 'شريحة',
      details: 'نص',
      image: partial.name,
      position: 0,
      created_at: now,
      updated_at: now,
      title_en: '',
      details_en: '',
    })
    .execute();
  await handle.db
    .insertInto('cards')
    .values({
      id: 'lost-card',
      type: 'portfolio',
      title: 'عمل',
      description: 'وصف',
      image: lost.name,
      is_detailed: 0,
      created_at: now,
      updated_at: now,
      title_en: '',
      description_en: '',
    })
    .execute();
  await handle.destroy();
  return {
    uploads,
    complete,
    partial,
    lost,
    env: { DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) },
    cleanup: async () => {
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function served(server: TestServer, name: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(`${server.url}/uploads/${name}`);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

for (const engine of engines()) {
  describe(`images on disk move into the database on the first start [${engine}]`, () => {
    it('serves the old URLs from the database, skips what is missing, and a second start changes nothing', async () => {
      const old = await makeOldSite(engine);
      const filesBefore = readdirSync(old.uploads).sort();
      // PostgreSQL: two servers start at once on the old site. SQLite serves one process at a time.
      const starts = await Promise.allSettled(
        engine === 'postgres'
          ? [startServer('sqlite', old.env), startServer('sqlite', old.env)]
          : [startServer('sqlite', old.env)],
      );
      const servers = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      try {
        // A server that failed to start fails the test; the one that started is closed below, not left running.
        for (const s of starts) if (s.status === 'rejected') throw s.reason;
        const { db } = servers[0]!.app.ctx;
        for (const server of servers) {
          for (const width of old.complete.widths) {
            const file = width === old.complete.width ? old.complete.name : variantName(old.complete.name, width);
            const res = await served(server, file);
            assert.equal(res.status, 200, file);
            assert.ok(res.bytes.equals(readFileSync(join(old.uploads, file))), `${file} is the file's bytes`);
          }
          assert.equal((await served(server, old.partial.name)).status, 200);
          assert.equal((await served(server, variantName(old.partial.name, 640))).status, 200);
          assert.equal((await served(server, old.lost.name)).status, 404, 'a missing file is skipped, not fatal');
          const cards = (await server.anon().get('/api/card?type=product')).body.data;
          assert.equal(cards[0].imageUrl, `/uploads/${old.complete.name}`, 'the same names and URLs');
        }
        const partial = await servers[0]!.app.ctx.images.find(db, old.partial.name);
        assert.deepEqual(partial?.variants, [640, 700], 'the missing variant is no longer offered to srcset');
        const rows = await db.selectFrom('image_files').select('name').orderBy('name').execute();
        const expected = [
          ...old.complete.widths.map((w) =>
            w === old.complete.width ? old.complete.name : variantName(old.complete.name, w),
          ),
          old.partial.name,
          variantName(old.partial.name, 640),
        ].sort();
        assert.deepEqual(
          rows.map((r) => r.name),
          expected,
          'each file stored once',
        );
        assert.deepEqual(readdirSync(old.uploads).sort(), filesBefore, 'the files are left in place, nothing added');
      } finally {
        for (const server of servers) await server.close();
      }

      const again = await startServer('sqlite', old.env);
      try {
        const rows = await again.app.ctx.db.selectFrom('image_files').select(['name', 'bytes']).execute();
        assert.equal(rows.length, old.complete.widths.length + 2, 'nothing moved twice');
        assert.equal((await served(again, old.complete.name)).status, 200);
        // The image whose file is lost is still waiting: each start says so, by name, and goes on.
        const said: { level: string; fields: Record<string, unknown> }[] = [];
        const log = {
          info: (fields: Record<string, unknown>) => said.push({ level: 'info', fields }),
          warn: (fields: Record<string, unknown>) => said.push({ level: 'warn', fields }),
        } as unknown as FastifyBaseLogger;
        await moveUploadsIntoDatabase(again.app.ctx.db, old.env.DATA_DIR, log);
        assert.deepEqual(
          said.map((s) => [s.level, s.fields.count, s.fields.images]),
          [['warn', 1, [old.lost.name]]],
        );
        // New uploads never touch the old folder.
        const admin = await again.admin();
        const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#123456' } })
          .png()
          .toBuffer();
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'new.png');
        assert.equal((await admin.post('/api/card/upload', form)).status, 200);
        assert.deepEqual(readdirSync(old.uploads).sort(), filesBefore);
      } finally {
        await again.close();
        await old.cleanup();
      }
    });
  });
}
