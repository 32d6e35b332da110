import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ERROR_CODES, errorText, type ErrorCode } from '../../src/shared/error-codes.ts';
import { createCard } from '../helpers/factories.ts';
import type { Answer } from '../helpers/http.ts';
import { imageForm, textAsJpeg } from '../helpers/images.ts';
import { ADMIN_PASSWORD, describeEachEngine } from '../helpers/server.ts';

const CODES = new Set<string>(ERROR_CODES);

/**
 * Every error answer carries `code` beside its unchanged `message` (decision 037): the code is in
 * the catalogue, the message is the catalogue's English for it with the answer's `params`, and each
 * refused field has its own code too. `message` is also compared with the sentence the contract's
 * clients have always read.
 */
function expectCoded(label: string, res: Answer, status: number, code: ErrorCode, message: string): void {
  assert.equal(res.status, status, `${label}: ${JSON.stringify(res.body)}`);
  const body = res.body as {
    message: string;
    code: string;
    params?: Record<string, string | number>;
    errors?: unknown;
  };
  assert.equal(body.code, code, label);
  assert.ok(CODES.has(body.code), `${label}: ${body.code} is in the catalogue`);
  assert.equal(body.message, message, `${label}: the message is unchanged`);
  assert.equal(errorText(code, body.params), message, `${label}: the message is the code's text`);
  const fields = (body.errors ?? []) as {
    field: string;
    message: string;
    code: ErrorCode;
    params?: Record<string, string | number>;
  }[];
  for (const f of fields) {
    assert.ok(CODES.has(f.code), `${label}: ${f.field} has a code of the catalogue (${f.code})`);
    assert.equal(errorText(f.code, f.params), f.message, `${label}: ${f.field}'s message is its code's text`);
  }
}

describeEachEngine('error answers with stable codes', (server) => {
  it('answers every kind of refusal with a code of the catalogue beside its unchanged message', async () => {
    const anon = server().anon();
    const admin = await server().admin();

    expectCoded(
      'unknown route',
      await anon.get('/api/nothing-here?x=1'),
      404,
      'http.no_route',
      'No route for GET /api/nothing-here',
    );
    expectCoded(
      'wrong method',
      await anon.request('PATCH', '/api/word/'),
      404,
      'http.no_route',
      'No route for PATCH /api/word/',
    );
    const long = await fetch(`${server().url}/api/card/${'a'.repeat(101)}`, { method: 'PUT' });
    expectCoded(
      'id too long',
      { status: long.status, headers: long.headers, body: await long.json() },
      414,
      'http.address_too_long',
      'The address is too long.',
    );
    expectCoded(
      'not signed in',
      await anon.post('/api/word/', { word: 'x' }),
      401,
      'auth.sign_in_first',
      'Please sign in first.',
    );
    expectCoded(
      'wrong password',
      await server()
        .anon()
        .post('/api/auth/login', { email: 'owner@test.example', password: `${ADMIN_PASSWORD}!` }),
      401,
      'auth.bad_credentials',
      'Incorrect email or password.',
    );
    expectCoded(
      'unknown id',
      await admin.delete('/api/word/no-such-id'),
      404,
      'keyword.not_found',
      'Keyword not found.',
    );

    // A stale write: the second edit names the version the first one replaced.
    const card = await createCard(admin, 'product');
    const edit = { title: 'edited', description: 'edited' };
    assert.equal((await admin.put(`/api/card/${card._id}`, edit, { 'if-match': card.updatedAt })).status, 200);
    expectCoded(
      'stale write',
      await admin.put(`/api/card/${card._id}`, edit, { 'if-match': card.updatedAt }),
      409,
      'record.changed',
      'This record was changed by someone else since you opened it. Reload to see the latest version.',
    );
    await admin.post('/api/word/', { word: 'spikes' });
    expectCoded(
      'duplicate',
      await admin.post('/api/word/', { word: 'spikes' }),
      409,
      'keyword.taken',
      'The keyword "spikes" already exists.',
    );

    // Refused fields: a schema's, and the rules' (every field at once, each with its own code).
    const blank = await admin.post('/api/word/', { word: '' });
    expectCoded('blank field', blank, 400, 'input.empty', 'word must not be empty');
    assert.deepEqual(blank.body.params, { field: 'word' });
    const contact = await admin.put('/api/contact', {
      email: 'nope',
      whatsapp: '12',
      instagram: 'a b',
      x: '',
      tiktok: '',
      snapchat: '',
      facebook: '',
      citiesAr: [],
      citiesEn: [],
      location: 'somewhere',
    });
    expectCoded(
      'contact details',
      contact,
      400,
      'contact.email',
      'email must be a valid email address, like name@example.com.',
    );
    assert.deepEqual(
      contact.body.errors.map((e: { field: string; code: string }) => `${e.field} ${e.code}`),
      ['email contact.email', 'whatsapp contact.whatsapp', 'instagram contact.social', 'location contact.location'],
    );
    expectCoded(
      'too long',
      await admin.post('/api/word/', { word: 'x'.repeat(101) }),
      400,
      'input.too_long',
      'word must be at most 100 characters',
    );
    const broken = await fetch(`${server().url}/api/word/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookieHeader },
      body: '{"word":',
    });
    expectCoded(
      'not JSON',
      { status: broken.status, headers: broken.headers, body: await broken.json() },
      400,
      'http.body_not_json',
      'The request body is not valid JSON.',
    );
    expectCoded(
      'control characters',
      await admin.post('/api/word/', { word: 'a\u0007b' }),
      400,
      'http.control_characters',
      'word must not contain control characters',
    );

    // Too large, not an image, another origin.
    expectCoded(
      'oversized body',
      await admin.post('/api/word/', { word: 'x'.repeat(3_000_000) }),
      413,
      'http.body_too_large',
      'The request body is too large.',
    );
    expectCoded(
      'not an image',
      await admin.post('/api/card/upload', imageForm(textAsJpeg())),
      415,
      'image.unreadable',
      'The file is not an image we can read. Use JPEG, PNG, WebP, AVIF or GIF.',
    );
    expectCoded(
      'another origin',
      await admin.post('/api/word/', { word: 'y' }, { origin: 'https://elsewhere.example' }),
      403,
      'http.cross_origin',
      'Cross-origin request refused.',
    );
  });

  it('answers a rate limit and a reset code refused with their codes and values', async () => {
    const anon = server().anon();
    // forget-password takes 10 a minute from one address: the eleventh is refused by the limiter.
    let limited: Answer | undefined;
    for (let i = 0; i < 12 && !limited; i++) {
      const res = await anon.post('/api/auth/forget-password', { email: `someone${i}@test.example` });
      if (res.status === 429) limited = res;
    }
    assert.ok(limited, 'the limit is reached');
    expectCoded(
      'rate limit',
      limited,
      429,
      'rate.too_many_attempts',
      'Too many attempts. Please wait a moment and try again.',
    );

    const wrong = await server()
      .anon()
      .post('/api/auth/verify-reset-password', { email: 'nobody@test.example', otp: '123456' });
    expectCoded(
      'no code',
      wrong,
      400,
      'reset.no_code',
      'There is no active code for this email. Please request a new code.',
    );
    assert.equal(wrong.body.errors[0].field, 'otp');
  });
});
