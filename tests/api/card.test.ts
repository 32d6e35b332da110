import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Card } from '../../src/shared/schemas.ts';
import { createCard, uploadImage } from '../helpers/factories.ts';
import { storedFile } from '../helpers/stored-images.ts';
import { outliveRetention } from '../helpers/retention.ts';
import { describeEachEngine, type TestServer } from '../helpers/server.ts';

const UNKNOWN_ID = '0190b3c4-0000-7000-8000-000000000000';
/** The contract's fields plus, additively, the English pair (answers without ?language carry both languages). */
const CARD_KEYS = [
  '_id',
  'createdAt',
  'description',
  'descriptionEn',
  'image',
  'imageUrl',
  'isDetailed',
  'slug',
  'slugEn',
  'title',
  'titleEn',
  'type',
  'updatedAt',
];

/** True when the image's bytes and its row are in the database. */
async function imageKept(server: TestServer, name: string): Promise<boolean> {
  const onDisk = (await storedFile(server, name)) !== undefined;
  const row = await server.app.ctx.images.find(server.app.ctx.db, name);
  assert.equal(onDisk, row !== undefined, `file and row of ${name} agree`);
  return onDisk;
}

async function listOf(server: TestServer, type: string): Promise<Card[]> {
  const res = await server.anon().get(`/api/card?type=${type}`);
  assert.equal(res.status, 200);
  return res.body.data;
}

