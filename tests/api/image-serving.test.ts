import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { it } from 'node:test';
import { createImageStore, variantName } from '../../src/server/features/images/image-store.ts';
import { createCard, uploadImage } from '../helpers/factories.ts';
import { imageForm, uniqueImage } from '../helpers/images.ts';
import { describeEachEngine, type TestServer } from '../helpers/server.ts';
import { storedFile } from '../helpers/stored-images.ts';

/** A request sent exactly as written (fetch would resolve `..` and escapes before sending). */
function rawGet(
  server: TestServer,
  path: string,
  method = 'GET',
): Promise<{ status: number; type: string; body: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every file name an image is served under: its variants and the original. */
async function servedNames(server: TestServer, name: string): Promise<string[]> {
  const stored = await server.app.ctx.images.find(server.app.ctx.db, name);
  assert.ok(stored, `${name} is stored`);
  return stored.variants.map((w) => (w === stored.width ? name : variantName(name, w)));
}

describeEachEngine('stored images served from the database', (server) => {
  it('serves the original and every variant byte for byte as stored, with immutable caching, ETag, type and nosniff; HEAD too', async () => {
    const admin = await server().admin();
    const name = await uploadImage(admin, await uniqueImage('jpeg', 1000, 600));
    const names = await servedNames(server(), name);
    assert.deepEqual(names, [
      variantName(name, 320),
      variantName(name, 640),
      variantName(name, 800),
      variantName(name, 960),
      name,
    ]);
    for (const file of names) {
      const res = await fetch(`${server().url}/uploads/${file}`);
      assert.equal(res.status, 200, file);
      const bytes = Buffer.from(await res.arrayBuffer());
      assert.ok(bytes.equals((await storedFile(server(), file))!), `${file}: served bytes are the stored bytes`);
      assert.equal(res.headers.get('content-type'), 'image/webp');
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(Number(res.headers.get('content-length')), bytes.length);
      const cache = res.headers.get('cache-control') ?? '';
      assert.match(cache, /immutable/);
      assert.ok(Number(/max-age=(\d+)/.exec(cache)?.[1]) >= 31_536_000, cache);
      const etag = res.headers.get('etag');
      assert.match(etag ?? '', /^"[^"]+"$/, 'a strong validator');

      const head = await fetch(`${server().url}/uploads/${file}`, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.headers.get('etag'), etag);
      assert.equal(head.headers.get('content-type'), 'image/webp');
      assert.equal((await head.arrayBuffer()).byteLength, 0);
    }
    assert.equal(existsSync(join(server().dataDir, 'uploads')), false, 'nothing is written under DATA_DIR');
  });

  it('answers 304 to a browser that holds the file (If-None-Match), 200 to one holding something else', async () => {
    const admin = await server().admin();
    const name = await uploadImage(admin);
    const url = `${server().url}/uploads/${name}`;
    const etag = (await fetch(url)).headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await fetch(url, { headers: { 'if-none-match': header } });
      assert.equal(res.status, 304, header);
      assert.equal(res.headers.get('etag'), etag);
      assert.match(res.headers.get('cache-control') ?? '', /immutable/);
      assert.equal((await res.arrayBuffer()).byteLength, 0);
    }
    const other = await fetch(url, { headers: { 'if-none-match': '"something-else"' } });
    assert.equal(other.status, 200);
    const variant = await fetch(`${server().url}/uploads/${variantName(name, 320)}`, {
      headers: { 'if-none-match': etag },
    });
    assert.equal(variant.status, 200, 'a variant has its own validator');
  });

  it('answers 404 in the API shape for unknown and hostile names, never a 500', async () => {
    const admin = await server().admin();
    const name = await uploadImage(admin);
    const hostile = [
      `${'0'.repeat(32)}.webp`,
      variantName(name, 1280),
      variantName(name, 0),
      name.toUpperCase(),
      `${name}/x`,
      `x/${name}`,
      '',
      '..',
      '../site.db',
      '..%2fsite.db',
      '%2e%2e/%2e%2e/etc/passwd',
      `..%2f..%2f${name}`,
      '%00',
      `${name}%00`,
      `${name.slice(0, -5)}%00.webp`,
      'a'.repeat(500),
      `${name.slice(0, -5)}-${'9'.repeat(400)}.webp`,
      encodeURIComponent('صورة.webp'),
      '%F0%9F%90%A6.webp',
      '%ZZ',
      '%',
      '.webp',
      'site.db',
    ];
    for (const path of hostile) {
      for (const method of ['GET', 'HEAD']) {
        const res = await rawGet(server(), `/uploads/${path}`, method);
        assert.ok(
          res.status === 404 || res.status === 400 || res.status === 414,
          `${method} ${path.slice(0, 60)}: ${res.status}`,
        );
        if (method === 'GET') {
          assert.match(res.type, /json/, path.slice(0, 60));
          assert.equal(typeof JSON.parse(res.body).message, 'string', path.slice(0, 60));
        }
      }
    }
    // A plain unknown name of the right shape is a 404, and so is a very long one.
    assert.equal((await rawGet(server(), `/uploads/${'0'.repeat(32)}.webp`)).status, 404);
    assert.equal((await rawGet(server(), `/uploads/${'a'.repeat(500)}`)).status, 404);
    assert.equal(
      (await rawGet(server(), `/uploads/${name}?v=1`)).status,
      200,
      'a query string does not change the file',
    );
  });

  it('stores the same picture uploaded twice once, under one name, and both uses keep it', async () => {
    const admin = await server().admin();
    const picture = await uniqueImage('png', 700, 500);
    const first = await admin.post('/api/card/upload', imageForm(picture));
    const second = await admin.post('/api/card/upload', imageForm(picture));
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    assert.equal(second.body.image, first.body.image, 'the name is made from the bytes');
    const { db } = server().app.ctx;
    const rows = await db.selectFrom('image_files').select('name').where('image', '=', first.body.image).execute();
    assert.equal(rows.length, 3, 'one original and two variants, not twice that');
    const a = await createCard(admin, 'product', { image: first.body.image });
    await createCard(admin, 'portfolio', { image: second.body.image });
    assert.equal((await admin.delete(`/api/card/${a._id}`)).status, 200);
    assert.equal(
      (await fetch(`${server().url}/uploads/${first.body.image}`)).status,
      200,
      'still used by the other card',
    );
  });

  it('keeps what it served in memory: a warm file is not read from the database again', async () => {
    const admin = await server().admin();
    const name = await uploadImage(admin);
    const url = `${server().url}/uploads/${variantName(name, 320)}`;
    const cold = Buffer.from(await (await fetch(url)).arrayBuffer());
    // The bytes leave the database behind the store's back: only the memory cache can still answer.
    await server()
      .app.ctx.db.deleteFrom('image_files')
      .where('name', 'in', [variantName(name, 320), name])
      .execute();
    const warm = await fetch(url);
    assert.equal(warm.status, 200);
    assert.ok(Buffer.from(await warm.arrayBuffer()).equals(cold));
    assert.equal(
      (await fetch(`${server().url}/uploads/${name}`)).status,
      404,
      'the original was never served, so not kept: it is read from the database',
    );
  });

  it('bounds the memory cache by bytes, dropping the least recently served first', async () => {
    const admin = await server().admin();
    const names: string[] = [];
    for (let i = 0; i < 6; i++) names.push(await uploadImage(admin));
    const { db } = server().app.ctx;
    const sizes = await Promise.all(names.map(async (n) => (await storedFile(server(), n))!.length));
    // Each file fits a quarter of the budget (what one file may take); all six do not fit together.
    const budget = 4 * Math.max(...sizes);
    assert.ok(sizes.reduce((a, b) => a + b, 0) > budget, 'the fixture overflows the budget');
    const store = createImageStore({ cacheBytes: budget });
    // Four always fit; the first is then served again (now the most recent), and two more come in.
    for (const n of names.slice(0, 4)) assert.ok(await store.read(db, n));
    assert.ok(await store.read(db, names[0]!));
    for (const n of names.slice(4)) assert.ok(await store.read(db, n));
    assert.ok(store.cache.size <= budget, `${store.cache.size} <= ${budget}`);
    assert.ok(store.cache.get(names[5]!), 'the newest is kept');
    assert.ok(store.cache.get(names[0]!), 'the one served again is kept');
    assert.equal(store.cache.get(names[1]!), undefined, 'the least recently served went first');
    const tiny = createImageStore({ cacheBytes: Math.min(...sizes) });
    assert.ok(await tiny.read(db, names[0]!));
    assert.equal(tiny.cache.size, 0, 'a file over a quarter of the budget is served but not kept');
  });
});
