// npm test: serial (20 concurrent slide moves must all answer 200: a machine busy with other files sheds some as 503).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { uniqueImage } from '../helpers/images.ts';
import { storedFile } from '../helpers/stored-images.ts';
import { outliveRetention } from '../helpers/retention.ts';
import { describeEachEngine, type TestServer } from '../helpers/server.ts';
import type { HttpClient } from '../helpers/http.ts';

interface SlideBody {
  _id: string;
  title: string;
  details: string;
  image: string;
  imageUrl: string;
  position: number;
  updatedAt: string;
}

const UNKNOWN_ID = '0190b3c4-0000-7000-8000-000000000000';

/** Stores a real PNG (one no other call stores) through the image pipeline, as an upload would. */
async function storeImage(server: TestServer): Promise<string> {
  const png = await uniqueImage('png', 640, 400);
  return (await server.app.ctx.images.save(server.app.ctx.db, png.bytes)).name;
}

async function list(client: HttpClient): Promise<SlideBody[]> {
  const res = await client.get('/api/slider/');
  assert.equal(res.status, 200);
  return res.body.data as SlideBody[];
}

function assertGapFree(slides: SlideBody[]): void {
  assert.deepEqual(
    slides.map((s) => s.position),
    slides.map((_, i) => i),
    'positions are exactly 0..n-1 in list order',
  );
}

async function addSlides(server: TestServer, admin: HttpClient, titles: string[]): Promise<SlideBody[]> {
  const image = await storeImage(server);
  const added: SlideBody[] = [];
  for (const title of titles) {
    const res = await admin.post('/api/slider/', { title, details: `${title} details`, image });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    added.push(res.body.data);
  }
  return added;
}

/** The order of the given slides within the full list. */
async function orderOf(admin: HttpClient, slides: SlideBody[]): Promise<string[]> {
  const ids = new Set(slides.map((s) => s._id));
  return (await list(admin)).filter((s) => ids.has(s._id)).map((s) => s.title);
}

