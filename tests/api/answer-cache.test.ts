import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { createCard } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { describeEachEngine } from '../helpers/server.ts';

/** The frequent API reads are kept as ready bytes per content version: ETag, 304, precompressed, and never stale. */
describeEachEngine('API answers kept as ready bytes', (server) => {
  let admin: HttpClient;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(server().url + path, { headers });

  before(async () => {
    admin = await server().admin();
    for (let i = 0; i < 8; i++)
      await createCard(admin, 'product', {
        title: `Kept product ${i}`,
        description: 'A description long enough to make the list worth compressing. '.repeat(3),
      });
  });

  it('answers with an ETag and 304 when the browser has the answer', async () => {
    const first = await get('/api/card?type=product');
    assert.equal(first.status, 200);
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[\w-]+"$/);
    assert.equal(first.headers.get('cache-control'), 'no-cache');
    const body = await first.json();
    const again = await get('/api/card?type=product', { 'if-none-match': etag });
    assert.equal(again.status, 304);
    assert.equal((await again.arrayBuffer()).byteLength, 0);
    const plain = await get('/api/card?type=product', { 'accept-encoding': 'identity' });
    assert.equal(plain.headers.get('etag'), etag);
    assert.equal(plain.headers.get('content-encoding'), null);
    assert.deepEqual(await plain.json(), body);
  });

  it('sends a large answer in Brotli or gzip, as the browser accepts', async () => {
    const br = await get('/api/card?type=product', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    assert.equal(br.headers.get('content-encoding'), 'br');
    assert.match(br.headers.get('vary') ?? '', /accept-encoding/i);
    const gz = await get('/api/card?type=product', { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers.get('content-encoding'), 'gzip');
    assert.deepEqual(await br.json(), await gz.json());
  });

  it('shows an admin write at once, and a different query gets its own answer', async () => {
    const before = await (await get('/api/card?type=product')).json();
    const card = await createCard(admin, 'product', { title: 'Freshly added' });
    const after = await (await get('/api/card?type=product')).json();
    assert.equal(after.data.length, before.data.length + 1);
    assert.ok(after.data.some((c: { _id: string }) => c._id === card._id));
    const portfolio = await (await get('/api/card?type=portfolio')).json();
    assert.ok(!portfolio.data.some((c: { _id: string }) => c._id === card._id));
    assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '+966 50 123 4567' })).status, 200);
    assert.equal((await (await get('/api/auth/phone')).json()).data, '+966501234567');
    assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '+966 50 765 4321' })).status, 200);
    assert.equal((await (await get('/api/auth/phone')).json()).data, '+966507654321');
  });

  it('keeps only the plain form of a query (made-up parameters are answered, not kept)', async () => {
    const junk = await get('/api/card?type=product&junk=1');
    assert.equal(junk.status, 200);
    assert.equal(junk.headers.get('etag'), null, 'not kept, so no entity tag');
    const plain = await get('/api/card?type=product');
    assert.deepEqual(await junk.json(), await plain.json());
    assert.ok(plain.headers.get('etag'));
  });

  it('keeps no failed answer and sends admin answers with no-store', async () => {
    const missing = await get('/api/card/details?id=does-not-exist');
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('etag'), null);
    const bad = await get('/api/card?type=nope');
    assert.equal(bad.status, 400);
    const me = await admin.get('/api/auth/is-logged-in');
    assert.equal(me.status, 200);
    assert.equal(me.headers.get('cache-control'), 'no-store');
  });
});
