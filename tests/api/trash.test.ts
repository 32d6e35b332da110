import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { TrashItem } from '../../src/shared/history.ts';
import type { Card, CardDetail, Slide } from '../../src/shared/schemas.ts';
import { createCard, createDetail, uploadImage } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { imageFiles, outliveRetention } from '../helpers/retention.ts';
import { describeEachEngine, type TestServer } from '../helpers/server.ts';

/** Every delete moves the item to the trash; a restore puts it back exactly (issue 26, points 1 and 2). */

async function details(server: TestServer, id: string): Promise<{ status: number; card?: Card; items?: CardDetail[] }> {
  const res = await server.anon().get(`/api/card/details?id=${id}`);
  return res.status === 200
    ? { status: 200, card: res.body.data.cardWithImageUrl, items: res.body.data.detailsWithImageUrl }
    : { status: res.status };
}

async function trash(admin: HttpClient): Promise<TrashItem[]> {
  const res = await admin.get('/api/trash');
  assert.equal(res.status, 200);
  return res.body.data;
}

const slides = async (server: TestServer): Promise<Slide[]> => (await server.anon().get('/api/slider/')).body.data;

async function restore(admin: HttpClient, id: string): Promise<void> {
  const res = await admin.post(`/api/trash/${id}/restore`, {});
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.message, 'Restored');
}