describeEachEngine('cards API', (server) => {
  it('adds cards of each type and lists them publicly, newest first, in the contract shape', async () => {
    const admin = await server().admin();
    const image = await uploadImage(admin);
    const res = await admin.post('/api/card/?type=product', {
      title: '  Steel spikes  ',
      description: ' For ledges ',
      image,
    });
    assert.equal(res.status, 201);
    assert.equal(typeof res.body.message, 'string');
    const first: Card = res.body.data;
    assert.deepEqual(Object.keys(first).sort(), CARD_KEYS);
    assert.equal(first.title, 'Steel spikes', 'stored trimmed');
    assert.equal(first.description, 'For ledges');
    assert.equal(first.image, image);
    assert.equal(first.imageUrl, `/uploads/${image}`);
    assert.equal(first.type, 'product');
    assert.equal(first.isDetailed, false);
    assert.equal(first.createdAt, first.updatedAt);

    const second = await createCard(admin, 'product');
    const portfolio = await createCard(admin, 'portfolio');
    const products = await listOf(server(), 'product');
    const ids = products.map((c) => c._id);
    assert.ok(ids.indexOf(second._id) < ids.indexOf(first._id) && ids.indexOf(second._id) !== -1, 'newest first');
    assert.deepEqual(
      products.find((c) => c._id === first._id),
      first,
      'reads back exactly as answered',
    );
    assert.ok(!ids.includes(portfolio._id), 'other type not listed');
    assert.ok((await listOf(server(), 'portfolio')).some((c) => c._id === portfolio._id));
    assert.equal((await server().anon().get('/api/card/?type=portfolio')).status, 200, 'trailing slash works too');
  });

  it('answers 400 naming "type" when it is missing or unknown', async () => {
    const admin = await server().admin();
    for (const path of ['/api/card', '/api/card?type=service']) {
      const res = await server().anon().get(path);
      assert.equal(res.status, 400, path);
      assert.match(res.body.message, /type/);
    }
    const image = await uploadImage(admin);
    const bad = await admin.post('/api/card/?type=blog', { title: 'x', description: 'y', image });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /type/);
  });

  it('home-portfolio answers the 6 most recent portfolio cards, newest first', async () => {
    const admin = await server().admin();
    const image = await uploadImage(admin);
    const made: Card[] = [];
    for (let i = 0; i < 7; i++) made.push(await createCard(admin, 'portfolio', { image, title: `Work ${i}` }));
    await createCard(admin, 'product', { image });
    const res = await server().anon().get('/api/card/home-portfolio');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.data.map((c: Card) => c._id),
      made
        .slice(1)
        .reverse()
        .map((c) => c._id),
    );
    assert.ok(res.body.data.every((c: Card) => c.type === 'portfolio'));
  });

  it('edits a card and reads it back; the image is optional and kept when left out', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    for (const [i, image] of [undefined, '', null].entries()) {
      const res = await admin.put(`/api/card/${card._id}`, {
        title: ` Edited ${i} `,
        description: 'New text',
        ...(image === undefined ? {} : { image }),
      });
      assert.equal(res.status, 200, String(image));
      assert.equal(res.body.data.title, `Edited ${i}`);
      assert.equal(res.body.data.image, card.image, 'image kept');
      assert.ok(res.body.data.updatedAt > card.updatedAt, 'updatedAt moves on');
      assert.equal(res.body.data.createdAt, card.createdAt);
    }
    const replacement = await uploadImage(admin);
    const res = await admin.put(`/api/card/${card._id}`, {
      title: 'With new image',
      description: 'New text',
      image: replacement,
    });
    assert.equal(res.status, 200);
    assert.equal(typeof res.body.message, 'string');
    const read = (await listOf(server(), 'product')).find((c) => c._id === card._id);
    assert.deepEqual(read, res.body.data);
    assert.equal(read?.imageUrl, `/uploads/${replacement}`);
  });

  it('replacing an image frees the old one, but not while another card still uses it', async () => {
    const admin = await server().admin();
    const [own, shared, next] = [await uploadImage(admin), await uploadImage(admin), await uploadImage(admin)];
    const a = await createCard(admin, 'product', { image: own });
    const b = await createCard(admin, 'portfolio', { image: shared });
    await createCard(admin, 'product', { image: shared });

    assert.equal((await admin.put(`/api/card/${a._id}`, { title: 'A', description: 'A', image: next })).status, 200);
    assert.equal(await imageKept(server(), own), true, 'kept while the history names it');
    await outliveRetention(server());
    assert.equal(await imageKept(server(), own), false, 'unused old image removed');
    assert.equal(await storedFile(server(), own.replace('.webp', '-320.webp')), undefined, 'its variants too');

    assert.equal((await admin.put(`/api/card/${b._id}`, { title: 'B', description: 'B', image: next })).status, 200);
    assert.equal(await imageKept(server(), shared), true, 'still used by the third card');
    assert.equal(await imageKept(server(), next), true);
  });

  it('deletes a card and frees its image when nothing else uses it', async () => {
    const admin = await server().admin();
    const shared = await uploadImage(admin);
    const lone = await createCard(admin, 'product');
    const one = await createCard(admin, 'product', { image: shared });
    const other = await createCard(admin, 'portfolio', { image: shared });

    const res = await admin.delete(`/api/card/${lone._id}`);
    assert.equal(res.status, 200);
    assert.equal(typeof res.body.message, 'string');
    assert.ok(!(await listOf(server(), 'product')).some((c) => c._id === lone._id));
    assert.equal((await server().anon().get(`/api/card/details?id=${lone._id}`)).status, 404);
    assert.equal(await imageKept(server(), lone.image), true, 'kept while the trash holds the card');
    await outliveRetention(server());
    assert.equal(await imageKept(server(), lone.image), false);

    assert.equal((await admin.delete(`/api/card/${one._id}`)).status, 200);
    assert.equal(await imageKept(server(), shared), true, 'still used by another card');
    assert.equal((await admin.delete(`/api/card/${other._id}`)).status, 200);
    await outliveRetention(server());
    assert.equal(await imageKept(server(), shared), false, 'freed with its last user');
    assert.equal((await admin.delete(`/api/card/${other._id}`)).status, 404, 'second delete');
  });

  it('validates title, description and image, naming the field', async () => {
    const admin = await server().admin();
    const image = await uploadImage(admin);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: '   ', description: 'd', image }, /title/],
      [{ title: 'x'.repeat(201), description: 'd', image }, /title/],
      [{ description: 'd', image }, /title/],
      [{ title: 't', description: '', image }, /description/],
      [{ title: 't', description: 'x'.repeat(5001), image }, /description/],
      [{ title: 't', description: 'd' }, /image/],
      [{ title: 't', description: 'd', image: 'never-uploaded.webp' }, /image.*upload/],
      [{ title: 't', description: 'd', image: `${'a'.repeat(32)}.webp` }, /image.*upload/],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/card/?type=product', body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.match(res.body.message, field);
    }
    const ok = await admin.post('/api/card/?type=product', {
      title: 'x'.repeat(200),
      description: 'x'.repeat(5000),
      image,
    });
    assert.equal(ok.status, 201, 'limits are inclusive');

    const card = ok.body.data as Card;
    const blank = await admin.put(`/api/card/${card._id}`, { title: ' ', description: 'd' });
    assert.equal(blank.status, 400);
    assert.match(blank.body.message, /title/);
    const unknownImage = await admin.put(`/api/card/${card._id}`, { title: 't', description: 'd', image: 'nope.webp' });
    assert.equal(unknownImage.status, 400);
    assert.match(unknownImage.body.message, /image/);
    const after = (await listOf(server(), 'product')).find((c) => c._id === card._id);
    assert.deepEqual(after, card, 'refused edits change nothing');
  });

  it('refuses every card write without a session', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const anon = server().anon();
    const body = { title: 't', description: 'd', image: card.image };
    assert.equal((await anon.post('/api/card/?type=product', body)).status, 401);
    assert.equal((await anon.put(`/api/card/${card._id}`, body)).status, 401);
    assert.equal((await anon.delete(`/api/card/${card._id}`)).status, 401);
    assert.deepEqual(
      (await listOf(server(), 'product')).find((c) => c._id === card._id),
      card,
      'unchanged',
    );
  });

  it('answers 404 for unknown or malformed ids', async () => {
    const admin = await server().admin();
    for (const id of [UNKNOWN_ID, 'not-an-id', "1' or '1'='1"]) {
      const path = `/api/card/${encodeURIComponent(id)}`;
      assert.equal((await admin.put(path, { title: 't', description: 'd' })).status, 404, id);
      assert.equal((await admin.delete(path)).status, 404, id);
    }
  });

  it('answers 409 to a stale If-Match or expectedUpdatedAt and accepts the current one', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'portfolio');
    const path = `/api/card/${card._id}`;
    const first = await admin.put(path, { title: 'First', description: 'd' }, { 'if-match': `"${card.updatedAt}"` });
    assert.equal(first.status, 200);
    const current: string = first.body.data.updatedAt;

    const staleHeader = await admin.put(path, { title: 'Stale', description: 'd' }, { 'if-match': card.updatedAt });
    assert.equal(staleHeader.status, 409);
    assert.match(staleHeader.body.message, /changed/);
    const staleBody = await admin.put(path, { title: 'Stale', description: 'd', expectedUpdatedAt: card.updatedAt });
    assert.equal(staleBody.status, 409);

    const fresh = await admin.put(path, { title: 'Second', description: 'd', expectedUpdatedAt: current });
    assert.equal(fresh.status, 200);
    assert.equal(fresh.body.data.title, 'Second');
    const unconditional = await admin.put(path, { title: 'Third', description: 'd' });
    assert.equal(unconditional.status, 200, 'writes without a version proceed');
    const read = (await listOf(server(), 'portfolio')).find((c) => c._id === card._id);
    assert.equal(read?.title, 'Third');
  });

  it('documents every card route in /api/docs, admin routes with the session scheme', async () => {
    const res = await server().anon().get('/api/docs');
    assert.equal(res.status, 200);
    const paths = res.body.paths as Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    const expected: [string, string, boolean][] = [
      ['/api/card/', 'get', false],
      ['/api/card/home-portfolio', 'get', false],
      ['/api/card/', 'post', true],
      ['/api/card/{id}', 'put', true],
      ['/api/card/{id}', 'delete', true],
      ['/api/card/details', 'get', false],
      ['/api/card/details', 'post', true],
      ['/api/card/details/{id}', 'put', true],
      ['/api/card/details/{id}', 'delete', true],
      ['/api/card/togggle-details/{id}', 'put', true],
      ['/api/card/upload', 'post', true],
    ];
    for (const [path, method, admin] of expected) {
      const op = paths[path]?.[method];
      assert.ok(op, `${method} ${path} documented`);
      assert.ok(op.tags?.includes('cards') || op.tags?.includes('uploads'), `${method} ${path} tagged`);
      assert.equal(Boolean(op.security?.length), admin, `${method} ${path} security`);
    }
  });
});
