import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { HistoryEntry } from '../../src/shared/history.ts';
import type { Card, CardDetail, Contact, Slide } from '../../src/shared/schemas.ts';
import { pruneHistory } from '../../src/server/features/history/history-repository.ts';
import { createCard, createDetail, uploadImage } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { imageFiles } from '../helpers/retention.ts';
import { ADMIN_EMAIL, describeEachEngine, type TestServer } from '../helpers/server.ts';

/** Every change keeps the version it replaced; restoring one is a change like any other (issue 26, points 4 and 5). */

type Listed = HistoryEntry & { current: string | null };

async function historyOf(admin: HttpClient, item: string): Promise<Listed[]> {
  const res = await admin.get(`/api/history?item=${encodeURIComponent(item)}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

async function restore(
  admin: HttpClient,
  entry: Listed,
  expected = entry.current ?? undefined,
): Promise<string | null> {
  const res = await admin.post(
    `/api/history/${entry.id}/restore`,
    expected === undefined ? {} : { expectedUpdatedAt: expected },
  );
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.message, 'Version restored');
  return res.body.data.historyId;
}

const cardOf = async (server: TestServer, id: string): Promise<Card> =>
  (await server.anon().get(`/api/card/details?id=${id}`)).body.data.cardWithImageUrl;

describeEachEngine('history', (server) => {
  it('keeps the version an edit replaced and restores it field by field and image by image', async () => {
    const admin = await server().admin();
    const original = await createCard(admin, 'product');
    const files = await imageFiles(server(), original.image);
    const next = await uploadImage(admin);
    const edited = await admin.put(`/api/card/${original._id}`, {
      title: 'Edited',
      description: 'Changed',
      titleEn: 'Edited',
      descriptionEn: 'Changed',
      image: next,
    });
    assert.equal(edited.status, 200);

    const [entry, ...older] = await historyOf(admin, original._id);
    assert.equal(older.length, 0);
    assert.deepEqual(
      [entry!.kind, entry!.changedBy, entry!.title, entry!.current],
      ['card', ADMIN_EMAIL, 'Edited', edited.body.data.updatedAt],
    );
    // The card's first English title gives it its English address (decision 035); its Arabic one stays.
    assert.deepEqual(entry!.fields.sort(), ['description', 'descriptionEn', 'image', 'slugEn', 'title', 'titleEn']);
    assert.deepEqual(
      [entry!.before?.title, entry!.before?.image, entry!.after?.title, entry!.after?.image],
      [original.title, original.image, 'Edited', next],
    );
    assert.deepEqual(
      await imageFiles(server(), original.image),
      files,
      'the replaced image is kept while the history names it',
    );
    assert.equal((await server().anon().get('/api/history')).status, 401);

    const undoId = await restore(admin, entry!);
    const back = await cardOf(server(), original._id);
    const { updatedAt: _a, ...restored } = back;
    const { updatedAt: _b, ...was } = original;
    assert.deepEqual(restored, was, 'every field as it was, in both languages');
    assert.ok(back.updatedAt > edited.body.data.updatedAt, 'a restore is a change: a new version');
    assert.deepEqual(await imageFiles(server(), back.image), files, 'the same image, byte for byte');
    const listed = ((await server().anon().get('/api/card?type=product')).body.data as Card[]).find(
      (c) => c._id === original._id,
    );
    assert.equal(listed?.title, original.title, 'the public read shows it at once');

    // The restore is in the history too, and restoring it undoes it.
    const [restoreEntry] = await historyOf(admin, original._id);
    assert.equal(restoreEntry!.id, undoId);
    await restore(admin, restoreEntry!);
    assert.equal((await cardOf(server(), original._id)).title, 'Edited');
  });

  it('answers 409 to a restore against a stale version, and changes nothing', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'portfolio');
    const first = await admin.put(`/api/card/${card._id}`, { title: 'First', description: 'd' });
    const [entry] = await historyOf(admin, card._id);
    assert.equal((await admin.put(`/api/card/${card._id}`, { title: 'Second', description: 'd' })).status, 200);
    const stale = await admin.post(`/api/history/${entry!.id}/restore`, {
      expectedUpdatedAt: first.body.data.updatedAt,
    });
    assert.equal(stale.status, 409);
    assert.match(stale.body.message, /changed by someone else/);
    const byHeader = await admin.post(
      `/api/history/${entry!.id}/restore`,
      {},
      { 'if-match': first.body.data.updatedAt },
    );
    assert.equal(byHeader.status, 409);
    assert.equal((await cardOf(server(), card._id)).title, 'Second');
    assert.equal((await admin.post('/api/history/0190b3c4-0000-7000-8000-000000000000/restore', {})).status, 404);
  });

  it('restores detail items, slides and the isDetailed switch', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const item = await createDetail(admin, card._id);
    assert.equal(
      (
        await admin.put(`/api/card/details/${item._id}`, {
          title: 'Renamed',
          description: 'x',
          image: await uploadImage(admin),
        })
      ).status,
      200,
    );
    await restore(admin, (await historyOf(admin, item._id))[0]!);
    const items = (await server().anon().get(`/api/card/details?id=${card._id}`)).body.data
      .detailsWithImageUrl as CardDetail[];
    assert.deepEqual(
      items.map(({ updatedAt: _u, ...rest }) => rest),
      [item].map(({ updatedAt: _u, ...rest }) => rest),
    );

    assert.equal((await admin.put(`/api/card/togggle-details/${card._id}`)).status, 200);
    const [toggled] = await historyOf(admin, card._id);
    assert.deepEqual(toggled!.fields, ['isDetailed']);
    await restore(admin, toggled!);
    assert.equal((await cardOf(server(), card._id)).isDetailed, false);

    const image = await uploadImage(admin);
    const slide = (
      await admin.post('/api/slider/', { title: 'شريحة', details: 'نص', image, titleEn: 'Slide', detailsEn: 'Text' })
    ).body.data as Slide;
    assert.equal(
      (
        await admin.put(`/api/slider/${slide._id}`, {
          title: 'أخرى',
          details: 'نص آخر',
          titleEn: '',
          detailsEn: '',
          image: await uploadImage(admin),
        })
      ).status,
      200,
    );
    await restore(admin, (await historyOf(admin, slide._id))[0]!);
    const now = ((await server().anon().get('/api/slider/')).body.data as Slide[]).find((s) => s._id === slide._id)!;
    assert.deepEqual({ ...now, updatedAt: '' }, { ...slide, updatedAt: '' });
  });

  it('keeps a slide move as its place in the order, and restoring it puts the slide back there', async () => {
    const admin = await server().admin();
    const add = async (title: string) =>
      (await admin.post('/api/slider/', { title, details: 'نص', image: await uploadImage(admin) })).body.data as Slide;
    const mine = [await add('أولى'), await add('ثانية'), await add('ثالثة')];
    const order = async () =>
      ((await server().anon().get('/api/slider/')).body.data as Slide[])
        .map((s) => s._id)
        .filter((id) => mine.some((m) => m._id === id));
    const placeOf = async (id: string) =>
      ((await server().anon().get('/api/slider/')).body.data as Slide[]).findIndex((s) => s._id === id) + 1;
    const third = mine[2]!;
    const was = await placeOf(third._id);
    // `down` is one place earlier (the contract's inverted directions), twice.
    assert.equal((await admin.put(`/api/slider/down/${third._id}`)).status, 200);
    assert.equal((await admin.put(`/api/slider/down/${third._id}`)).status, 200);
    assert.deepEqual(await order(), [third._id, mine[0]!._id, mine[1]!._id]);
    const [second, first] = await historyOf(admin, third._id);
    assert.deepEqual(
      [first!.fields, first!.before, first!.after, first!.changedBy],
      [['place'], { place: was }, { place: was - 1 }, ADMIN_EMAIL],
    );
    assert.deepEqual([second!.before, second!.after], [{ place: was - 1 }, { place: was - 2 }]);
    // A move at either end changes nothing and keeps nothing.
    const before = (await historyOf(admin, mine[2]!._id)).length;
    const atStart = (await server().anon().get('/api/slider/')).body.data[0] as Slide;
    assert.equal((await admin.put(`/api/slider/down/${atStart._id}`)).status, 200);
    assert.equal((await historyOf(admin, mine[2]!._id)).length, before);

    // Back to where it was before both moves, the two others closing up behind it.
    const undo = await restore(admin, first!);
    assert.equal(await placeOf(third._id), was);
    assert.deepEqual(
      await order(),
      mine.map((m) => m._id),
    );
    const positions = ((await server().anon().get('/api/slider/')).body.data as Slide[]).map((s) => s.position);
    assert.deepEqual(
      positions,
      positions.map((_, i) => i),
      'positions unique and gap-free',
    );
    // The restore is a change too: restoring it moves the slide again.
    const [entry] = await historyOf(admin, third._id);
    assert.equal(entry!.id, undo);
    assert.deepEqual([entry!.before, entry!.after], [{ place: was - 2 }, { place: was }]);
    await restore(admin, entry!);
    assert.equal(await placeOf(third._id), was - 2);
    // Deleted since: the move's restore brings it back from the trash first, then to its place.
    assert.equal((await admin.delete(`/api/slider/${third._id}`)).status, 200);
    await restore(admin, first!);
    assert.equal(await placeOf(third._id), was);
  });

  it('brings a deleted item back from its deletion entry, and deletes an added keyword again', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    assert.equal((await admin.delete(`/api/card/${card._id}`)).status, 200);
    const [deletion] = await historyOf(admin, card._id);
    assert.deepEqual([deletion!.after, deletion!.current], [null, null]);
    await restore(admin, deletion!);
    assert.deepEqual(await cardOf(server(), card._id), card);

    const word = `history ${Math.random().toString(36).slice(2, 8)}`;
    const added = (await admin.post('/api/word/', { word })).body.data as { _id: string };
    const [addition] = await historyOf(admin, added._id);
    assert.equal(addition!.before, null);
    await restore(admin, addition!);
    assert.ok(
      !((await server().anon().get('/api/word/')).body.data as { _id: string }[]).some((w) => w._id === added._id),
    );
  });

  it('keeps and restores the about texts per language, the contact details and the phone', async () => {
    const admin = await server().admin();
    const texts = (p: string) => ({
      title: `${p} 1`,
      description: `${p} d1`,
      title2: `${p} 2`,
      description2: `${p} d2`,
      title3: `${p} 3`,
      description3: `${p} d3`,
    });
    assert.equal((await admin.post('/api/aboutus/', { ...texts('أولى'), language: 'ar' })).status, 200);
    assert.equal((await admin.post('/api/aboutus/', { ...texts('First'), language: 'en' })).status, 200);
    assert.equal((await admin.post('/api/aboutus/', { ...texts('Second'), language: 'en' })).status, 200);
    const [en] = await historyOf(admin, 'en');
    assert.equal(en!.kind, 'about');
    await restore(admin, en!);
    const read = (await server().anon().get('/api/aboutus?language=en')).body.data;
    assert.deepEqual({ ...read, updatedAt: '' }, { ...texts('First'), language: 'en', updatedAt: '' });
    assert.equal(
      (await server().anon().get('/api/aboutus?language=ar')).body.data.title,
      'أولى 1',
      'the other language is untouched',
    );

    const contact: Contact = (await admin.get('/api/contact')).body.data;
    const { updatedAt, ...fields } = contact;
    const saved = await admin.put('/api/contact', {
      ...fields,
      email: 'changed@example.com',
      citiesEn: ['Riyadh'],
      expectedUpdatedAt: updatedAt,
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const [contactEntry] = await historyOf(admin, 'contact');
    assert.deepEqual(
      contactEntry!.fields.sort(),
      ['citiesEn', 'email']
        .filter((f) => JSON.stringify(contact[f as keyof Contact]) !== JSON.stringify(saved.body.data[f]))
        .sort(),
    );
    await restore(admin, contactEntry!);
    const { updatedAt: _u, ...now } = (await admin.get('/api/contact')).body.data as Contact;
    assert.deepEqual(now, fields);

    const phoneBefore = (await admin.get('/api/auth/phone')).body.data as string;
    assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '+966 500 000 111' })).status, 200);
    const [phoneEntry] = await historyOf(admin, 'phone');
    assert.deepEqual(
      [phoneEntry!.before?.phone, phoneEntry!.after?.phone],
      [phoneBefore, '+966500000111'],
      'kept as stored: in international form',
    );
    // The row holds the number as plain text, as every version of the site has stored it.
    const phoneRow = async () =>
      (await server().app.ctx.db.selectFrom('settings').select('value').where('key', '=', 'phone').executeTakeFirst())
        ?.value;
    assert.equal(await phoneRow(), '+966500000111');
    await restore(admin, phoneEntry!);
    assert.equal((await server().anon().get('/api/auth/phone')).body.data, phoneBefore);
    assert.equal(await phoneRow(), phoneBefore === '' ? undefined : phoneBefore, 'no number, no row');
  });

  it('answers each of phone saves made at once, the last winning as before, each kept in the History', async () => {
    const admin = await server().admin();
    const numbers = ['+966500000301', '+966500000302', '+966500000303', '+966500000304'];
    const answers = await Promise.all(
      numbers.map((phoneNumber) => admin.put('/api/auth/change-phone', { phoneNumber })),
    );
    assert.deepEqual(
      answers.map((a) => [a.status, a.body.message]),
      numbers.map(() => [200, 'Phone number updated']),
    );
    const now = (await server().anon().get('/api/auth/phone?race=1')).body.data as string;
    assert.ok(numbers.includes(now), now);
    // One entry a save, each replacing the number the one before it stored.
    const entries = (await historyOf(admin, 'phone')).slice(0, numbers.length);
    assert.equal(entries[0]!.after?.phone, now);
    assert.deepEqual(entries.map((e) => e.after?.phone).sort(), numbers);
    for (let i = 0; i < entries.length - 1; i++) assert.equal(entries[i]!.before?.phone, entries[i + 1]!.after?.phone);
  });

  it('keeps the newest versions of each item and every young one, and prunes the rest', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    for (const title of ['v1', 'v2', 'v3', 'v4'])
      assert.equal((await admin.put(`/api/card/${card._id}`, { title, description: 'd' })).status, 200);
    const { db } = server().app.ctx;
    const all = await historyOf(admin, card._id);
    // The two oldest are made old; of the four, the newest two are kept by count, the young by age.
    await db
      .updateTable('history')
      .set({ created_at: '2001-01-01T00:00:00.000Z' })
      .where(
        'id',
        'in',
        all.slice(1).map((e) => e.id),
      )
      .execute();
    await pruneHistory(db, new Date(Date.now() - 90 * 86_400_000), 2);
    const left = await historyOf(admin, card._id);
    assert.deepEqual(
      left.map((e) => e.after?.title),
      ['v4', 'v3'],
      'v4 is young; v3 is among the 2 newest; v2 and v1 are old and beyond them',
    );
  });
});

/** HISTORY_VERSIONS is a bound from the write on, for every kind of item (issue 30: 500 contact saves were all kept). */
describeEachEngine(
  'history versions bound',
  (server) => {
    it('keeps at most HISTORY_VERSIONS versions of each item of every kind, the newest', async () => {
      const admin = await server().admin();
      const card = await createCard(admin, 'product');
      const item = await createDetail(admin, card._id);
      const slide = (
        await admin.post('/api/slider/', {
          title: 'شريحة',
          details: 'نص',
          image: await uploadImage(admin),
          titleEn: 'Slide',
          detailsEn: 'Text',
        })
      ).body.data as Slide;
      const about = (n: number) => ({
        title: `t${n}`,
        description: 'd',
        title2: '',
        description2: '',
        title3: '',
        description3: '',
        language: 'en',
      });
      const saves: [string, (n: number) => Promise<{ status: number; body: unknown }>][] = [
        [card._id, (n) => admin.put(`/api/card/${card._id}`, { title: `card ${n}`, description: 'd' })],
        [item._id, (n) => admin.put(`/api/card/details/${item._id}`, { title: `item ${n}`, description: 'd' })],
        [
          slide._id,
          (n) =>
            admin.put(`/api/slider/${slide._id}`, { title: `slide ${n}`, details: 'd', titleEn: '', detailsEn: '' }),
        ],
        ['en', (n) => admin.post('/api/aboutus/', about(n))],
        [
          'contact',
          async (n) => {
            const { updatedAt, ...fields } = (await admin.get('/api/contact')).body.data as Contact;
            return admin.put('/api/contact', {
              ...fields,
              email: `owner${n}@example.com`,
              expectedUpdatedAt: updatedAt,
            });
          },
        ],
        ['phone', (n) => admin.put('/api/auth/change-phone', { phoneNumber: `+966 500 000 ${String(100 + n)}` })],
        [
          'proof',
          (n) =>
            admin.put('/api/proof', {
              yearsInBusiness: n + 1,
              jobsDone: null,
              citiesServed: null,
              guaranteeAr: '',
              guaranteeEn: '',
              crNumber: '',
              vatNumber: '',
              quotes: [],
            }),
        ],
        [
          'seo',
          (n) => admin.put('/api/seo', { titleAr: `عنوان ${n}`, titleEn: '', descriptionAr: '', descriptionEn: '' }),
        ],
      ];
      const { db } = server().app.ctx;
      for (const [itemId, save] of saves) {
        for (let n = 0; n < 7; n++) {
          const res = await save(n);
          assert.equal(res.status, 200, `${itemId} save ${n}: ${JSON.stringify(res.body)}`);
        }
        const rows = await db
          .selectFrom('history')
          .select(['id', 'after'])
          .where('item_id', '=', itemId)
          .orderBy('id', 'desc')
          .execute();
        assert.equal(rows.length, 3, `${itemId}: ${rows.length} versions kept`);
        const newest = (await historyOf(admin, itemId))[0]!;
        assert.equal(rows[0]!.id, newest.id, `${itemId}: the newest is kept`);
      }
    });
  },
  { HISTORY_VERSIONS: '3' },
);
