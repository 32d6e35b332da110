import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Migrator } from 'kysely/migration';
import { openDatabase } from '../../src/server/db/database.ts';
import * as m001 from '../../src/server/db/migrations/001-initial.ts';
import { uploadImage } from '../helpers/factories.ts';
import { createPgDatabase, describeEachEngine, engines, startServer, type Engine } from '../helpers/server.ts';

const AR = { title: 'شوك الحمام', description: 'أشواك ستانلس ستيل للحواف' };
const EN = { titleEn: 'Pigeon spikes', descriptionEn: 'Stainless-steel spikes for ledges' };

describeEachEngine('bilingual content API', (server) => {
  it('a card written with English answers both languages without ?language, one with it, and falls back to Arabic', async () => {
    const admin = await server().admin();
    const anon = server().anon();
    const withEn = (await admin.post('/api/card/?type=product', { ...AR, ...EN, image: await uploadImage(admin) })).body
      .data;
    assert.equal(withEn.titleEn, EN.titleEn);
    const arOnly = await admin.post('/api/card/?type=product', { ...AR, image: await uploadImage(admin) });
    assert.equal(arOnly.status, 201, 'a write without English fields works as the contract says');
    assert.equal(arOnly.body.data.title, AR.title);
    assert.equal(arOnly.body.data.titleEn, '');

    const full = (await anon.get('/api/card?type=product')).body.data;
    const fullWithEn = full.find((c: { _id: string }) => c._id === withEn._id);
    assert.equal(fullWithEn.title, AR.title);
    assert.equal(fullWithEn.descriptionEn, EN.descriptionEn);
    assert.equal('language' in fullWithEn, false);

    const en = (await anon.get('/api/card?type=product&language=en')).body.data;
    const enCard = en.find((c: { _id: string }) => c._id === withEn._id);
    assert.deepEqual([enCard.title, enCard.description, enCard.language], [EN.titleEn, EN.descriptionEn, 'en']);
    assert.equal('titleEn' in enCard, false, 'no *En fields in a localized answer');
    const fallback = en.find((c: { _id: string }) => c._id === arOnly.body.data._id);
    assert.deepEqual([fallback.title, fallback.description, fallback.language], [AR.title, AR.description, 'ar']);

    const ar = (await anon.get('/api/card?type=product&language=ar')).body.data;
    assert.ok(ar.every((c: { language: string; title: string }) => c.language === 'ar' && c.title === AR.title));

    const bad = await anon.get('/api/card?type=product&language=fr');
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /language/);
  });

  it('home portfolio, card details and slides answer in the asked language too', async () => {
    const admin = await server().admin();
    const anon = server().anon();
    const project = (await admin.post('/api/card/?type=portfolio', { ...AR, ...EN, image: await uploadImage(admin) }))
      .body.data;
    const home = (await anon.get('/api/card/home-portfolio?language=en')).body.data;
    assert.equal(home[0]._id, project._id);
    assert.deepEqual([home[0].title, home[0].language], [EN.titleEn, 'en']);
    assert.equal((await anon.get('/api/card/home-portfolio')).body.data[0].titleEn, EN.titleEn);
    assert.equal((await anon.get('/api/card/home-portfolio?language=xx')).status, 400);

    const d1 = await admin.post('/api/card/details', {
      title: 'تفصيل',
      description: 'وصف',
      titleEn: 'Detail',
      descriptionEn: 'Text',
      image: await uploadImage(admin),
      id: project._id,
    });
    assert.equal(d1.status, 201);
    await admin.post('/api/card/details', {
      title: 'تفصيل ٢',
      description: 'وصف ٢',
      image: await uploadImage(admin),
      id: project._id,
    });
    const en = (await anon.get(`/api/card/details?id=${project._id}&language=en`)).body.data;
    assert.equal(en.cardWithImageUrl.language, 'en');
    assert.deepEqual(
      en.detailsWithImageUrl.map((d: { title: string; language: string }) => [d.title, d.language]),
      [
        ['Detail', 'en'],
        ['تفصيل ٢', 'ar'],
      ],
    );
    const full = (await anon.get(`/api/card/details?id=${project._id}`)).body.data;
    assert.deepEqual(
      full.detailsWithImageUrl.map((d: { titleEn: string }) => d.titleEn),
      ['Detail', ''],
    );
    assert.equal((await anon.get(`/api/card/details?id=${project._id}&language=de`)).status, 400);

    const s1 = await admin.post('/api/slider/', {
      title: 'شريحة',
      details: 'تفاصيل',
      titleEn: 'Slide',
      detailsEn: 'Details',
      image: await uploadImage(admin),
    });
    assert.equal(s1.status, 201);
    const s2 = await admin.post('/api/slider/', {
      title: 'شريحة ٢',
      details: 'تفاصيل ٢',
      image: await uploadImage(admin),
    });
    assert.equal(s2.body.data.detailsEn, '');
    const slides = (await anon.get('/api/slider/?language=en')).body.data;
    const byId = (id: string) => slides.find((s: { _id: string }) => s._id === id);
    assert.deepEqual([byId(s1.body.data._id).details, byId(s1.body.data._id).language], ['Details', 'en']);
    assert.deepEqual([byId(s2.body.data._id).details, byId(s2.body.data._id).language], ['تفاصيل ٢', 'ar']);
    assert.equal((await anon.get('/api/slider/?language=EN')).status, 400);
  });

  it("English title and text go together; an edit that leaves English out keeps it, and '' clears it", async () => {
    const admin = await server().admin();
    const half = await admin.post('/api/card/?type=product', {
      ...AR,
      titleEn: 'Only a title',
      image: await uploadImage(admin),
    });
    assert.equal(half.status, 400);
    assert.match(half.body.message, /titleEn and descriptionEn/);
    const halfSlide = await admin.post('/api/slider/', {
      title: 'ش',
      details: 'ت',
      detailsEn: 'Only details',
      image: await uploadImage(admin),
    });
    assert.equal(halfSlide.status, 400);
    assert.match(halfSlide.body.message, /titleEn and detailsEn/);
    const long = await admin.post('/api/card/?type=product', {
      ...AR,
      titleEn: 'x'.repeat(201),
      descriptionEn: 'y',
      image: await uploadImage(admin),
    });
    assert.equal(long.status, 400);

    const card = (await admin.post('/api/card/?type=product', { ...AR, ...EN, image: await uploadImage(admin) })).body
      .data;
    const kept = await admin.put(`/api/card/${card._id}`, { title: 'عنوان جديد', description: AR.description });
    assert.equal(kept.status, 200);
    assert.deepEqual(
      [kept.body.data.title, kept.body.data.titleEn, kept.body.data.descriptionEn],
      ['عنوان جديد', EN.titleEn, EN.descriptionEn],
    );
    const onlyEn = await admin.put(`/api/card/${card._id}`, {
      title: 'عنوان جديد',
      description: AR.description,
      titleEn: 'New English',
    });
    assert.deepEqual([onlyEn.body.data.titleEn, onlyEn.body.data.descriptionEn], ['New English', EN.descriptionEn]);
    const halfClear = await admin.put(`/api/card/${card._id}`, { title: 'ع', description: 'و', titleEn: '' });
    assert.equal(halfClear.status, 400, 'clearing the title alone would leave a description without a title');
    const cleared = await admin.put(`/api/card/${card._id}`, {
      title: 'ع',
      description: 'و',
      titleEn: '  ',
      descriptionEn: '',
    });
    assert.equal(cleared.status, 200);
    assert.deepEqual([cleared.body.data.titleEn, cleared.body.data.descriptionEn], ['', '']);

    const slide = (
      await admin.post('/api/slider/', {
        title: 'ش',
        details: 'ت',
        titleEn: 'S',
        detailsEn: 'D',
        image: await uploadImage(admin),
      })
    ).body.data;
    const slideKept = await admin.put(`/api/slider/${slide._id}`, { title: 'ش ٢', details: 'ت' });
    assert.deepEqual([slideKept.body.data.titleEn, slideKept.body.data.detailsEn], ['S', 'D']);
  });

  it('contact details: public read, admin-only write, clear messages for bad values, 409 on a stale save', async () => {
    const anon = server().anon();
    const admin = await server().admin();
    const before = (await anon.get('/api/contact')).body.data;
    assert.deepEqual(before.citiesEn, []);
    const good = {
      email: 'info@example.com',
      whatsapp: '+966 50 000 0000',
      instagram: 'https://www.instagram.com/example',
      x: '',
      tiktok: '',
      snapchat: '',
      facebook: 'https://www.facebook.com/example',
      citiesAr: ['الرياض'],
      citiesEn: ['Riyadh'],
    };
    assert.equal((await anon.put('/api/contact', good)).status, 401);
    const saved = await admin.put('/api/contact', good);
    assert.equal(saved.status, 200);
    assert.equal(typeof saved.body.message, 'string');
    assert.equal(saved.body.data.email, good.email);
    const read = (await anon.get('/api/contact')).body.data;
    const unset = {
      hours: null,
      hoursNoteAr: '',
      hoursNoteEn: '',
      addressAr: '',
      addressEn: '',
      location: null,
      mapsLink: '',
    };
    assert.deepEqual(
      { ...read, updatedAt: undefined },
      { ...good, ...unset, whatsapp: '+966500000000', updatedAt: undefined },
      'WhatsApp is stored in international form',
    );
    assert.ok(read.updatedAt.length > 0);

    const cases: [Record<string, unknown>, RegExp][] = [
      [{ email: 'not-an-email' }, /email must be a valid email/],
      [
        { instagram: 'ftp://www.instagram.com/example' },
        /instagram must be @yourname or a link starting with https:\/\//,
      ],
      [{ x: 'not a link, nor a handle' }, /x must be @yourname or a link/],
      [{ whatsapp: '+966 5O abc' }, /^whatsapp must be a Saudi mobile or landline number, like 050 123 4567/],
      [{ whatsapp: '12345' }, /^whatsapp must be a Saudi mobile or landline number/],
      [{ citiesEn: ['Riyadh', ''] }, /citiesEn/],
    ];
    for (const [change, message] of cases) {
      const res = await admin.put('/api/contact', { ...good, ...change });
      assert.equal(res.status, 400, JSON.stringify(change));
      assert.match(res.body.message, message);
    }
    const stale = await admin.put('/api/contact', {
      ...good,
      email: 'other@example.com',
      updatedAt: '2020-01-01T00:00:00.000Z',
    });
    assert.equal(stale.status, 409);
    const fresh = await admin.put('/api/contact', { ...good, email: 'other@example.com', updatedAt: read.updatedAt });
    assert.equal(fresh.status, 200);
    assert.equal((await anon.get('/api/contact')).body.data.email, 'other@example.com');
  });

  it('the OpenAPI document shows the language parameter, the English fields and the contact call', async () => {
    const doc = (await server().anon().get('/api/docs')).body;
    const text = JSON.stringify(doc);
    for (const word of ['titleEn', 'descriptionEn', 'detailsEn', 'citiesEn']) assert.ok(text.includes(word), word);
    const params = (path: string) => (doc.paths[path].get.parameters as { name: string }[]).map((p) => p.name);
    for (const path of ['/api/card/', '/api/card/home-portfolio', '/api/card/details', '/api/slider/']) {
      assert.ok(params(path).includes('language'), path);
    }
    assert.ok(doc.paths['/api/contact/'].put);
  });
});

