import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { uploadImage } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { describeEachEngine } from '../helpers/server.ts';

/** NUL and other control characters are refused with a 400 naming the field, alike on both engines (PostgreSQL cannot store a NUL). */
describeEachEngine('control characters in any field, id or query', (server) => {
  let admin: HttpClient;
  before(async () => {
    admin = await server().admin();
  });

  it('answers 400 naming the field, and stores nothing', async () => {
    const image = await uploadImage(admin);
    const cases: [Promise<{ status: number; body: { message?: string } }>, RegExp][] = [
      [
        admin.post('/api/card/?type=product', { title: 'Spikes\u0000', description: 'Steel', image }),
        /^title must not contain control characters$/,
      ],
      [
        admin.post('/api/card/?type=product', { title: 'Spikes', description: 'Steel\u0007', image }),
        /^description must not contain/,
      ],
      [admin.post('/api/word/', { word: 'pigeon\u0000spikes' }), /^word must not contain/],
      [
        admin.post('/api/slider/', { title: 'A', details: 'B', titleEn: 'C\u001b', detailsEn: 'D', image }),
        /^titleEn must not contain/,
      ],
      [server().anon().get('/api/card/details?id=%00'), /^id must not contain/],
      [server().anon().get('/api/card?type=product%00'), /^type must not contain/],
      [admin.delete('/api/word/ab%00cd'), /^id must not contain/],
      [
        server().anon().post('/api/auth/login', { email: 'owner\u0000@test.example', password: 'x' }),
        /^email must not contain/,
      ],
    ];
    for (const [request, message] of cases) {
      const res = await request;
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.match(res.body.message ?? '', message);
    }
    const words = (await server().anon().get<{ data: { word: string }[] }>('/api/word/')).body.data;
    assert.ok(!words.some((w) => w.word.startsWith('pigeon')), 'nothing stored by a refused request');
    const cards = (await server().anon().get<{ data: { title: string }[] }>('/api/card?type=product')).body.data;
    assert.equal(cards.length, 0);
  });

  it('keeps tab and line breaks in text', async () => {
    const res = await admin.post('/api/word/', { word: 'bird\tnet' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
  });
});
