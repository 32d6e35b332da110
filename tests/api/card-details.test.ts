import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Card, CardDetail } from '../../src/shared/schemas.ts';
import { createCard, createDetail, uploadImage } from '../helpers/factories.ts';
import { storedFile } from '../helpers/stored-images.ts';
import { outliveRetention } from '../helpers/retention.ts';
import { describeEachEngine, type TestServer } from '../helpers/server.ts';

const UNKNOWN_ID = '0190b3c4-0000-7000-8000-000000000000';
/** The contract's fields plus, additively, the English pair (answers without ?language carry both languages). */
const DETAIL_KEYS = [
  '_id',
  'cardId',
  'createdAt',
  'description',
  'descriptionEn',
  'image',
  'imageUrl',
  'title',
  'titleEn',
  'updatedAt',
];

async function readDetails(
  server: TestServer,
  cardId: string,
): Promise<{ cardWithImageUrl: Card; detailsWithImageUrl: CardDetail[] }> {
  const res = await server.anon().get(`/api/card/details?id=${cardId}`);
  assert.equal(res.status, 200);
  return res.body.data;
}

const onDisk = async (server: TestServer, name: string) => (await storedFile(server, name)) !== undefined;

describeEachEngine('card details API', (server) => {
  it('adds detail items and reads the card with its items publicly, in the order added', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const image = await uploadImage(admin);
    const res = await admin.post('/api/card/details', {
      title: ' Base plate ',
      description: ' Drilled ',
      image,
      id: card._id,
    });
    assert.equal(res.status, 201);
    assert.equal(typeof res.body.message, 'string');
    const first: CardDetail = res.body.data;
    assert.deepEqual(Object.keys(first).sort(), DETAIL_KEYS);
    assert.equal(first.title, 'Base plate');
    assert.equal(first.description, 'Drilled');
    assert.equal(first.cardId, card._id);
    assert.equal(first.imageUrl, `/uploads/${image}`);
    const second = await createDetail(admin, card._id);

    const data = await readDetails(server(), card._id);
    assert.deepEqual(data.cardWithImageUrl, card);
    assert.deepEqual(data.detailsWithImageUrl, [first, second]);
    const empty = await readDetails(server(), (await createCard(admin, 'product'))._id);
    assert.deepEqual(empty.detailsWithImageUrl, [], 'another card has none');
  });

  it('edits a detail item, keeping the image when left out and freeing a replaced one', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const detail = await createDetail(admin, card._id);
    const kept = await admin.put(`/api/card/details/${detail._id}`, { title: 'Renamed', description: 'New words' });
    assert.equal(kept.status, 200);
    assert.equal(kept.body.data.image, detail.image);
    assert.equal(kept.body.data.title, 'Renamed');
    assert.ok(kept.body.data.updatedAt > detail.updatedAt);

    const replacement = await uploadImage(admin);
    const replaced = await admin.put(`/api/card/details/${detail._id}`, {
      title: 'Renamed',
      description: 'New words',
      image: replacement,
    });
    assert.equal(replaced.status, 200);
    assert.equal(replaced.body.data.imageUrl, `/uploads/${replacement}`);
    assert.deepEqual((await readDetails(server(), card._id)).detailsWithImageUrl, [replaced.body.data]);
    assert.equal(await onDisk(server(), detail.image), true, 'old image kept while the history names it');
    await outliveRetention(server());
    assert.equal(await onDisk(server(), detail.image), false, 'old image freed once nothing names it');
    assert.equal(await onDisk(server(), replacement), true);
  });

  it('deletes a detail item and frees its image', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const gone = await createDetail(admin, card._id);
    const stays = await createDetail(admin, card._id, { image: card.image });
    const res = await admin.delete(`/api/card/details/${gone._id}`);
    assert.equal(res.status, 200);
    assert.equal(typeof res.body.message, 'string');
    assert.deepEqual((await readDetails(server(), card._id)).detailsWithImageUrl, [stays]);
    assert.equal(await onDisk(server(), gone.image), true, 'kept while the trash holds the item');
    await outliveRetention(server());
    assert.equal(await onDisk(server(), gone.image), false);
    assert.equal((await admin.delete(`/api/card/details/${stays._id}`)).status, 200);
    await outliveRetention(server());
    assert.equal(await onDisk(server(), card.image), true, 'image still used by the card itself');
    assert.equal((await admin.delete(`/api/card/details/${stays._id}`)).status, 404, 'second delete');
  });

  it('deleting a card deletes its detail items, their rows and their unused images', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const items = [await createDetail(admin, card._id), await createDetail(admin, card._id)];
    const other = await createCard(admin, 'portfolio');
    const sharedWithOther = await createDetail(admin, card._id, { image: other.image });

    assert.equal((await admin.delete(`/api/card/${card._id}`)).status, 200);
    const { db } = server().app.ctx;
    const left = await db.selectFrom('card_details').select('id').where('card_id', '=', card._id).execute();
    assert.deepEqual(left, []);
    await outliveRetention(server());
    for (const name of [card.image, ...items.map((d) => d.image)]) {
      assert.equal(await onDisk(server(), name), false, name);
      assert.equal(await server().app.ctx.images.find(db, name), undefined, `row of ${name}`);
    }
    assert.equal(await onDisk(server(), sharedWithOther.image), true, 'image the other card uses is kept');
    assert.equal((await admin.put(`/api/card/details/${items[0]!._id}`, { title: 't', description: 'd' })).status, 404);
  });

  it('toggle-details flips isDetailed and the flag reads back', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const on = await admin.put(`/api/card/togggle-details/${card._id}`);
    assert.equal(on.status, 200);
    assert.equal(typeof on.body.message, 'string');
    assert.equal(on.body.data.isDetailed, true);
    assert.equal(on.body.data._id, card._id);
    const listed = (await server().anon().get('/api/card?type=product')).body.data.find(
      (c: Card) => c._id === card._id,
    );
    assert.equal(listed.isDetailed, true);
    assert.equal((await readDetails(server(), card._id)).cardWithImageUrl.isDetailed, true);

    // Clients often label an empty body as JSON; that is still an empty body.
    const off = await admin.request('PUT', `/api/card/togggle-details/${card._id}`, undefined, {
      'content-type': 'application/json',
    });
    assert.equal(off.status, 200);
    assert.equal(off.body.data.isDetailed, false);
    const withBraces = await admin.put(`/api/card/togggle-details/${card._id}`, {});
    assert.equal(withBraces.body.data.isDetailed, true);
    assert.equal((await readDetails(server(), card._id)).cardWithImageUrl.isDetailed, true);
  });

  it('answers 409 to stale versions on detail edits and toggles', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const detail = await createDetail(admin, card._id);
    const path = `/api/card/details/${detail._id}`;
    const ok = await admin.put(path, { title: 'One', description: 'd', expectedUpdatedAt: detail.updatedAt });
    assert.equal(ok.status, 200);
    assert.equal(
      (await admin.put(path, { title: 'Two', description: 'd', expectedUpdatedAt: detail.updatedAt })).status,
      409,
    );
    assert.equal(
      (await admin.put(path, { title: 'Two', description: 'd' }, { 'if-match': detail.updatedAt })).status,
      409,
    );
    assert.equal(
      (await admin.put(path, { title: 'Two', description: 'd' }, { 'if-match': ok.body.data.updatedAt })).status,
      200,
    );

    const toggled = await admin.put(`/api/card/togggle-details/${card._id}`, undefined, { 'if-match': card.updatedAt });
    assert.equal(toggled.status, 200);
    const stale = await admin.put(`/api/card/togggle-details/${card._id}`, undefined, { 'if-match': card.updatedAt });
    assert.equal(stale.status, 409);
    assert.equal(
      (await readDetails(server(), card._id)).cardWithImageUrl.isDetailed,
      true,
      'refused toggle changed nothing',
    );
  });

  it('validates detail payloads, naming the field', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const image = await uploadImage(admin);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: 't', description: 'd', image }, /id/],
      [{ title: '  ', description: 'd', image, id: card._id }, /title/],
      [{ title: 'x'.repeat(201), description: 'd', image, id: card._id }, /title/],
      [{ title: 't', description: ' ', image, id: card._id }, /description/],
      [{ title: 't', description: 'd', id: card._id }, /image/],
      [{ title: 't', description: 'd', image: 'not-uploaded.webp', id: card._id }, /image.*upload/],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/card/details', body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.match(res.body.message, field);
    }
    const detail = await createDetail(admin, card._id);
    const bad = await admin.put(`/api/card/details/${detail._id}`, { title: 't', description: 'x'.repeat(5001) });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /description/);
    const noId = await server().anon().get('/api/card/details');
    assert.equal(noId.status, 400);
    assert.match(noId.body.message, /id/);
    assert.deepEqual((await readDetails(server(), card._id)).detailsWithImageUrl, [detail], 'nothing else was added');
  });

  it('answers 404 for unknown or malformed ids', async () => {
    const admin = await server().admin();
    const image = await uploadImage(admin);
    for (const id of [UNKNOWN_ID, 'not-an-id']) {
      assert.equal((await server().anon().get(`/api/card/details?id=${id}`)).status, 404, id);
      assert.equal(
        (await admin.post('/api/card/details', { title: 't', description: 'd', image, id })).status,
        404,
        id,
      );
      assert.equal((await admin.put(`/api/card/details/${id}`, { title: 't', description: 'd' })).status, 404, id);
      assert.equal((await admin.delete(`/api/card/details/${id}`)).status, 404, id);
      assert.equal((await admin.put(`/api/card/togggle-details/${id}`)).status, 404, id);
    }
  });

  it('refuses every detail write and the toggle without a session', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const detail = await createDetail(admin, card._id);
    const anon = server().anon();
    const body = { title: 't', description: 'd', image: card.image };
    assert.equal((await anon.post('/api/card/details', { ...body, id: card._id })).status, 401);
    assert.equal((await anon.put(`/api/card/details/${detail._id}`, body)).status, 401);
    assert.equal((await anon.delete(`/api/card/details/${detail._id}`)).status, 401);
    assert.equal((await anon.put(`/api/card/togggle-details/${card._id}`)).status, 401);
    const data = await readDetails(server(), card._id);
    assert.deepEqual(data, { cardWithImageUrl: card, detailsWithImageUrl: [detail] }, 'unchanged');
  });
});