/** A database made by the previous release (migration 001 only), holding Arabic-only content. */
async function makeOldDatabase(
  engine: Engine,
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void>; ids: Record<string, string> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-old-'));
  const pgDb = engine === 'postgres' ? await createPgDatabase() : undefined;
  const handle = openDatabase({ databaseUrl: pgDb?.url, dataDir });
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => ({ '001-initial': m001 }) } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  const now = new Date().toISOString();
  const ids = { card: 'old-card', detail: 'old-detail', slide: 'old-slide' };
  // Raw SQL-level inserts: the old tables have no *_en columns, so only the old fields are written.
  const db = handle.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
  await db
    .insertInto('cards')
    .values({
      id: ids.card,
      type: 'product',
      title: 'شوك قديم',
      description: 'وصف قديم',
      image: 'old.webp',
      is_detailed: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('card_details')
    .values({
      id: ids.detail,
      card_id: ids.card,
      title: 'تفصيل قديم',
      description: 'وصف التفصيل',
      image: 'old-d.webp',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('slides')
    .values({
      id: ids.slide,
      title: 'شريحة قديمة',
      details: 'تفاصيل قديمة',
      image: 'old-s.webp',
      position: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await handle.destroy();
  return {
    env: { DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) },
    ids,
    cleanup: async () => {
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

for (const engine of engines()) {
  describe(`migration 002-bilingual [${engine}]`, () => {
    it('upgrades a database of the previous schema in place: its text is the Arabic, English starts empty', async () => {
      const old = await makeOldDatabase(engine);
      // startServer('sqlite') creates no database of its own; DATABASE_URL in env points it at the old PostgreSQL one.
      const server = await startServer('sqlite', old.env);
      try {
        const anon = server.anon();
        const card = (await anon.get('/api/card?type=product')).body.data[0];
        assert.deepEqual(
          [card._id, card.title, card.description, card.titleEn, card.descriptionEn],
          [old.ids.card, 'شوك قديم', 'وصف قديم', '', ''],
        );
        const en = (await anon.get(`/api/card/details?id=${old.ids.card}&language=en`)).body.data;
        assert.deepEqual([en.cardWithImageUrl.title, en.cardWithImageUrl.language], ['شوك قديم', 'ar']);
        assert.deepEqual([en.detailsWithImageUrl[0].title, en.detailsWithImageUrl[0].language], ['تفصيل قديم', 'ar']);
        const slide = (await anon.get('/api/slider/')).body.data[0];
        assert.deepEqual(
          [slide.title, slide.details, slide.titleEn, slide.detailsEn],
          ['شريحة قديمة', 'تفاصيل قديمة', '', ''],
        );
        const admin = await server.admin();
        const edited = await admin.put(`/api/slider/${old.ids.slide}`, {
          title: 'شريحة قديمة',
          details: 'تفاصيل قديمة',
          titleEn: 'Old slide',
          detailsEn: 'Now in English',
        });
        assert.equal(edited.status, 200, JSON.stringify(edited.body));
        assert.equal((await anon.get('/api/slider/?language=en')).body.data[0].title, 'Old slide');
      } finally {
        await server.close();
        await old.cleanup();
      }
    });
  });
}
