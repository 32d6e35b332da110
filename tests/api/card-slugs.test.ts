import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Card } from '../../src/shared/schemas.ts';
import { cardPath } from '../../src/shared/paths.ts';
import { createCard, uploadImage } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { sendBeacon } from '../helpers/beacon.ts';
import { describeEachEngine, type TestServer } from '../helpers/server.ts';

/**
 * Readable addresses for every product and project (issue 34 point 2, decision 035): a slug per
 * language made from the title, Arabic letters kept; changed only by the owner; every old address
 * (/card-details?id=, a former slug) answering with a permanent redirect. Needs `npm run build`
 * (the pages).
 */

const ARABIC_TITLE = 'شَوكُ الحمامِ — ستانلس ستيل!';

async function add(admin: HttpClient, fields: Record<string, string>, type = 'product'): Promise<Card> {
  const res = await admin.post(`/api/card/?type=${type}`, {
    description: 'Fitted on ledges.',
    image: await uploadImage(admin),
    ...fields,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data;
}

async function edit(admin: HttpClient, card: Card, fields: Record<string, string>) {
  return admin.put(`/api/card/${card._id}`, {
    title: card.title,
    description: card.description,
    titleEn: card.titleEn,
    descriptionEn: card.descriptionEn,
    ...fields,
  });
}

/** Where an address sends the visitor (301 and its Location), as a browser would be sent. */
async function movedTo(server: TestServer, path: string): Promise<string | undefined> {
  const res = await server.anon().get(path);
  if (res.status === 200 || res.status === 404) return undefined;
  assert.equal(res.status, 301, `${path}: ${res.status}`);
  return res.headers.get('location') ?? undefined;
}

const page = async (server: TestServer, path: string) => server.anon().get(path);
/** The site's address as its pages and sitemap name it (PUBLIC_URL). */
const site = (server: TestServer) => server.app.ctx.config.publicUrl;

describeEachEngine('card addresses', (server) => {
  it('makes each address from its title: Arabic letters kept, marks and symbols dropped, unique', async () => {
    const admin = await server().admin();
    const first = await add(admin, { title: ARABIC_TITLE, titleEn: 'Stainless Steel Spikes', descriptionEn: 'x' });
    assert.equal(first.slug, 'شوك-الحمام-ستانلس-ستيل');
    assert.equal(first.slugEn, 'stainless-steel-spikes');
    // The same titles again: the next free number; the hamza of أ is the title's own letter.
    const second = await add(admin, { title: ARABIC_TITLE, titleEn: 'Stainless steel spikes', descriptionEn: 'x' });
    assert.equal(second.slug, 'شوك-الحمام-ستانلس-ستيل-2');
    assert.equal(second.slugEn, 'stainless-steel-spikes-2');
    const hamza = await add(admin, { title: 'نظام الأسلاك' });
    assert.equal(hamza.slug, 'نظام-الأسلاك');
    assert.equal(hamza.slugEn, '', 'no English title, no English address of its own');
    // A title of symbols only still gets an address.
    const bare = await add(admin, { title: '!!! ***' });
    assert.match(bare.slug, /^item(-\d+)?$/);

    // Listed and public in the contract's list too.
    const listed = (await server().anon().get('/api/card?type=product')).body.data as Card[];
    assert.equal(listed.find((c) => c._id === first._id)?.slug, first.slug);
  });

  it('serves each page at its address in both languages, with canonical and hreflang naming both', async () => {
    const admin = await server().admin();
    const card = await add(admin, { title: 'شبك الحمام', titleEn: 'Bird netting', descriptionEn: 'Nets.' });
    const ar = cardPath(card, 'ar');
    const en = cardPath(card, 'en');
    assert.equal(ar, `/products/${encodeURIComponent('شبك-الحمام')}`);
    assert.equal(en, '/en/products/bird-netting');
    for (const path of [ar, en]) {
      const res = await page(server(), path);
      assert.equal(res.status, 200, path);
      const html = res.body as string;
      assert.ok(html.includes(`<link rel="canonical" href="${site(server())}${path}"`), `${path}: canonical`);
      assert.ok(html.includes(`hreflang="ar" href="${site(server())}${ar}"`), `${path}: hreflang ar`);
      assert.ok(html.includes(`hreflang="en" href="${site(server())}${en}"`), `${path}: hreflang en`);
    }
    // The language toggle leads to the other language's address.
    assert.ok((await page(server(), ar)).body.includes(`href="${en}"`));
    // The lists link to it with its letters as they are (the browser encodes them when it asks).
    const list = (await page(server(), '/products')).body as string;
    assert.ok(list.includes('href="/products/شبك-الحمام"'));
    // A project is under /portfolio.
    const project = await add(admin, { title: 'مشروع الدمام' }, 'portfolio');
    assert.equal((await page(server(), `/portfolio/${encodeURIComponent('مشروع-الدمام')}`)).status, 200);
    assert.equal(project.slug, 'مشروع-الدمام');
  });

  it('answers old links with a permanent redirect, keeping the query; a card that is not there is the 404 page', async () => {
    const admin = await server().admin();
    const card = await add(admin, { title: 'طارد الحمام', titleEn: 'Pigeon repeller', descriptionEn: 'x' });
    assert.equal(await movedTo(server(), `/card-details?id=${card._id}`), cardPath(card, 'ar'));
    assert.equal(
      await movedTo(server(), `/en/card-details?id=${card._id}&utm_source=flyer`),
      `${cardPath(card, 'en')}?utm_source=flyer`,
    );
    // The other language's slug, the wrong section, a trailing slash, another spelling of the same letters.
    assert.equal(await movedTo(server(), `/en/products/${encodeURIComponent(card.slug)}`), cardPath(card, 'en'));
    assert.equal(await movedTo(server(), `/products/${card.slugEn}`), cardPath(card, 'ar'));
    assert.equal(await movedTo(server(), `/portfolio/${card.slugEn}`), cardPath(card, 'ar'));
    assert.equal(await movedTo(server(), `${cardPath(card, 'en')}/`), cardPath(card, 'en'));
    assert.equal(
      await movedTo(server(), cardPath(card, 'ar').toLowerCase()),
      cardPath(card, 'ar'),
      'lower-case percent-escapes',
    );
    for (const path of [
      '/card-details?id=no-such-card',
      '/card-details',
      '/products/no-such-product',
      '/products/a--b',
      `/products/${'a'.repeat(200)}`,
      '/en/portfolio/%00',
    ]) {
      const res = await page(server(), path);
      assert.equal(res.status, 404, path);
      assert.match(res.body as string, /noindex/, path);
    }
    // Bytes that are no UTF-8 are refused by the router before any page (400), never a 500.
    assert.equal((await page(server(), '/products/%FF%FE')).status, 400);
  });

  it('keeps the address when the title changes, and moves it only when the owner does, the old one redirecting', async () => {
    const admin = await server().admin();
    const card = await add(admin, { title: 'شوك بلاستيك', titleEn: 'Plastic spikes', descriptionEn: 'x' });
    const renamed = await edit(admin, card, { title: 'شوك بلاستيك مقوى', titleEn: 'Strong plastic spikes' });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(renamed.body.data.slug, card.slug, 'kept when the title changes');
    assert.equal(renamed.body.data.slugEn, card.slugEn);

    const moved = await edit(admin, renamed.body.data, { slug: 'شوك-مقوى', slugEn: 'strong-spikes' });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const now: Card = moved.body.data;
    assert.deepEqual([now.slug, now.slugEn], ['شوك-مقوى', 'strong-spikes']);
    assert.equal((await page(server(), cardPath(now, 'ar'))).status, 200);
    assert.equal(await movedTo(server(), cardPath(card, 'ar')), cardPath(now, 'ar'), 'the former Arabic address');
    assert.equal(await movedTo(server(), cardPath(card, 'en')), cardPath(now, 'en'), 'the former English address');
    assert.equal(await movedTo(server(), `/card-details?id=${card._id}`), cardPath(now, 'ar'));

    // '' makes it from the title again; another card may take a former address, which then is its own.
    const again = await edit(admin, now, { slugEn: '' });
    assert.equal(again.body.data.slugEn, 'strong-plastic-spikes');
    const other = await add(admin, { title: 'شوك آخر', slug: card.slug });
    assert.equal(other.slug, card.slug);
    assert.equal((await page(server(), cardPath(other, 'ar'))).status, 200, 'no longer a redirect');
  });

  it('refuses an address that is taken or malformed, naming the field, and changes nothing', async () => {
    const admin = await server().admin();
    const one = await add(admin, { title: 'واحد', titleEn: 'One', descriptionEn: 'x' });
    const two = await add(admin, { title: 'اثنان' });
    // Taken, in either language: one address names one card.
    const taken: Record<string, string>[] = [{ slug: one.slug }, { slug: one.slugEn }, { slugEn: one.slug }];
    for (const fields of taken) {
      const res = await edit(admin, two, fields);
      assert.equal(res.status, 409, JSON.stringify(fields));
      assert.match(res.body.message, /already has the address/);
    }
    for (const bad of [
      'two words',
      'a/b',
      '-lead',
      'trail-',
      'a--b',
      'x'.repeat(81),
      'tab\there',
      'e\u0301',
      '<script>',
      '..',
    ]) {
      const res = await edit(admin, two, { slug: bad });
      assert.equal(res.status, 400, JSON.stringify(bad));
      assert.match(res.body.message, /^slug /, JSON.stringify(bad));
    }
    const createTaken = await admin.post('/api/card/?type=product', {
      title: 'ثلاثة',
      description: 'x',
      image: await uploadImage(admin),
      slugEn: one.slugEn,
    });
    assert.equal(createTaken.status, 409);
    const after = (await server().anon().get(`/api/card/details?id=${two._id}`)).body.data.cardWithImageUrl as Card;
    assert.equal(after.slug, two.slug);
    assert.equal(after.updatedAt, two.updatedAt, 'nothing changed');
  });

  it('takes the address away with the card to the trash, and brings it back on restore (or a free one)', async () => {
    const admin = await server().admin();
    const card = await add(admin, { title: 'شبك مؤقت' });
    assert.equal((await admin.delete(`/api/card/${card._id}`)).status, 200);
    assert.equal((await page(server(), cardPath(card, 'ar'))).status, 404);
    assert.equal((await page(server(), `/card-details?id=${card._id}`)).status, 404);
    assert.equal((await admin.post(`/api/trash/${card._id}/restore`, {})).status, 200);
    assert.equal((await page(server(), cardPath(card, 'ar'))).status, 200, 'its own address again');

    // Deleted again, and its address taken meanwhile: restored under a free one.
    assert.equal((await admin.delete(`/api/card/${card._id}`)).status, 200);
    const taker = await add(admin, { title: 'آخذ', slug: card.slug });
    assert.equal((await admin.post(`/api/trash/${card._id}/restore`, {})).status, 200);
    const back = (await server().anon().get(`/api/card/details?id=${card._id}`)).body.data.cardWithImageUrl as Card;
    assert.equal(back.slug, `${card.slug}-2`);
    assert.equal((await page(server(), cardPath(taker, 'ar'))).status, 200);
    assert.equal((await page(server(), cardPath(back, 'ar'))).status, 200);
  });

  it('lists every product at its addresses in the sitemap, and counts a page under its card', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product', { title: 'منتج للخريطة' });
    const xml = (await page(server(), '/sitemap.xml')).body as string;
    assert.ok(xml.includes(`<loc>${site(server())}${cardPath(card, 'ar')}</loc>`));
    assert.ok(xml.includes(`<loc>${site(server())}${cardPath(card, 'en')}</loc>`));
    assert.ok(!xml.includes('/card-details'), 'no old addresses');

    // A visit to the page at its address is counted under the card, whatever its address later.
    assert.equal(await sendBeacon(server(), { k: 'v', p: cardPath(card, 'ar') }, { from: '127.0.0.41' }), 204);
    await server().app.ctx.leads.settled();
    const rows = await server()
      .app.ctx.db.selectFrom('lead_counts')
      .select(['page', 'views'])
      .where('page', '=', `/card-details?id=${card._id}`)
      .execute();
    assert.equal(
      rows.reduce((n, r) => n + Number(r.views), 0),
      1,
    );
  });
});
