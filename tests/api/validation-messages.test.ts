import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine } from '../helpers/server.ts';

// The admin shows the server's message in a toast: a 400 must name the field and say the rule in words.
describeEachEngine('validation messages', (server) => {
  it('name the field and the rule in plain words', async () => {
    const admin = await server().admin();
    const cases: [Promise<{ status: number; body: { message: string } }>, RegExp][] = [
      [
        admin.post('/api/card/?type=product', { title: '   ', description: 'd', image: 'x' }),
        /^title must not be empty$/,
      ],
      [
        admin.post('/api/card/?type=product', { title: 'x'.repeat(201), description: 'd', image: 'x' }),
        /^title must be at most 200 characters$/,
      ],
      [
        admin.post('/api/card/?type=spam', { title: 't', description: 'd', image: 'x' }),
        /^type must be one of: product, portfolio$/,
      ],
      [
        admin.put('/api/auth/change-phone', { phoneNumber: 'call me' }),
        /^phoneNumber must be a Saudi mobile or landline number, like 050 123 4567 or 011 234 5678 \(or an international number starting with \+\)\.$/,
      ],
      [
        admin.put('/api/auth/change-phone', { phoneNumber: '12' }),
        /^phoneNumber must be a Saudi mobile or landline number, like 050 123 4567/,
      ],
      [admin.put('/api/auth/change-phone', { phoneNumber: '' }), /^phoneNumber must not be empty$/],
      [server().anon().get('/api/aboutus?language=fr'), /^language must be one of: ar, en$/],
      [
        server().anon().post('/api/auth/verify-reset-password', { email: 'a@b.example', otp: '12ab56' }),
        /^otp must be exactly 6 digits$/,
      ],
      [server().anon().post('/api/auth/forget-password', { email: 'nope' }), /^email must be a valid email address$/],
    ];
    for (const [request, expected] of cases) {
      const res = await request;
      assert.equal(res.status, 400);
      assert.match(res.body.message, expected);
    }
  });

  it('list every refused field beside message: one on most calls, all of them on the contact details', async () => {
    const admin = await server().admin();
    const word = await admin.post('/api/word/', { word: '' });
    assert.equal(word.status, 400);
    // The code and its values beside each sentence (decision 037).
    assert.deepEqual(word.body, {
      message: 'word must not be empty',
      code: 'input.empty',
      params: { field: 'word' },
      errors: [{ field: 'word', message: 'word must not be empty', code: 'input.empty', params: { field: 'word' } }],
    });

    const contact = {
      email: '',
      whatsapp: '',
      instagram: '',
      x: '',
      tiktok: '',
      snapchat: '',
      facebook: '',
      citiesAr: [],
      citiesEn: [],
    };
    const res = await admin.put('/api/contact', {
      ...contact,
      citiesAr: ['ر'.repeat(81)],
      addressEn: 'a'.repeat(301),
      hoursNoteAr: 'ن'.repeat(201),
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, 'citiesAr.0 must be at most 80 characters', 'message is the first, as before');
    const tooLong = (field: string, limit: number) => ({
      field,
      message: `${field} must be at most ${limit} characters`,
      code: 'input.too_long',
      params: { field, limit },
    });
    assert.deepEqual(res.body.errors, [
      tooLong('citiesAr.0', 80),
      tooLong('hoursNoteAr', 200),
      tooLong('addressEn', 300),
    ]);
  });
});
