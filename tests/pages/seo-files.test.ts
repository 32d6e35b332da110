import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createCard } from '../helpers/factories.ts';
import { cardPath } from '../../src/shared/paths.ts';
import type { Card } from '../../src/shared/schemas.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const PUBLIC_URL = 'https://birds.example.sa';

describe('sitemap.xml and robots.txt', () => {
  let server: TestServer;
  let detailed: Card;
  let plain: Card;
  let project: Card;

  before(async () => {
    server = await startServer('sqlite', { PUBLIC_URL });
    const admin = await server.admin();
    detailed = await createCard(admin, 'product');
    await admin.put(`/api/card/togggle-details/${detailed._id}`);
    plain = await createCard(admin, 'product');
    project = await createCard(admin, 'portfolio');
  });
  after(() => server.close());

  it('lists every public page in both languages with alternates, every product, with details or without, and every project', async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /xml/);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = ['/', '/about', '/portfolio', '/products', '/contact', '/privacy', '/request'].flatMap((p) => [
      PUBLIC_URL + p,
      PUBLIC_URL + (p === '/' ? '/en' : `/en${p}`),
    ]);
    for (const url of expected) assert.ok(locs.includes(url), `missing ${url}`);
    // Every product has a page (issue 34), not only those with detail items, and every project, at its own address.
    for (const card of [detailed, plain, project])
      for (const lang of ['ar', 'en'] as const)
        assert.ok(locs.includes(PUBLIC_URL + cardPath(card, lang)), `${card.type} ${lang}`);
    assert.equal(locs.length, expected.length + 6);
    // No question written: no questions page listed (decision 036).
    assert.ok(!locs.some((l) => l!.endsWith('/faq')));
    assert.ok(xml.includes(`hreflang="x-default" href="${PUBLIC_URL}/about"`));
    assert.ok(xml.includes(`hreflang="en" href="${PUBLIC_URL}/en/about"`));
  });

  it("dates each page by the newest save of what it shows, and leaves undated what shows none of the owner's content", async () => {
    const lastmod = (xml: string, path: string) =>
      new RegExp(`<loc>${(PUBLIC_URL + path).replace(/[.?]/g, '\\$&')}</loc>\\s*<lastmod>([^<]+)</lastmod>`).exec(
        xml,
      )?.[1];
    const day = (times: string[]) => times.filter(Boolean).sort().at(-1)?.slice(0, 10);
    const admin = await server.admin();
    const products = (await admin.get('/api/card?type=product')).body.data as { updatedAt: string }[];
    const contact = (await admin.get('/api/contact')).body.data as { updatedAt: string };
    let xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    assert.ok(day(products.map((p) => p.updatedAt)), 'products were saved');
    for (const path of ['/products', '/en/products'])
      assert.equal(lastmod(xml, path), day(products.map((p) => p.updatedAt)), path);
    assert.equal(lastmod(xml, '/contact'), day([contact.updatedAt]), 'the contact details as saved (or never)');
    for (const path of ['/privacy', '/en/request']) assert.equal(lastmod(xml, path), undefined, path);

    // A later save of what a page shows moves its date; the sitemap is read afresh.
    const saved = await admin.put('/api/proof', {
      yearsInBusiness: 9,
      jobsDone: null,
      citiesServed: null,
      guaranteeAr: '',
      guaranteeEn: '',
      crNumber: '',
      vatNumber: '',
      quotes: [],
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    assert.equal(
      lastmod(xml, '/about'),
      (saved.body.data.updatedAt as string).slice(0, 10),
      'the about page shows the quotes',
    );
    assert.ok(lastmod(xml, '/')! >= saved.body.data.updatedAt.slice(0, 10), 'the home page shows the figures');
  });

  it('keeps crawlers out of the admin and sign-in areas and points to the sitemap', async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    assert.equal(res.status, 200);
    const text = await res.text();
    for (const path of ['/admin', '/auth', '/upload', '/en/admin', '/en/auth']) {
      assert.ok(text.split('\n').includes(`Disallow: ${path}`), `Disallow: ${path}`);
    }
    assert.ok(text.includes(`Sitemap: ${PUBLIC_URL}/sitemap.xml`));
    assert.ok(!text.split('\n').includes('Disallow: /'), 'the public site stays open');
  });

  it('uses PUBLIC_URL for canonical and alternate links', async () => {
    const page = await (await fetch(`${server.url}/en/products`)).text();
    assert.ok(page.includes(`<link rel="canonical" href="${PUBLIC_URL}/en/products">`));
    assert.ok(page.includes(`<link rel="alternate" hreflang="ar" href="${PUBLIC_URL}/products">`));
    assert.ok(page.includes(`<link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/products">`));
    // /home is the home page under a second name: one canonical address for both.
    const home = await (await fetch(`${server.url}/home`)).text();
    assert.ok(home.includes(`<link rel="canonical" href="${PUBLIC_URL}/">`));
  });
});
