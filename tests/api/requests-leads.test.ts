import assert from 'node:assert/strict';
import { beforeEach, it } from 'node:test';
import { dayIn } from '../../src/server/features/leads/classify.ts';
import { DESKTOP_UA, PHONE_UA } from '../helpers/beacon.ts';
import { createCard } from '../helpers/factories.ts';
import { forgetRequestSenders, requestForm, solvedProof } from '../helpers/requests.ts';
import { describeEachEngine, type TestServer } from '../helpers/server.ts';

// Reads the pages of dist/: run `npm run build` first.

/** The CSV's columns before requests were counted, in their order: a spreadsheet reading by position keeps working. */
const OLD_HEADER = 'day,page,language,device,source,views,visitors,calls,whatsapp,emails,title,page_visitors,contacted';
const today = () => dayIn('Asia/Riyadh');

async function results(server: TestServer, language: 'ar' | 'en') {
  const res = await (await server.admin()).get(`/api/leads/results?days=7&language=${language}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

async function csv(server: TestServer): Promise<{ header: string; rows: Record<string, string>[] }> {
  const res = await (await server.admin()).get(`/api/leads.csv?from=${today()}&to=${today()}&language=en`);
  assert.equal(res.status, 200);
  const [header, ...lines] = (res.body as string)
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  const names = header!.split(',');
  return { header: header!, rows: lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i], v]))) };
}

const byKey = (list: { key: string; requests: number }[], key: string) => list.find((r) => r.key === key)?.requests;

describeEachEngine('quote requests counted as leads (Results and leads.csv)', (server) => {
  beforeEach(() => forgetRequestSenders(server().app.ctx.db));

  it('counts each stored request by day, page, language, device and city, and nothing a robot or a refusal sends', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product', { title: 'شبك الحمام' });
    const visitor = server().anon();
    // Arabic, from a phone, about a product, without script.
    const a = await visitor.post('/request', requestForm({ product: card._id, phone: '050 111 0001' }), {
      'user-agent': PHONE_UA,
    });
    assert.equal(a.status, 303);
    // English, from a computer, through the island, for the same city named in English.
    const b = await visitor.post(
      '/api/requests?lang=en',
      requestForm({ city: 'Riyadh', proof: await solvedProof(server().anon()), phone: '050 111 0002' }),
      {
        'user-agent': DESKTOP_UA,
      },
    );
    assert.equal(b.status, 201, JSON.stringify(b.body));
    // A city not served: counted as "other", never under what the visitor typed.
    const c = await visitor.post(
      '/request',
      requestForm({ city: 'other', cityOther: 'الخبر', phone: '050 111 0003' }),
      {
        'user-agent': PHONE_UA,
      },
    );
    assert.equal(c.status, 303);
    // Not counted: a robot (answered as a person, stored nowhere) and a refused form.
    assert.equal(
      (await visitor.post('/request', requestForm({ website: 'http://spam.example', phone: '050 111 0004' }))).status,
      303,
    );
    assert.equal((await visitor.post('/request', requestForm({ phone: 'x' }))).status, 400);

    const en = await results(server(), 'en');
    assert.equal(en.totals.requests, 3);
    assert.equal(en.previous.requests, 0);
    assert.equal(en.daily.at(-1).requests, 3);
    const product = en.pages.find((p: { key: string }) => p.key === `/card-details?id=${card._id}`);
    assert.equal(product?.requests, 1, JSON.stringify(en.pages));
    assert.equal(byKey(en.pages, '/request'), 2);
    assert.deepEqual([byKey(en.languages, 'ar'), byKey(en.languages, 'en')], [2, 1]);
    assert.deepEqual([byKey(en.devices, 'mobile'), byKey(en.devices, 'desktop')], [2, 1]);
    assert.equal(byKey(en.sources, 'direct'), 3);
    // Riyadh asked for in both languages is one city, named in the admin's language.
    assert.deepEqual(en.cities, [
      { key: 'الرياض', title: 'Riyadh', requests: 2 },
      { key: 'other', title: 'other', requests: 1 },
    ]);
    const ar = await results(server(), 'ar');
    assert.equal(ar.cities[0].title, 'الرياض');
    assert.equal(ar.pages.find((p: { key: string }) => p.key === `/card-details?id=${card._id}`)?.title, 'شبك الحمام');
    // Requests are not calls: the contacts are unchanged.
    assert.equal(en.totals.contacts, 0);

    const { header, rows } = await csv(server());
    assert.equal(header, `${OLD_HEADER},requests`, 'the columns as they were, then requests at the end');
    assert.equal(
      rows.reduce((n, r) => n + Number(r.requests), 0),
      en.totals.requests,
      'the Results are sums of the CSV',
    );
    const row = rows.find((r) => r.page === `/card-details?id=${card._id}`)!;
    assert.deepEqual([row.language, row.device, row.source, row.requests], ['ar', 'mobile', 'direct', '1']);
  });

  it('keeps the count when the request itself is deleted, as a tap outlives its visit', async () => {
    const before = (await results(server(), 'ar')).totals.requests;
    assert.equal((await server().anon().post('/request', requestForm({}))).status, 303);
    await server().app.ctx.db.deleteFrom('requests').execute();
    assert.equal((await results(server(), 'ar')).totals.requests, before + 1);
  });
});
