import assert from 'node:assert/strict';
import { it } from 'node:test';
import { nestedDeeperThan } from '../../src/server/lib/json-body.ts';
import type { HttpClient } from '../helpers/http.ts';
import { createCard, createDetail, uploadImage } from '../helpers/factories.ts';
import { describeEachEngine } from '../helpers/server.ts';

const JSON_TYPE = { 'content-type': 'application/json' };
const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/** A request with a raw body (or none) labelled as JSON, as many HTTP clients send it. */
async function send(client: HttpClient, method: string, path: string, body?: string) {
  const res = await fetch(client.base + path, { method, headers: { ...JSON_TYPE, cookie: client.cookieHeader }, body });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as { message?: string }) : {} };
}

it('measures nesting outside strings only', () => {
  assert.equal(nestedDeeperThan(deep(8), 8), false);
  assert.equal(nestedDeeperThan(deep(9), 8), true);
  assert.equal(
    nestedDeeperThan(JSON.stringify({ a: '[[[[[[[[[[[[', b: '\\"[[[[[[[[[[[' }), 2),
    false,
    'brackets in strings, escaped quotes',
  );
  assert.equal(nestedDeeperThan('{"a":{"b":{"c":[1]}}}', 3), true);
});

describeEachEngine('request bodies', (server) => {
  it('takes an empty body labelled application/json on every call whose contract has no body', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const detail = await createDetail(admin, card._id);
    const other = await createCard(admin, 'portfolio');
    const image = await uploadImage(admin);
    const slides = await Promise.all(
      [0, 1].map(
        async (i) =>
          (await admin.post('/api/slider/', { title: `Slide ${i}`, details: 'Details', image })).body.data
            ._id as string,
      ),
    );
    const word = (await admin.post('/api/word/', { word: 'spikes-empty-body' })).body.data._id as string;

    const calls: [string, string][] = [
      ['PUT', `/api/card/togggle-details/${card._id}`],
      ['PUT', `/api/slider/up/${slides[0]!}`],
      ['PUT', `/api/slider/down/${slides[0]!}`],
      ['DELETE', `/api/card/details/${detail._id}`],
      ['DELETE', `/api/card/${other._id}`],
      ['DELETE', `/api/slider/${slides[1]!}`],
      ['DELETE', `/api/word/${word}`],
    ];
    for (const [method, path] of calls) {
      const empty = await send(admin, method, path, '');
      assert.equal(empty.status, 200, `${method} ${path}: ${JSON.stringify(empty.body)}`);
      assert.equal(typeof empty.body.message, 'string');
    }
    // Deleted means deleted: the same calls with a body ({}) now find nothing.
    assert.equal((await send(admin, 'DELETE', `/api/card/${other._id}`, '{}')).status, 404);
    assert.equal((await send(admin, 'DELETE', `/api/word/${word}`, '{}')).status, 404);
    // Signing out too, with or without a body.
    assert.equal((await send(admin, 'POST', '/api/auth/logout', '')).status, 200);
  });

  it('refuses a deeply nested body with 400 before parsing it, and ignores one sent where no body is taken', async () => {
    const admin = await server().admin();
    const body = deep(5000);
    const login = await send(server().anon(), 'POST', '/api/auth/login', body);
    assert.equal(login.status, 400);
    assert.match(login.body.message ?? '', /nested too deeply/);
    const word = await send(admin, 'POST', '/api/word/', `{"word":${deep(40)}}`);
    assert.equal(word.status, 400);
    assert.match(word.body.message ?? '', /nested too deeply/);
    // Sign-out takes no body: whatever is sent is not parsed.
    assert.equal((await send(server().anon(), 'POST', '/api/auth/logout', body)).status, 200);
    assert.equal((await admin.get('/api/auth/is-logged-in')).status, 200, 'the admin is still signed in');
  });

  it('answers 413 for a body over the limit and 400 for an empty one where a body is needed', async () => {
    const admin = await server().admin();
    const big = await send(admin, 'POST', '/api/word/', JSON.stringify({ word: 'x'.repeat(300 * 1024) }));
    assert.equal(big.status, 413);
    assert.match(big.body.message ?? '', /too large/);
    const empty = await send(admin, 'POST', '/api/word/', '');
    assert.equal(empty.status, 400);
    assert.equal(empty.body.message, 'The request body is empty.');
    const broken = await send(admin, 'POST', '/api/word/', '{"word":');
    assert.equal(broken.status, 400);
    // The largest legitimate body (six about texts of 5,000 Arabic letters, escaped) goes through.
    const text = 'ح'.repeat(5000);
    const about = JSON.stringify({
      title: text,
      description: text,
      title2: text,
      description2: text,
      title3: text,
      description3: text,
      language: 'ar',
    }).replace(/[\u0600-\u06ff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    assert.equal((await send(admin, 'POST', '/api/aboutus/', about)).status, 200);
  });

  it('answers 404, never 500, when a card is deleted while items are added to it', async () => {
    const admin = await server().admin();
    for (let round = 0; round < 3; round++) {
      const card = await createCard(admin, 'product');
      const image = await uploadImage(admin);
      const adds = Array.from({ length: 30 }, () =>
        admin.post('/api/card/details', { title: 'Item', description: 'Text', image, id: card._id }),
      );
      const removal = admin.delete(`/api/card/${card._id}`);
      const statuses = (await Promise.all(adds)).map((r) => r.status);
      assert.equal((await removal).status, 200);
      assert.deepEqual(
        statuses.filter((s) => s !== 201 && s !== 404),
        [],
        JSON.stringify(statuses),
      );
      assert.equal(
        (await server().anon().get(`/api/card/details?id=${card._id}`)).status,
        404,
        'no item outlives its card',
      );
    }
  });

  it('lets edits of one slide without a version proceed together', async () => {
    const admin = await server().admin();
    const image = await uploadImage(admin);
    const slide = (await admin.post('/api/slider/', { title: 'Slide', details: 'Details', image })).body.data
      ._id as string;
    const edits = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        admin.put(`/api/slider/${slide}`, { title: `Edit ${i}`, details: 'Details' }),
      ),
    );
    assert.deepEqual(
      edits.map((r) => r.status),
      Array<number>(12).fill(200),
      JSON.stringify(edits.map((r) => r.body)),
    );
  });
});
