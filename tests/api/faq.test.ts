import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { City, Faq, FaqInput } from '../../src/shared/schemas.ts';
import { LIMITS } from '../../src/shared/limits.ts';
import { createCard, uploadImage } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { describeEachEngine } from '../helpers/server.ts';

const GUARANTEE: FaqInput = {
  questionAr: ' ما الضمان؟ ',
  answerAr: 'ضمان مكتوب.\n\n\n  يصل إلى خمس سنوات.  ',
  questionEn: 'What guarantee do you give?',
  answerEn: 'A written guarantee.',
  cityId: null,
  cardId: null,
  enabled: true,
};

async function added(admin: HttpClient, body: object): Promise<Faq> {
  const res = await admin.post('/api/faq', body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data;
}

const fieldsOf = (body: { errors?: { field: string }[] }) =>
  (body.errors ?? []).map((e) => e.field.split('.')[0]).sort();

/** Questions and answers (issue 34 point 4, decision 036). */
describeEachEngine('questions and answers API', (server) => {
  it("is the admin's alone: a stranger can neither read the questions nor write them", async () => {
    const anon = server().anon();
    assert.equal((await anon.get('/api/faq')).status, 401);
    assert.equal((await anon.post('/api/faq', GUARANTEE)).status, 401);
    assert.equal((await anon.put('/api/faq/x', GUARANTEE)).status, 401);
    assert.equal((await anon.put('/api/faq/order', { ids: [] })).status, 401);
    assert.equal((await anon.delete('/api/faq/x')).status, 401);
  });

  it('adds, saves, orders and deletes questions, tidy, in order, tied to a city or a product', async () => {
    const admin = await server().admin();
    const check = async () =>
      ((await admin.get('/api/checklist')).body.data as { key: string; done: boolean }[]).find((c) => c.key === 'faq');
    assert.deepEqual(await check(), { key: 'faq', done: false, count: 1 }, 'the checklist asks for questions');
    const first = await added(admin, GUARANTEE);
    assert.equal((await check())?.done, true);
    assert.equal(first.questionAr, 'ما الضمان؟');
    assert.equal(first.answerAr, 'ضمان مكتوب.\n\nيصل إلى خمس سنوات.', 'paragraphs kept, blank lines made one');
    assert.equal(first.position, 0);
    assert.equal(first.cityId, null);

    const cityRes = await admin.post('/api/cities', {
      nameAr: 'الرياض',
      nameEn: 'Riyadh',
      introAr: 'نص',
      introEn: '',
      areasAr: '',
      areasEn: '',
      phone: '',
      whatsapp: '',
      enabled: true,
    });
    const city = cityRes.body.data as City;
    const product = await createCard(admin, 'product', { image: await uploadImage(admin) });
    const ofCity = await added(admin, { ...GUARANTEE, questionAr: 'هل تغطون كل الرياض؟', cityId: city._id });
    const ofProduct = await added(admin, { ...GUARANTEE, questionAr: 'هل يصدأ؟', cardId: product._id });
    assert.equal(ofCity.position, 1);
    assert.equal(ofProduct.cardId, product._id);

    // A save with the version read; a stale one is refused.
    const saved = await admin.put(`/api/faq/${first._id}`, {
      ...GUARANTEE,
      questionAr: 'ما مدة الضمان؟',
      enabled: false,
      expectedUpdatedAt: first.updatedAt,
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.data.questionAr, 'ما مدة الضمان؟');
    assert.equal(saved.body.data.enabled, false);
    assert.equal(
      (await admin.put(`/api/faq/${first._id}`, { ...GUARANTEE, expectedUpdatedAt: first.updatedAt })).status,
      409,
    );

    // The order: every id once; a partial or unknown list is refused.
    const order = [ofProduct._id, first._id, ofCity._id];
    const reordered = await admin.put('/api/faq/order', { ids: order });
    assert.equal(reordered.status, 200, JSON.stringify(reordered.body));
    assert.equal(reordered.body.message, 'Questions reordered');
    assert.deepEqual(
      reordered.body.data.map((f: Faq) => f._id),
      order,
    );
    assert.deepEqual(
      (await admin.get('/api/faq')).body.data.map((f: Faq) => f._id),
      order,
    );
    assert.equal((await admin.put('/api/faq/order', { ids: [first._id] })).status, 400);
    assert.equal((await admin.put('/api/faq/order', { ids: [...order.slice(1), 'nope'] })).status, 400);

    // Deleted: gone from the list, into the Trash; a second delete is 404.
    const deleted = await admin.delete(`/api/faq/${ofCity._id}`);
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.message, 'Question moved to the Trash');
    assert.equal((await admin.delete(`/api/faq/${ofCity._id}`)).status, 404);
    assert.deepEqual(
      (await admin.get('/api/faq')).body.data.map((f: Faq) => f._id),
      [ofProduct._id, first._id],
    );
  });

  it('refuses bad input naming every field at once, never a 500, and stores nothing', async () => {
    const admin = await server().admin();
    const before = (await admin.get('/api/faq')).body.data.length;
    const project = await createCard(admin, 'portfolio', { image: await uploadImage(admin) });
    const refused = async (body: object, fields: string[]) => {
      const res = await admin.post('/api/faq', { ...GUARANTEE, ...body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(fieldsOf(res.body), fields, JSON.stringify(res.body));
    };
    await refused({ questionAr: '\u200b  ' }, ['questionAr']);
    await refused({ questionAr: 'س'.repeat(LIMITS.faqQuestion + 1) }, ['questionAr']);
    await refused({ answerEn: 'x'.repeat(LIMITS.faqAnswer + 1) }, ['answerEn']);
    await refused({ questionEn: 'Half written', answerEn: '' }, ['answerEn']);
    await refused({ questionEn: '', answerEn: 'An answer without its question' }, ['questionEn']);
    await refused({ cityId: 'no-such-city' }, ['cityId']);
    await refused({ cardId: 'no-such-card' }, ['cardId']);
    // A project is not a product: its page shows no questions.
    await refused({ cardId: project._id }, ['cardId']);
    await refused({ cityId: 'x'.repeat(65) }, ['cityId']);
    await refused({ enabled: 'yes' }, ['enabled']);
    await refused({ questionAr: '', answerAr: '', cityId: 'nope', cardId: 'nope' }, ['answerAr', 'questionAr']);
    for (const [body, field] of [
      [{ questionAr: 'ما\u0000الضمان؟' }, 'questionAr'],
      [{ answerEn: 'Five\u001b years' }, 'answerEn'],
    ] as const) {
      const res = await admin.post('/api/faq', { ...GUARANTEE, ...body });
      assert.equal(res.status, 400);
      assert.match(res.body.message, new RegExp(`^${field} must not contain control characters`));
    }
    assert.equal((await admin.put('/api/faq/unknown', GUARANTEE)).status, 404);
    assert.equal((await admin.put('/api/faq/%00', GUARANTEE)).status, 400);
    assert.equal((await admin.get('/api/faq')).body.data.length, before, 'nothing stored');
  });

  it(`holds at most ${LIMITS.faqs} questions`, async () => {
    const admin = await server().admin();
    const have = (await admin.get('/api/faq')).body.data.length;
    for (let i = have; i < LIMITS.faqs; i++) await added(admin, { ...GUARANTEE, questionAr: `سؤال ${i}` });
    const res = await admin.post('/api/faq', GUARANTEE);
    assert.equal(res.status, 400);
    assert.match(res.body.message, new RegExp(`at most ${LIMITS.faqs}`));
    assert.equal((await admin.get('/api/faq')).body.data.length, LIMITS.faqs);
  });

  it('keeps every change in the History and a deleted question in the Trash, both restorable as they were', async () => {
    const admin = await server().admin();
    for (const f of (await admin.get('/api/faq')).body.data as Faq[])
      assert.equal((await admin.delete(`/api/faq/${f._id}`)).status, 200);
    const city = (
      await admin.post('/api/cities', {
        nameAr: 'جدة',
        nameEn: 'Jeddah',
        introAr: 'نص',
        introEn: '',
        areasAr: '',
        areasEn: '',
        phone: '',
        whatsapp: '',
        enabled: true,
      })
    ).body.data as City;
    const first = await added(admin, GUARANTEE);
    const tied = await added(admin, { ...GUARANTEE, questionAr: 'هل تغطون جدة؟', cityId: city._id });
    const edited = await admin.put(`/api/faq/${tied._id}`, {
      ...GUARANTEE,
      questionAr: 'هل تغطون كل جدة؟',
      cityId: city._id,
      enabled: false,
    });
    assert.equal(edited.status, 200);

    // The History: the addition and the edit, newest first, with what changed.
    const history = (await admin.get(`/api/history?item=${tied._id}`)).body.data as {
      id: string;
      kind: string;
      fields: string[];
      before: Record<string, unknown> | null;
      current: string | null;
    }[];
    assert.deepEqual(
      history.map((h) => h.kind),
      ['faq', 'faq'],
    );
    assert.deepEqual(history[0]!.fields.sort(), ['enabled', 'questionAr']);
    assert.equal(history[1]!.before, null, 'the addition');

    // Restoring the version the edit replaced: the old words and on again, the tie and place kept.
    const back = await admin.post(`/api/history/${history[0]!.id}/restore`, {
      expectedUpdatedAt: edited.body.data.updatedAt,
    });
    assert.equal(back.status, 200, JSON.stringify(back.body));
    let list = (await admin.get('/api/faq')).body.data as Faq[];
    const restored = list.find((f) => f._id === tied._id)!;
    assert.equal(restored.questionAr, 'هل تغطون جدة؟');
    assert.equal(restored.enabled, true);
    assert.equal(restored.cityId, city._id);
    assert.equal(restored.position, 1);

    // Deleted: in the Trash as a question; restored under its id, in its place, tied to its city.
    assert.equal((await admin.delete(`/api/faq/${tied._id}`)).status, 200);
    const trash = (await admin.get('/api/trash')).body.data as { id: string; kind: string; title: string }[];
    assert.deepEqual(
      trash.filter((t) => t.id === tied._id).map((t) => [t.kind, t.title]),
      [['faq', 'هل تغطون جدة؟']],
    );
    assert.equal((await admin.post(`/api/trash/${tied._id}/restore`, {})).status, 200);
    list = (await admin.get('/api/faq')).body.data as Faq[];
    assert.deepEqual(
      list.map((f) => f._id),
      [first._id, tied._id],
    );
    assert.equal(list[1]!.cityId, city._id);
    const page = await (await fetch(`${server().url}/cities/jeddah`)).text();
    assert.ok(page.includes('هل تغطون جدة؟'), "back on the city's page");

    // Undoing the addition from the History deletes it again (to the Trash); deleted forever, its History goes.
    const added_ = (
      (await admin.get(`/api/history?item=${first._id}`)).body.data as { id: string; before: unknown }[]
    ).find((h) => h.before === null)!;
    assert.equal((await admin.post(`/api/history/${added_.id}/restore`, {})).status, 200);
    assert.ok(!((await admin.get('/api/faq')).body.data as Faq[]).some((f) => f._id === first._id));
    assert.equal((await admin.delete(`/api/trash/${first._id}`)).status, 200);
    assert.deepEqual((await admin.get(`/api/history?item=${first._id}`)).body.data, []);
  });
});
