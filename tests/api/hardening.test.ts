import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { it } from 'node:test';
import { uploadImage } from '../helpers/factories.ts';
import { describeEachEngine } from '../helpers/server.ts';

/** An error answer is JSON with two string fields: `message` and its `code` (decision 037). */
async function expectError(res: Response, status: number, message?: RegExp): Promise<void> {
  assert.equal(res.status, status, `${res.url} answers ${status}`);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const body = (await res.json()) as Record<string, unknown>;
  assert.deepEqual(Object.keys(body), ['message', 'code'], `only { message, code }: ${JSON.stringify(body)}`);
  assert.equal(typeof body.message, 'string');
  assert.equal(typeof body.code, 'string');
  if (message) assert.match(body.message as string, message);
}

/** A raw request (fetch would refuse some of these before sending). */
function raw(
  url: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(url), { path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describeEachEngine('hostile URLs, invisible text and empty bodies', (server) => {
  it('answers an id over 100 characters with 414, and a broken % escape with 400, both as { message }', async () => {
    const long = 'a'.repeat(101);
    await expectError(await fetch(`${server().url}/api/card/details/${long}`, { method: 'DELETE' }), 414, /too long/);
    await expectError(await fetch(`${server().url}/api/slider/up/${long}`, { method: 'PUT' }), 414, /too long/);
    await expectError(await fetch(`${server().url}/api/card/${long}`, { method: 'PUT' }), 414);
    await expectError(await fetch(`${server().url}/api/card/%zz`, { method: 'DELETE' }), 400, /% escape/);
    await expectError(await fetch(`${server().url}/api/word/%E0%A4%A`, { method: 'DELETE' }), 400, /% escape/);
    // Bad escapes in a query string are data: a card id that is not there.
    await expectError(await fetch(`${server().url}/api/card/details?id=%`), 404);
  });

  it('answers a 100 kB address or header with 431 as { message }, then closes the connection', async () => {
    const big = await raw(server().url, `/api/card/${'a'.repeat(100_000)}`);
    assert.equal(big.status, 431);
    assert.match(big.type, /^application\/json/);
    assert.deepEqual(JSON.parse(big.body), {
      message: 'The request headers (or its address) are too large.',
      code: 'http.headers_too_large',
    });
    const header = await raw(server().url, '/api/word/', { 'x-filler': 'b'.repeat(40_000) });
    assert.equal(header.status, 431);
    // The server still answers afterwards.
    assert.equal((await fetch(`${server().url}/api/word/`)).status, 200);
  });

  it('counts text made only of invisible characters as empty, and stores nothing', async () => {
    const admin = await server().admin();
    const words = async () => ((await admin.get('/api/word/')).body.data as unknown[]).length;
    const before = await words();
    for (const word of ['\u200B\u200B', ' \u2060\uFEFF ', '\u200E\u200F', '\u00AD']) {
      const res = await admin.post('/api/word/', { word });
      assert.equal(res.status, 400, `${JSON.stringify(word)} is refused`);
      assert.equal(res.body.message, 'word must not be empty');
    }
    assert.equal(await words(), before);
    const image = await uploadImage(admin);
    const card = await admin.post('/api/card/?type=product', {
      title: '\u200B\u200C\u200D',
      description: 'وصف',
      image,
    });
    assert.equal(card.status, 400);
    assert.equal(card.body.message, 'title must not be empty');
    // Visible text around invisible characters is kept as written (joiners matter inside words).
    const kept = await admin.post('/api/card/?type=product', {
      title: 'شبك\u200Cطيور',
      description: 'وصف',
      titleEn: '\u200B',
      descriptionEn: ' \u2060 ',
      image,
    });
    assert.equal(kept.status, 201, JSON.stringify(kept.body));
    assert.equal(kept.body.data.title, 'شبك\u200Cطيور');
    assert.equal(kept.body.data.titleEn, '', 'an invisible English title is no English');
    assert.equal(kept.body.data.descriptionEn, '');
    const half = await admin.post('/api/card/?type=product', {
      title: 'شبك',
      description: 'وصف',
      titleEn: 'Net',
      descriptionEn: '\u200B',
      image,
    });
    assert.equal(half.status, 400);
    assert.match(half.body.message, /go together/);
  });

  it('accepts an empty JSON-labelled body on a slide move, as on the details toggle', async () => {
    const admin = await server().admin();
    const image = await uploadImage(admin);
    const ids: string[] = [];
    for (const title of ['أولى', 'ثانية'])
      ids.push((await admin.post('/api/slider/', { title, details: 'نص', image })).body.data._id);
    const json = { 'content-type': 'application/json' };
    const moved = await admin.put(`/api/slider/down/${ids[1]}`, undefined, json);
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.message, 'Slide moved');
    const card = await admin.post('/api/card/?type=product', { title: 'بطاقة', description: 'وصف', image });
    assert.equal((await admin.put(`/api/card/togggle-details/${card.body.data._id}`, undefined, json)).status, 200);
    // These calls take no body: whatever is sent is not parsed (a broken one included)…
    const ignored = await fetch(`${server().url}/api/slider/up/${ids[1]}`, {
      method: 'PUT',
      headers: { ...json, cookie: admin.cookieHeader },
      body: '{',
    });
    assert.equal(ignored.status, 200);
    // … while a call that takes one still wants JSON.
    const broken = await fetch(`${server().url}/api/word/`, {
      method: 'POST',
      headers: { ...json, cookie: admin.cookieHeader },
      body: '{',
    });
    await expectError(broken, 400, /not valid JSON/);
  });
});
