import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine } from '../helpers/server.ts';

const FIELDS = ['title', 'description', 'title2', 'description2', 'title3', 'description3'] as const;

function text(prefix: string, language: 'ar' | 'en'): Record<string, string> {
  return { ...Object.fromEntries(FIELDS.map((f) => [f, `${prefix} ${f}`])), language };
}

describeEachEngine('about API before the first save', (server) => {
  it('answers empty strings, not 404, for a language never saved', async () => {
    for (const language of ['ar', 'en']) {
      const res = await server().anon().get(`/api/aboutus?language=${language}`);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data, {
        title: '',
        description: '',
        title2: '',
        description2: '',
        title3: '',
        description3: '',
        language,
        updatedAt: '',
      });
    }
  });
});

describeEachEngine('about API', (server) => {
  it('saves and reads back each language separately', async () => {
    const admin = await server().admin();
    const ar: Record<string, string> = { ...text('من نحن', 'ar'), description3: '' };
    const en = text('About us', 'en');
    const savedAr = await admin.post('/api/aboutus/', ar);
    assert.equal(savedAr.status, 200);
    assert.equal(typeof savedAr.body.message, 'string');
    assert.equal((await admin.post('/api/aboutus/', en)).status, 200);

    const readAr = await server().anon().get('/api/aboutus?language=ar');
    assert.equal(readAr.status, 200);
    const { updatedAt: arVersion, ...arData } = readAr.body.data;
    assert.deepEqual(arData, ar, 'empty strings are allowed and kept');
    assert.ok(arVersion.length > 0);
    const { updatedAt: _ignored, ...enData } = (await server().anon().get('/api/aboutus?language=en')).body.data;
    assert.deepEqual(enData, en);

    const again = { ...en, title: 'Who we are' };
    assert.equal((await admin.post('/api/aboutus', again)).status, 200, 'without the trailing slash too');
    const { updatedAt: _v, ...enAfter } = (await server().anon().get('/api/aboutus?language=en')).body.data;
    assert.deepEqual(enAfter, again);
    assert.equal(
      (await server().anon().get('/api/aboutus?language=ar')).body.data.title,
      ar.title,
      'the other language is untouched',
    );
  });

  it('answers 400 for a missing or unknown language, a missing field or an over-long one', async () => {
    const admin = await server().admin();
    for (const path of ['/api/aboutus', '/api/aboutus?language=fr', '/api/aboutus?language=']) {
      const res = await server().anon().get(path);
      assert.equal(res.status, 400, path);
      assert.match(res.body.message, /language/);
    }
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...text('x', 'en'), language: 'fr' }, /language/],
      [(({ language: _l, ...rest }) => rest)(text('x', 'en')), /language/],
      [(({ title2: _t, ...rest }) => rest)(text('x', 'en')), /title2/],
      [{ ...text('x', 'en'), description: 'y'.repeat(5001) }, /description/],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/aboutus/', body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.match(res.body.message, field);
    }
    assert.equal(
      (await admin.post('/api/aboutus/', { ...text('x', 'en'), description: 'y'.repeat(5000) })).status,
      200,
    );
  });

  it('refuses a save without a session', async () => {
    const before = (await server().anon().get('/api/aboutus?language=en')).body.data;
    const res = await server().anon().post('/api/aboutus/', text('intruder', 'en'));
    assert.equal(res.status, 401);
    assert.deepEqual((await server().anon().get('/api/aboutus?language=en')).body.data, before);
  });

  it('answers 409 to a save based on a stale version', async () => {
    const admin = await server().admin();
    assert.equal((await admin.post('/api/aboutus/', text('base', 'ar'))).status, 200);
    const read = (await admin.get('/api/aboutus?language=ar')).body.data;
    const first = await admin.post('/api/aboutus/', { ...text('first', 'ar'), expectedUpdatedAt: read.updatedAt });
    assert.equal(first.status, 200);
    const stale = await admin.post('/api/aboutus/', { ...text('second', 'ar'), expectedUpdatedAt: read.updatedAt });
    assert.equal(stale.status, 409);
    const staleHeader = await admin.post('/api/aboutus/', text('third', 'ar'), { 'if-match': `"${read.updatedAt}"` });
    assert.equal(staleHeader.status, 409);
    assert.equal((await admin.get('/api/aboutus?language=ar')).body.data.title, 'first title');
  });
});