describeEachEngine('slider API', (server) => {
  it('creates, lists, edits and deletes a slide, freeing replaced images', async () => {
    const admin = await server().admin();
    const first = await storeImage(server());
    const created = await admin.post('/api/slider/', {
      title: '  حماية الواجهات  ',
      details: 'شوك ستانلس ستيل',
      image: first,
    });
    assert.equal(created.status, 201);
    assert.equal(typeof created.body.message, 'string');
    const slide = created.body.data as SlideBody;
    assert.equal(slide.title, 'حماية الواجهات', 'stored trimmed');
    assert.equal(slide.imageUrl, `/uploads/${first}`);

    const listed = await list(server().anon());
    assertGapFree(listed);
    const found = listed.find((s) => s._id === slide._id)!;
    assert.equal(found.position, listed.length - 1, 'appended at the end');
    assert.deepEqual(
      { title: found.title, details: found.details, image: found.image },
      { title: 'حماية الواجهات', details: 'شوك ستانلس ستيل', image: first },
    );
    assert.equal((await server().anon().get(found.imageUrl)).status, 200);

    const kept = await admin.put(`/api/slider/${slide._id}`, {
      title: 'Facade protection',
      details: 'Stainless spikes',
    });
    assert.equal(kept.status, 200);
    assert.equal(kept.body.data.image, first, 'image is optional on edit');

    const second = await storeImage(server());
    const replaced = await admin.put(`/api/slider/${slide._id}`, {
      title: 'Facade protection',
      details: 'Nets and spikes',
      image: second,
    });
    assert.equal(replaced.status, 200);
    const after = (await list(admin)).find((s) => s._id === slide._id)!;
    assert.deepEqual([after.details, after.image, after.imageUrl], ['Nets and spikes', second, `/uploads/${second}`]);
    assert.ok(await storedFile(server(), first), 'the replaced image is kept while the history names it');
    await outliveRetention(server());
    assert.equal(await storedFile(server(), first), undefined, 'the replaced image is freed');
    assert.equal((await server().anon().get(`/uploads/${first}`)).status, 404);

    const del = await admin.delete(`/api/slider/${slide._id}`);
    assert.equal(del.status, 200);
    assert.equal(typeof del.body.message, 'string');
    const remaining = await list(admin);
    assert.ok(!remaining.some((s) => s._id === slide._id));
    assertGapFree(remaining);
    await outliveRetention(server());
    assert.equal(await storedFile(server(), second), undefined, "the deleted slide's image is freed");
  });

  it('frees a replaced or deleted slide image only once no card, detail item or slide uses it', async () => {
    const admin = await server().admin();
    const inImages = async (name: string) =>
      (await server().app.ctx.db.selectFrom('images').select('name').where('name', '=', name).executeTakeFirst()) !==
      undefined;
    const shared = await storeImage(server());
    const slide = (await admin.post('/api/slider/', { title: 'مشتركة', details: 'نص', image: shared })).body
      .data as SlideBody;
    const card = await admin.post('/api/card/?type=product', {
      title: 'Shared picture',
      description: 'Also on a slide',
      image: shared,
    });
    assert.equal(card.status, 201);

    const own = await storeImage(server());
    assert.equal(
      (await admin.put(`/api/slider/${slide._id}`, { title: 'مشتركة', details: 'نص', image: own })).status,
      200,
    );
    assert.equal(await inImages(shared), true, 'the card still uses the replaced image: kept');
    assert.equal((await admin.delete(`/api/card/${card.body.data._id as string}`)).status, 200);
    await outliveRetention(server());
    assert.equal(await inImages(shared), false, 'freed with its last user');

    const next = await storeImage(server());
    assert.equal(
      (await admin.put(`/api/slider/${slide._id}`, { title: 'مشتركة', details: 'نص', image: next })).status,
      200,
    );
    await outliveRetention(server());
    assert.equal(await inImages(own), false, 'the image the slide no longer uses is gone from images');
    assert.equal(await inImages(next), true);
    assert.equal((await admin.delete(`/api/slider/${slide._id}`)).status, 200);
    await outliveRetention(server());
    assert.equal(await inImages(next), false, "the deleted slide's image is gone from images");
  });

  it('refuses every admin write without a session', async () => {
    const anon = server().anon();
    const [slide] = await addSlides(server(), await server().admin(), ['guarded']);
    const image = await storeImage(server());
    assert.equal((await anon.post('/api/slider/', { title: 't', details: 'd', image })).status, 401);
    assert.equal((await anon.put(`/api/slider/${slide!._id}`, { title: 't', details: 'd' })).status, 401);
    assert.equal((await anon.delete(`/api/slider/${slide!._id}`)).status, 401);
    assert.equal((await anon.put(`/api/slider/down/${slide!._id}`)).status, 401);
    assert.equal((await anon.put(`/api/slider/up/${slide!._id}`)).status, 401);
    const still = (await list(anon)).find((s) => s._id === slide!._id)!;
    assert.equal(still.title, 'guarded');
  });

  it('validates the body and names the field', async () => {
    const admin = await server().admin();
    const image = await storeImage(server());
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ details: 'd', image }, /title/],
      [{ title: '   ', details: 'd', image }, /title/],
      [{ title: 'x'.repeat(201), details: 'd', image }, /title/],
      [{ title: 't', image }, /details/],
      [{ title: 't', details: '  ', image }, /details/],
      [{ title: 't', details: 'd' }, /image/],
      [{ title: 't', details: 'd', image: 'nope.webp' }, /image/],
      [{ title: 't', details: 'd', image: `${'a'.repeat(32)}.webp` }, /image/],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/slider/', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, field);
    }
    const [slide] = await addSlides(server(), admin, ['valid']);
    const bad = await admin.put(`/api/slider/${slide!._id}`, {
      title: 't',
      details: 'd',
      image: `${'b'.repeat(32)}.webp`,
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /image/);
    assert.equal((await list(admin)).find((s) => s._id === slide!._id)!.image, slide!.image, 'nothing changed');
  });

  it('moves: down goes one place earlier, up one place later, no-op at either end', async () => {
    const admin = await server().admin();
    const mine = await addSlides(server(), admin, ['A', 'B', 'C']);
    const [a, , c] = mine;

    const down = await admin.put(`/api/slider/down/${c!._id}`);
    assert.equal(down.status, 200);
    assert.equal(typeof down.body.message, 'string');
    assert.deepEqual(await orderOf(admin, mine), ['A', 'C', 'B']);
    assert.equal((await admin.put(`/api/slider/up/${a!._id}`)).status, 200);
    assert.deepEqual(await orderOf(admin, mine), ['C', 'A', 'B']);

    const all = await list(admin);
    const firstMove = await admin.put(`/api/slider/down/${all[0]!._id}`);
    assert.equal(firstMove.status, 200);
    assert.match(firstMove.body.message, /already first/);
    const lastMove = await admin.put(`/api/slider/up/${all.at(-1)!._id}`);
    assert.equal(lastMove.status, 200);
    assert.match(lastMove.body.message, /already last/);
    assert.deepEqual(
      (await list(admin)).map((s) => s._id),
      all.map((s) => s._id),
      'no-ops change nothing',
    );
    assertGapFree(await list(admin));
  });

  it('answers 400 for a bad direction and 404 for an unknown slide', async () => {
    const admin = await server().admin();
    const [slide] = await addSlides(server(), admin, ['lost']);
    const sideways = await admin.put(`/api/slider/sideways/${slide!._id}`);
    assert.equal(sideways.status, 400);
    assert.match(sideways.body.message, /direction/);
    assert.equal((await admin.put(`/api/slider/up/${UNKNOWN_ID}`)).status, 404);
    assert.equal((await admin.put(`/api/slider/down/not-an-id`)).status, 404);
    assert.equal((await admin.put(`/api/slider/${UNKNOWN_ID}`, { title: 't', details: 'd' })).status, 404);
    assert.equal((await admin.delete(`/api/slider/${UNKNOWN_ID}`)).status, 404);
    assert.equal((await admin.delete('/api/slider/not-an-id')).status, 404);
  });

  it('keeps positions unique and gap-free after deletes', async () => {
    const admin = await server().admin();
    const mine = await addSlides(server(), admin, ['P', 'Q', 'R', 'S']);
    assert.equal((await admin.delete(`/api/slider/${mine[1]!._id}`)).status, 200);
    assert.equal((await admin.delete(`/api/slider/${mine[0]!._id}`)).status, 200);
    const after = await list(admin);
    assertGapFree(after);
    assert.deepEqual(await orderOf(admin, mine), ['R', 'S']);
  });

  it('keeps positions gap-free under 20 concurrent moves', async () => {
    const admin = await server().admin();
    const mine = await addSlides(server(), admin, ['m1', 'm2', 'm3', 'm4', 'm5']);
    const before = await list(admin);
    const moves = Array.from({ length: 20 }, (_, i) =>
      admin.put(`/api/slider/${i % 3 === 0 ? 'up' : 'down'}/${mine[(i * 7) % mine.length]!._id}`),
    );
    const answers = await Promise.all(moves);
    assert.deepEqual(
      answers.map((r) => r.status),
      answers.map(() => 200),
    );
    const after = await list(admin);
    assertGapFree(after);
    assert.deepEqual(
      after.map((s) => s._id).sort(),
      before.map((s) => s._id).sort(),
      'every slide is still there, once',
    );
  });

  it('answers 409 to an edit based on a stale version', async () => {
    const admin = await server().admin();
    const [slide] = await addSlides(server(), admin, ['versioned']);
    const first = await admin.put(
      `/api/slider/${slide!._id}`,
      { title: 'first edit', details: 'd' },
      { 'if-match': `"${slide!.updatedAt}"` },
    );
    assert.equal(first.status, 200);
    assert.notEqual(first.body.data.updatedAt, slide!.updatedAt);
    const stale = await admin.put(
      `/api/slider/${slide!._id}`,
      { title: 'second edit', details: 'd' },
      { 'if-match': slide!.updatedAt },
    );
    assert.equal(stale.status, 409);
    assert.equal(typeof stale.body.message, 'string');
    const staleBody = await admin.put(`/api/slider/${slide!._id}`, {
      title: 'third edit',
      details: 'd',
      expectedUpdatedAt: slide!.updatedAt,
    });
    assert.equal(staleBody.status, 409);
    assert.equal((await list(admin)).find((s) => s._id === slide!._id)!.title, 'first edit');
  });
});
