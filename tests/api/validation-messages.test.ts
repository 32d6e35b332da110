import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine } from '../helpers/server.ts';

// The admin shows the server's message in a toast: a 400 must name the field and say the rule in words.
describeEachEngine('validation messages', (server) => {
  it('name the field and the rule in plain words', async () => {
    const admin = await server().admin();
    const cases: [Promise<{ status: number; body: { message: string } }>, RegExp][] = [
      [admin.post('/api/card/?type=product', { title: '   ', description: 'd', image: 'x' }), /^title must not be empty$/],
      [admin.post('/api/card/?type=product', { title: 'x'.repeat(201), description: 'd', image: 'x' }), /^title must be at most 200 characters$/],
      [admin.post('/api/card/?type=spam', { title: 't', description: 'd', image: 'x' }), /^type must be one of: product, portfolio$/],
      [admin.put('/api/auth/change-phone', { phoneNumber: 'call me' }), /^phoneNumber must be a Saudi mobile or landline number, like 050 123 4567 or 011 234 5678 \(or an international number starting with \+\)\.$/],
      [admin.put('/api/auth/change-phone', { phoneNumber: '12' }), /^phoneNumber must be a Saudi mobile or landline number, like 050 123 4567/],
      [admin.put('/api/auth/change-phone', { phoneNumber: '' }), /^phoneNumber must not be empty$/],
      [server().anon().get('/api/aboutus?language=fr'), /^language must be one of: ar, en$/],
      [server().anon().post('/api/auth/verify-reset-password', { email: 'a@b.example', otp: '12ab56' }), /^otp must be exactly 6 digits$/],
      [server().anon().post('/api/auth/forget-password', { email: 'nope' }), /^email must be a valid email address$/],
    ];
    for (const [request, expected] of cases) {
      const res = await request;
      assert.equal(res.status, 400);
      assert.match(res.body.message, expected);
    }
  });
});
