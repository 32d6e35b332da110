import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN_EMAIL, describeEachEngine } from '../helpers/server.ts';

/** <title> and meta description of a page, as the server renders it (needs `npm run build`). */
async function head(url: string): Promise<{ title: string; description: string }> {
  const body = await (await fetch(url)).text();
  return {
    title: /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? '',
    description: /<meta name="description" content="([^"]*)"/.exec(body)?.[1] ?? '',
  };
}

describeEachEngine('search titles API and page titles', (server) => {
  it('names the service and the served cities by default, in each language', async () => {
    const admin = await server().admin();
    assert.deepEqual((await server().anon().get('/api/seo')).body.data, {
      titleAr: '',
      titleEn: '',
      descriptionAr: '',
      descriptionEn: '',
      updatedAt: '',
    });
    const contact = (await admin.get('/api/contact')).body.data;
    const { updatedAt: _u, ...fields } = contact;
    assert.equal(
      (
        await admin.put('/api/contact', {
          ...fields,
          citiesAr: ['الدمام', 'الرياض', 'جدة'],
          citiesEn: ['Dammam', 'Riyadh', 'Jeddah'],
        })
      ).status,
      200,
    );
    assert.equal((await head(`${server().url}/`)).title, 'شوك وشبك طارد للحمام في الدمام والرياض وجدة | طارد الحمام');
    assert.equal(
      (await head(`${server().url}/en`)).title,
      'Anti-pigeon spikes and nets in Dammam, Riyadh and Jeddah | Bird Barrier',
    );
    assert.equal(
      (await head(`${server().url}/products`)).title,
      'منتجاتنا | شوك وشبك طارد للحمام في الدمام والرياض وجدة',
    );
    assert.equal(
      (await head(`${server().url}/en/contact`)).title,
      'Contact | Anti-pigeon spikes and nets in Dammam, Riyadh and Jeddah',
    );
  });

  it('lets the owner set the headline and the home description, and shows them at once', async () => {
    const admin = await server().admin();
    const saved = await admin.put('/api/seo', {
      titleAr: '  مصدات   الحمام في الخبر ',
      titleEn: 'Pigeon barriers in Khobar',
      descriptionAr: 'وصف عربي للبحث',
      descriptionEn: '',
    });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.message, 'Search titles saved');
    assert.equal(saved.body.data.titleAr, 'مصدات الحمام في الخبر', 'one line, trimmed');
    assert.deepEqual((await server().anon().get('/api/seo')).body.data, saved.body.data);
    const ar = await head(`${server().url}/`);
    assert.equal(ar.title, 'مصدات الحمام في الخبر | طارد الحمام');
    assert.equal(ar.description, 'وصف عربي للبحث');
    const en = await head(`${server().url}/en/about`);
    assert.equal(en.title, 'About | Pigeon barriers in Khobar');
    assert.match((await head(`${server().url}/en`)).description, /Dammam/, 'an empty description keeps the default');

    // A stale save is refused; a too long title is refused naming the field; strangers may not write.
    const stale = await admin.put('/api/seo', {
      ...saved.body.data,
      updatedAt: undefined,
      expectedUpdatedAt: '2000-01-01T00:00:00.000Z',
    });
    assert.equal(stale.status, 409);
    const long = await admin.put('/api/seo', {
      titleAr: 'ا'.repeat(91),
      titleEn: '',
      descriptionAr: '',
      descriptionEn: '',
    });
    assert.equal(long.status, 400);
    assert.match(long.body.message, /titleAr/);
    assert.equal(
      (await server().anon().put('/api/seo', { titleAr: '', titleEn: '', descriptionAr: '', descriptionEn: '' }))
        .status,
      401,
    );
    assert.equal((await admin.put('/api/seo', { titleAr: '' })).status, 400, 'every field is sent');
  });

  it('keeps each change in the History, and restoring one brings back the titles it replaced', async () => {
    const admin = await server().admin();
    const was = (await server().anon().get('/api/seo')).body.data;
    const titles = (ar: string, en: string) => ({
      titleAr: ar,
      titleEn: en,
      descriptionAr: `${ar} وصف`,
      descriptionEn: '',
    });
    const first = await admin.put('/api/seo', titles('حمام الخبر', 'Khobar pigeons'));
    assert.equal(first.status, 200);
    const second = await admin.put('/api/seo', {
      ...titles('حمام الدمام', 'Dammam pigeons'),
      expectedUpdatedAt: first.body.data.updatedAt,
    });
    assert.equal(second.status, 200);

    const listed = await admin.get('/api/history?kind=seo');
    assert.equal(listed.status, 200);
    const [change, added] = listed.body.data;
    assert.equal(change.kind, 'seo');
    assert.equal(change.itemId, 'seo');
    assert.equal(change.changedBy, ADMIN_EMAIL);
    assert.deepEqual([...change.fields].sort(), ['descriptionAr', 'titleAr', 'titleEn']);
    assert.deepEqual(change.before, first.body.data);
    assert.deepEqual(change.after, second.body.data);
    assert.equal(change.current, second.body.data.updatedAt, 'what the History screen sends back');
    assert.deepEqual((await admin.get('/api/history?item=seo')).body.data, listed.body.data);

    // A stale restore changes nothing.
    const stale = await admin.post(`/api/history/${change.id}/restore`, {
      expectedUpdatedAt: first.body.data.updatedAt,
    });
    assert.equal(stale.status, 409);
    assert.equal((await server().anon().get('/api/seo')).body.data.titleAr, 'حمام الدمام');

    const restored = await admin.post(`/api/history/${change.id}/restore`, { expectedUpdatedAt: change.current });
    assert.equal(restored.status, 200, JSON.stringify(restored.body));
    assert.equal(restored.body.message, 'Version restored');
    const now = (await server().anon().get('/api/seo')).body.data;
    assert.deepEqual({ ...now, updatedAt: '' }, { ...first.body.data, updatedAt: '' }, 'the titles as they were');
    assert.ok(now.updatedAt > second.body.data.updatedAt, 'a restore is a change: a new version');
    assert.equal((await head(`${server().url}/en/about`)).title, 'About | Khobar pigeons', 'the pages follow');

    assert.deepEqual(added.after, first.body.data, 'one entry a save');
    assert.deepEqual(added.before, was);

    // The restore is kept too; the first save's entry brings back what was there before it.
    const [undo] = (await admin.get('/api/history?kind=seo')).body.data;
    assert.equal(undo.id, restored.body.data.historyId);
    assert.equal(
      (await admin.post(`/api/history/${added.id}/restore`, { expectedUpdatedAt: now.updatedAt })).status,
      200,
    );
    assert.deepEqual(
      { ...(await server().anon().get('/api/seo')).body.data, updatedAt: '' },
      { ...was, updatedAt: '' },
    );
  });
});
