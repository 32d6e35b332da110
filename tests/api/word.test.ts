import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine } from '../helpers/server.ts';

describeEachEngine('keywords API', (server) => {
  it('adds, lists and deletes keywords', async () => {
    const admin = await server().admin();
    const added = await admin.post('/api/word/', { word: '  طارد الحمام  ' });
    assert.equal(added.status, 201);
    assert.equal(added.body.data.word, 'طارد الحمام', 'word is stored trimmed');
    const list = await server().anon().get('/api/word/');
    assert.equal(list.status, 200);
    assert.ok(
      list.body.data.some(
        (w: { _id: string; word: string }) => w._id === added.body.data._id && w.word === 'طارد الحمام',
      ),
    );

    const del = await admin.delete(`/api/word/${added.body.data._id}`);
    assert.equal(del.status, 200);
    assert.equal(typeof del.body.message, 'string');
    const after = await server().anon().get('/api/word/');
    assert.ok(!after.body.data.some((w: { _id: string }) => w._id === added.body.data._id));
  });

  it('refuses duplicates regardless of case with 409', async () => {
    const admin = await server().admin();
    assert.equal((await admin.post('/api/word/', { word: 'Bird Spikes' })).status, 201);
    const dup = await admin.post('/api/word/', { word: 'bird spikes' });
    assert.equal(dup.status, 409);
    assert.match(dup.body.message, /already exists/);
  });

  it('validates the word: blank, too long, missing', async () => {
    const admin = await server().admin();
    for (const body of [{ word: '   ' }, { word: 'x'.repeat(101) }, {}]) {
      const res = await admin.post('/api/word/', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, /word/);
    }
    assert.equal((await admin.post('/api/word/', { word: 'x'.repeat(100) })).status, 201);
  });

  it('refuses writes without a session', async () => {
    const anon = server().anon();
    assert.equal((await anon.post('/api/word/', { word: 'spikes' })).status, 401);
    assert.equal((await anon.delete('/api/word/0190b3c4-0000-7000-8000-000000000000')).status, 401);
  });

  it('answers 404 for an unknown id and never 500 for a malformed one', async () => {
    const admin = await server().admin();
    assert.equal((await admin.delete('/api/word/0190b3c4-0000-7000-8000-000000000000')).status, 404);
    assert.equal((await admin.delete('/api/word/not-an-id')).status, 404);
  });
});
