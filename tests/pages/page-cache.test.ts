import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createCard } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

/** Rendered pages are cached in memory; every content write through the API must show at once. */
describe('page cache', () => {
  let server: TestServer;
  let admin: HttpClient;
  const page = async (path: string) => (await fetch(server.url + path)).text();

  before(async () => {
    server = await startServer('sqlite');
    admin = await server.admin();
  });
  after(() => server.close());

  it('shows a changed product title on the next request', async () => {
    const card = await createCard(admin, 'product', { title: 'Spikes before' });
    assert.ok((await page('/products')).includes('Spikes before'));
    // With the cards out of reach, only the cache can still serve the page (a read would be a 503).
    await sql`alter table cards rename to cards_away`.execute(server.app.ctx.db);
    try {
      const again = await fetch(server.url + '/products');
      assert.equal(again.status, 200, 'served again, from the cache');
      assert.ok((await again.text()).includes('Spikes before'));
    } finally {
      await sql`alter table cards_away rename to cards`.execute(server.app.ctx.db);
    }
    const res = await admin.put(`/api/card/${card._id}`, { title: 'Spikes after', description: card.description });
    assert.equal(res.status, 200);
    const html = await page('/products');
    assert.ok(html.includes('Spikes after'));
    assert.ok(!html.includes('Spikes before'));
  });

  it('shows a new phone number and keyword on every cached page', async () => {
    await page('/contact');
    await page('/en/about');
    assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '+966 50 000 1111' })).status, 200);
    assert.equal((await admin.post('/api/word/', { word: 'cache-keyword' })).status, 201);
    assert.equal((await admin.post('/api/word/', { word: 'كلمة الذاكرة' })).status, 201);
    // Each language's pages carry the keywords in its script (keywordsFor).
    for (const [path, keyword] of [
      ['/contact', 'كلمة الذاكرة'],
      ['/en/about', 'cache-keyword'],
    ] as const) {
      const html = await page(path);
      assert.ok(html.includes('tel:+966500001111'), path);
      assert.ok(html.includes(keyword), path);
    }
  });

  it('does not change a page on a failed write', async () => {
    await createCard(admin, 'portfolio', { title: 'Kept title' });
    assert.ok((await page('/portfolio')).includes('Kept title'));
    const version = server.app.ctx.content.version;
    const res = await admin.put('/api/card/does-not-exist', { title: 'Other', description: 'x' });
    assert.equal(res.status, 404);
    const refused = await admin.post('/api/word/', { word: '' });
    assert.equal(refused.status, 400);
    assert.equal(server.app.ctx.content.version, version, 'a refused write leaves every cached page valid');
    assert.ok((await page('/portfolio')).includes('Kept title'));
  });
});
