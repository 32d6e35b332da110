import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { variantName } from '../../src/server/features/images/image-store.ts';
import { addWord } from '../../src/server/features/keywords/keywords-service.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createPgDatabase, engines, type Engine } from '../helpers/server.ts';
import { HttpClient } from '../helpers/http.ts';

/** One data folder (and, for PostgreSQL, one database) that several app instances share in turn. */
interface Site {
  env(seed: boolean): Record<string, string>;
  cleanup(): Promise<void>;
}

async function freshSite(engine: Engine): Promise<Site> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-seed-'));
  // An empty database (not the migrated template): the first start migrates and seeds it.
  const pgDb = engine === 'postgres' ? await createPgDatabase() : undefined;
  return {
    env: (seed) => ({
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      PORT: '0',
      SEED_DEMO: String(seed),
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    }),
    async cleanup() {
      for (const app of open) await app.close();
      open.clear();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Apps started here and not closed yet. A failed assertion skips a test's own close: the site's
 * cleanup closes what is left first, or DROP DATABASE would wait for the open pool for ever and the
 * whole test run with it.
 */
const open = new Set<FastifyInstance>();

async function start(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp(loadConfig(env), { logger: false });
  open.add(app);
  return app;
}

async function closeApp(app: FastifyInstance): Promise<void> {
  open.delete(app);
  await app.close();
}

const TABLES = ['cards', 'card_details', 'slides', 'words', 'about', 'settings', 'images'] as const;

/** Row counts of every content table and the names of the stored image files. */
async function snapshot(app: FastifyInstance) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await app.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const files = await app.ctx.db.selectFrom('image_files').select('name').orderBy('name').execute();
  return { counts, files: files.map((f) => f.name) };
}

/** Every image name the content points at. */
async function referencedImages(app: FastifyInstance): Promise<string[]> {
  const { db } = app.ctx;
  const rows = await db
    .selectFrom('cards')
    .select('image')
    .unionAll(db.selectFrom('card_details').select('image'))
    .unionAll(db.selectFrom('slides').select('image'))
    .execute();
  return rows.map((r) => r.image);
}

/**
 * Starts the app in a separate process, as a second server would, and waits for its start-up to
 * finish; answers when (wall-clock ms) its start-up began and ended.
 */
function startInChild(env: Record<string, string>): Promise<{ start: number; end: number }> {
  const url = (path: string) => new URL(path, import.meta.url).href;
  const script = `const { buildApp } = await import(${JSON.stringify(url('../../src/server/app.ts'))});
const { loadConfig } = await import(${JSON.stringify(url('../../src/server/config.ts'))});
const start = Date.now();
const app = await buildApp(loadConfig(process.env), { logger: false });
const end = Date.now();
await app.close();
process.stdout.write(JSON.stringify({ start, end }));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(stdout) as { start: number; end: number })
        : reject(new Error(`child exited with ${code}: ${stderr}`)),
    );
  });
}

for (const engine of engines()) {
  describe(`demo content seed [${engine}]`, () => {
    it('fills an empty site once, with real pictures, and a second start adds nothing', async () => {
      const site = await freshSite(engine);
      try {
        const app = await start(site.env(true));
        await app.listen({ port: 0, host: '127.0.0.1' });
        const address = app.server.address();
        const http = new HttpClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);

        const slides = (await http.get('/api/slider/')).body.data as {
          title: string;
          details: string;
          imageUrl: string;
          position: number;
        }[];
        assert.equal(slides.length, 3);
        assert.deepEqual(
          slides.map((s) => s.position),
          [0, 1, 2],
        );
        for (const slide of slides) {
          assert.ok(slide.title.length > 0 && slide.details.length > 0);
          const picture = await http.get(slide.imageUrl);
          assert.equal(picture.status, 200);
          assert.match(picture.headers.get('content-type') ?? '', /image\/webp/);
        }
        const ar = (await http.get('/api/aboutus?language=ar')).body.data;
        const en = (await http.get('/api/aboutus?language=en')).body.data;
        for (const about of [ar, en]) {
          for (const field of ['title', 'description', 'title2', 'description2', 'title3', 'description3'])
            assert.ok(about[field].length > 0, field);
        }
        assert.match(ar.description3, /الرياض/);
        assert.match(en.description3, /Riyadh/);
        const words = ((await http.get('/api/word/')).body.data as { word: string }[]).map((w) => w.word);
        assert.equal(words.length, 11);
        assert.ok(words.includes('طارد الحمام') && words.some((w) => /spikes/i.test(w)));
        // Every demo item is written in both languages, and the contact details are fictional.
        for (const type of ['product', 'portfolio']) {
          const cards = (await http.get(`/api/card?type=${type}`)).body.data as {
            titleEn: string;
            descriptionEn: string;
          }[];
          // An empty list would pass the loop: the demo has cards of both types.
          assert.ok(cards.length > 0, `${type} cards listed`);
          for (const card of cards) {
            assert.ok(card.titleEn.length > 0 && card.descriptionEn.length > 0, `${type} card in English`);
            assert.doesNotMatch(card.titleEn + card.descriptionEn, /[\u0600-\u06FF]/);
          }
        }
        for (const slide of (await http.get('/api/slider/')).body.data as { titleEn: string; detailsEn: string }[]) {
          assert.ok(slide.titleEn.length > 0 && slide.detailsEn.length > 0, 'slide in English');
        }
        const contact = (await http.get('/api/contact')).body.data as {
          email: string;
          citiesEn: string[];
          citiesAr: string[];
        };
        assert.match(contact.email, /@example\.com$/);
        assert.equal(contact.citiesAr.length, contact.citiesEn.length);
        assert.match(
          (await http.get('/api/auth/phone')).body.data,
          /^\+9665\d{8}$/,
          'the demo number, answered in international form',
        );

        const { db } = app.ctx;
        const products = await db.selectFrom('cards').selectAll().where('type', '=', 'product').execute();
        assert.ok(products.length >= 4);
        const detailed = products.filter((p) => Number(p.is_detailed) === 1);
        assert.equal(detailed.length, 2);
        for (const product of products) {
          const items = await db.selectFrom('card_details').select('id').where('card_id', '=', product.id).execute();
          if (Number(product.is_detailed) === 1)
            assert.ok(items.length >= 3 && items.length <= 4, `${items.length} items`);
          else assert.equal(items.length, 0);
        }
        const portfolio = await db.selectFrom('cards').select('created_at').where('type', '=', 'portfolio').execute();
        assert.equal(portfolio.length, 6);
        assert.equal(
          new Set(portfolio.map((p) => p.created_at)).size,
          6,
          'staggered creation times order the home portfolio',
        );

        // The questions customers ask, in both languages, in order; one on a city's page, one on a product's.
        const faqs = await db.selectFrom('faqs').selectAll().orderBy('position').execute();
        assert.ok(faqs.length >= 6 && faqs.length <= 8, `${faqs.length} questions`);
        for (const f of faqs) {
          assert.ok(f.question_en && f.answer_en, 'each question in English too');
          assert.doesNotMatch(f.answer_ar + f.answer_en, /\d+\s*(ريال|SAR|riyals?)/i, 'no invented price');
        }
        assert.equal(faqs.filter((f) => f.city_id !== null).length, 1);
        assert.equal(faqs.filter((f) => f.card_id !== null).length, 1);
        assert.ok(products.some((p) => p.id === faqs.find((f) => f.card_id)!.card_id));
        const general = await (await fetch(`${http.base}/en/faq`)).text();
        assert.ok(general.includes(faqs[0]!.question_en));

        const names = await referencedImages(app);
        assert.equal(new Set(names).size, names.length, 'every item has its own picture');
        const slideNames = new Set((await db.selectFrom('slides').select('image').execute()).map((r) => r.image));
        for (const name of names) {
          const row = await app.ctx.images.find(db, name);
          assert.ok(row, `images row for ${name}`);
          const meta = await sharp((await app.ctx.images.read(db, name))!.bytes).metadata();
          assert.equal(meta.format, 'webp');
          assert.deepEqual([meta.width, meta.height], slideNames.has(name) ? [1600, 1000] : [1200, 900]);
          // Demo pictures are 1200 px wide or more: each has smaller variants for srcset, and an empty list would pass the loop.
          const smaller = row.variants.filter((w) => w < row.width);
          assert.ok(smaller.length > 0, `${name} has responsive variants`);
          for (const width of smaller) {
            assert.ok(await app.ctx.images.read(db, variantName(name, width)), `variant ${width} of ${name}`);
          }
        }
        const first = await snapshot(app);
        await closeApp(app);

        const again = await start(site.env(true));
        assert.deepEqual(await snapshot(again), first, 'nothing duplicated or added');
        await closeApp(again);
      } finally {
        await site.cleanup();
      }
    });

    it('seeds once when two servers start at the same moment', async (t) => {
      // The two start-ups must really overlap for the race to be tested: tried again (on a fresh
      // site) when one happened to finish before the other began.
      let overlapped = false;
      for (let attempt = 1; attempt <= 3 && !overlapped; attempt++) {
        const site = await freshSite(engine);
        try {
          await closeApp(await start(site.env(false))); // schema and admin in place, as after a deploy
          const [a, b] = await Promise.all([startInChild(site.env(true)), startInChild(site.env(true))]);
          overlapped = a.start < b.end && b.start < a.end;
          t.diagnostic(
            `attempt ${attempt}: start-ups ${overlapped ? 'overlapped' : 'did not overlap'} (${a.start}-${a.end}, ${b.start}-${b.end})`,
          );
          if (overlapped) await checkSeededOnce(site.env(false));
        } finally {
          await site.cleanup();
        }
      }
      assert.ok(overlapped, 'the two start-ups overlapped in at least one of three tries');
    });

    async function checkSeededOnce(env: Record<string, string>): Promise<void> {
      const app = await start(env);
      const { counts, files } = await snapshot(app);
      assert.deepEqual([counts.slides, counts.words, counts.about], [3, 11, 2]);
      const names = await referencedImages(app);
      assert.equal(counts.images, names.length, 'the server that lost the race released its pictures');
      const variants = await app.ctx.db.selectFrom('images').select('variants').execute();
      assert.equal(
        files.length,
        variants.reduce((sum, r) => sum + (JSON.parse(r.variants) as number[]).length, 0),
        'no stray files',
      );
      await closeApp(app);
    }

    it('leaves a site that already has content alone', async () => {
      const site = await freshSite(engine);
      try {
        const setup = await start(site.env(false));
        await addWord(setup.ctx.db, 'شوك الحمام');
        await closeApp(setup);
        const app = await start(site.env(true));
        const { counts, files } = await snapshot(app);
        assert.deepEqual(
          [counts.cards, counts.slides, counts.words, counts.about, counts.images, files.length],
          [0, 0, 1, 0, 0, 0],
        );
        await closeApp(app);
      } finally {
        await site.cleanup();
      }
    });
  });
}