describeEachEngine('trash', (server) => {
  it('keeps a deleted product with its detail items and images, and restores it exactly', async () => {
    const admin = await server().admin();
    const made = await createCard(admin, 'product');
    const english = await admin.put(`/api/card/${made._id}`, {
      title: made.title,
      description: made.description,
      titleEn: 'Spikes',
      descriptionEn: 'Steel spikes',
    });
    assert.equal(english.status, 200);
    assert.equal((await admin.put(`/api/card/togggle-details/${made._id}`)).status, 200);
    const items = [await createDetail(admin, made._id), await createDetail(admin, made._id)];
    const before = await details(server(), made._id);
    assert.equal(before.card?.isDetailed, true);
    const images = [before.card!.image, ...items.map((d) => d.image)];
    const files = await Promise.all(images.map((i) => imageFiles(server(), i)));

    const del = await admin.delete(`/api/card/${made._id}`);
    assert.deepEqual([del.status, del.body], [200, { message: 'Card deleted' }], 'the contract answer is unchanged');
    assert.equal((await details(server(), made._id)).status, 404, 'gone from every read at once');
    assert.ok(
      !((await server().anon().get('/api/card?type=product')).body.data as Card[]).some((c) => c._id === made._id),
    );
    const [entry] = (await trash(admin)).filter((t) => t.id === made._id);
    assert.ok(entry, 'in the trash');
    assert.deepEqual(
      [entry.kind, entry.title, entry.image, entry.items, entry.subtitle],
      ['card', made.title, made.image, 2, 'product'],
    );
    assert.equal(Date.parse(entry.expiresAt) - Date.parse(entry.deletedAt), 30 * 86_400_000, '30 days by default');
    for (const [i, image] of images.entries())
      assert.deepEqual(await imageFiles(server(), image), files[i], `${image} kept`);

    // The image sweep keeps what the trash holds, however old.
    await server()
      .app.ctx.db.updateTable('images')
      .set({ created_at: '2000-01-01T00:00:00.000Z' })
      .where('name', 'in', images)
      .execute();
    await server().app.ctx.images.sweepOrphans(server().app.ctx.db, new Date(Date.now() + 86_400_000));
    for (const [i, image] of images.entries())
      assert.deepEqual(await imageFiles(server(), image), files[i], `${image} survives the sweep`);

    await restore(admin, made._id);
    const after = await details(server(), made._id);
    assert.deepEqual(after.card, before.card, 'same id, fields, both languages, isDetailed, image');
    assert.deepEqual(after.items, before.items, 'the detail items with their ids and images');
    for (const [i, image] of images.entries())
      assert.deepEqual(await imageFiles(server(), image), files[i], `${image} byte for byte`);
    assert.equal((await server().anon().get(`/uploads/${made.image}`)).status, 200);
    assert.ok(!(await trash(admin)).some((t) => t.id === made._id), 'out of the trash');
    assert.equal((await admin.post(`/api/trash/${made._id}/restore`, {})).status, 404, 'restored once');
  });

  it('restores a portfolio entry and a detail item deleted on their own', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'portfolio');
    const item = await createDetail(admin, card._id);
    assert.deepEqual((await admin.delete(`/api/card/details/${item._id}`)).body, { message: 'Detail deleted' });
    assert.deepEqual((await details(server(), card._id)).items, []);
    const entry = (await trash(admin)).find((t) => t.id === item._id);
    assert.deepEqual([entry?.kind, entry?.subtitle], ['detail', card.title]);
    await restore(admin, item._id);
    assert.deepEqual((await details(server(), card._id)).items, [item]);

    assert.equal((await admin.delete(`/api/card/${card._id}`)).status, 200);
    await restore(admin, card._id);
    assert.deepEqual((await details(server(), card._id)).card, card);
    assert.ok(
      ((await server().anon().get('/api/card?type=portfolio')).body.data as Card[]).some((c) => c._id === card._id),
    );
  });

  it('refuses a detail item whose card is still in the trash (409), and takes it once the card is back', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const item = await createDetail(admin, card._id);
    assert.equal((await admin.delete(`/api/card/details/${item._id}`)).status, 200);
    assert.equal((await admin.delete(`/api/card/${card._id}`)).status, 200);
    const refused = await admin.post(`/api/trash/${item._id}/restore`, {});
    assert.equal(refused.status, 409);
    assert.match(refused.body.message, /restore the card first/);
    await restore(admin, card._id);
    await restore(admin, item._id);
    assert.deepEqual((await details(server(), card._id)).items, [item]);
  });

  it('puts a slide back in its old place, or last when that place is gone', async () => {
    const admin = await server().admin();
    const image = await uploadImage(admin);
    const ids: string[] = [];
    for (const title of ['one', 'two', 'three'])
      ids.push(
        (await admin.post('/api/slider/', { title, details: `${title} text`, image, titleEn: 'T', detailsEn: 'E' }))
          .body.data._id,
      );
    const all = await slides(server());
    const second = all.find((s) => s._id === ids[1])!;
    assert.deepEqual((await admin.delete(`/api/slider/${second._id}`)).body, { message: 'Slide deleted' });
    await restore(admin, second._id);
    assert.deepEqual(await slides(server()), all, 'same place, same fields');

    const last = all.at(-1)!;
    assert.equal((await admin.delete(`/api/slider/${last._id}`)).status, 200);
    assert.equal((await admin.delete(`/api/slider/${ids[0]}`)).status, 200);
    await restore(admin, last._id);
    const now = await slides(server());
    assert.equal(now.at(-1)?._id, last._id, 'its place no longer exists: last');
    assert.deepEqual(
      now.map((s) => s.position),
      now.map((_, i) => i),
      'gap-free',
    );
  });

  it('puts slides deleted one after another back in the order they had, whatever the order they are restored in', async () => {
    const admin = await server().admin();
    const image = await uploadImage(admin);
    for (const s of await slides(server())) assert.equal((await admin.delete(`/api/slider/${s._id}`)).status, 200);
    for (const s of await trash(admin)) assert.equal((await admin.delete(`/api/trash/${s.id}`)).status, 200);
    const ids: string[] = [];
    for (const title of ['A', 'B', 'C', 'D', 'E'])
      ids.push(
        (await admin.post('/api/slider/', { title, details: `${title} text`, image, titleEn: title, detailsEn: 'E' }))
          .body.data._id,
      );
    const titles = async () => (await slides(server())).map((s) => s.title).join('');
    assert.equal(await titles(), 'ABCDE');
    const byTitle = Object.fromEntries(ids.map((id, i) => [['A', 'B', 'C', 'D', 'E'][i]!, id]));
    // The first three deleted, then each order of restoring them; then the last three.
    const runs: [string, string][] = [
      ['ABC', 'CBA'],
      ['ABC', 'BCA'],
      ['ABC', 'CAB'],
      ['ABC', 'ACB'],
      ['ABC', 'BAC'],
      ['ABC', 'ABC'],
      ['CDE', 'DCE'],
      ['CDE', 'EDC'],
      ['BDA', 'DAB'],
    ];
    for (const [deleted, restored] of runs) {
      for (const t of deleted) assert.equal((await admin.delete(`/api/slider/${byTitle[t]}`)).status, 200);
      for (const t of restored) await restore(admin, byTitle[t]!);
      assert.equal(await titles(), 'ABCDE', `deleted ${deleted}, restored ${restored}`);
    }
    const now = await slides(server());
    assert.deepEqual(
      now.map((s) => s.position),
      now.map((_, i) => i),
      'gap-free',
    );
  });

  it('restores a keyword, and refuses it (409) when the same word was added again meanwhile', async () => {
    const admin = await server().admin();
    const word = `restorable ${Math.random().toString(36).slice(2, 8)}`;
    const added = (await admin.post('/api/word/', { word })).body.data;
    assert.deepEqual((await admin.delete(`/api/word/${added._id}`)).body, { message: 'Keyword deleted' });
    assert.deepEqual((await trash(admin)).find((t) => t.id === added._id)?.kind, 'word');
    await restore(admin, added._id);
    assert.ok(
      ((await server().anon().get('/api/word/')).body.data as { _id: string; word: string }[]).some(
        (w) => w._id === added._id && w.word === word,
      ),
    );

    assert.equal((await admin.delete(`/api/word/${added._id}`)).status, 200);
    assert.equal((await admin.post('/api/word/', { word })).status, 201);
    const taken = await admin.post(`/api/trash/${added._id}/restore`, {});
    assert.deepEqual([taken.status, taken.body.message], [409, 'An item with the same keyword exists already.']);
  });

  it('frees the images once the trash is emptied: delete forever, or the trash running out', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const item = await createDetail(admin, card._id);
    assert.equal((await admin.delete(`/api/card/${card._id}`)).status, 200);
    assert.equal((await server().anon().delete(`/api/trash/${card._id}`)).status, 401);
    const forever = await admin.delete(`/api/trash/${card._id}`);
    assert.deepEqual([forever.status, forever.body], [200, { message: 'Deleted forever' }]);
    for (const image of [card.image, item.image])
      assert.deepEqual(await imageFiles(server(), image), {}, `${image} freed`);
    assert.equal((await server().anon().get(`/uploads/${card.image}`)).status, 404);
    assert.equal((await admin.post(`/api/trash/${card._id}/restore`, {})).status, 404);

    const slideImage = await uploadImage(admin);
    const slide = (await admin.post('/api/slider/', { title: 'short-lived', details: 'text', image: slideImage })).body
      .data as Slide;
    assert.equal((await admin.delete(`/api/slider/${slide._id}`)).status, 200);
    assert.notDeepEqual(await imageFiles(server(), slideImage), {});
    await outliveRetention(server());
    assert.ok(!(await trash(admin)).some((t) => t.id === slide._id), 'out of the trash after TRASH_DAYS');
    assert.deepEqual(await imageFiles(server(), slideImage), {}, 'its image freed');
  });

  it('is for the signed-in admin only', async () => {
    const anon = server().anon();
    assert.equal((await anon.get('/api/trash')).status, 401);
    assert.equal((await anon.post('/api/trash/x/restore', {})).status, 401);
  });
});
