import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createCard, uploadImage } from '../helpers/factories.ts';
import { describeEachEngine } from '../helpers/server.ts';

const UNKNOWN = `${'0'.repeat(32)}.webp`;

/** The focal point of a stored image: set by the admin, kept with the image, applied by every page that crops it. */
describeEachEngine('image focal point', (server) => {
  const version = async () =>
    Number(
      (await server().app.ctx.db.selectFrom('content_version').select('version').executeTakeFirstOrThrow()).version,
    );

  it('starts at the centre and keeps the point the admin sets', async () => {
    const admin = await server().admin();
    const name = await uploadImage(admin);
    const read = await admin.get(`/api/images/${name}`);
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.deepEqual(read.body.data, {
      image: name,
      imageUrl: `/uploads/${name}`,
      width: 400,
      height: 300,
      focus: { x: 0.5, y: 0.5 },
    });

    const set = await admin.put(`/api/images/${name}/focus`, { x: 0.25, y: 0.8 });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal(set.body.message, 'Focal point saved');
    assert.deepEqual(set.body.data.focus, { x: 0.25, y: 0.8 });
    assert.deepEqual((await admin.get(`/api/images/${name}`)).body.data.focus, { x: 0.25, y: 0.8 });
    // The same picture uploaded again is the same stored image: it keeps its point.
    assert.deepEqual((await server().app.ctx.images.find(server().app.ctx.db, name))?.focus, { x: 0.25, y: 0.8 });
    for (const edge of [
      { x: 0, y: 1 },
      { x: 1, y: 0 },
    ]) {
      assert.deepEqual((await admin.put(`/api/images/${name}/focus`, edge)).body.data.focus, edge);
    }
  });

  it('refuses a point outside the photo, a missing coordinate and a name that is no image name (400)', async () => {
    const admin = await server().admin();
    const name = await uploadImage(admin);
    for (const [body, field] of [
      [{ x: 1.01, y: 0.5 }, 'x'],
      [{ x: 0.5, y: -0.1 }, 'y'],
      [{ x: 0.5 }, 'y'],
      [{ x: 'left', y: 0.5 }, 'x'],
    ] as const) {
      const res = await admin.put(`/api/images/${name}/focus`, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, new RegExp(`^${field} `), res.body.message);
    }
    assert.deepEqual(
      (await admin.get(`/api/images/${name}`)).body.data.focus,
      { x: 0.5, y: 0.5 },
      'nothing was stored',
    );
    const bad = await admin.put('/api/images/..%2Fsecret/focus', { x: 0.5, y: 0.5 });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /^name /);
  });

  it('refuses null and fields the call does not take, instead of reading 0 or dropping them (400)', async () => {
    const admin = await server().admin();
    const name = await uploadImage(admin);
    for (const [body, message] of [
      [{ x: null, y: 0.5 }, /^x must be a number/],
      [{ x: 0.3, y: null }, /^y must be a number/],
      [{ x: '0.3', y: 0.5 }, /^x must be a number/],
      [{ x: 0.3, y: 0.5, z: 1 }, /^z is not a field this call takes/],
      [{ x: 0.3, y: 0.5, ['a'.repeat(500)]: 1 }, /^a{64} is not a field this call takes/],
    ] as const) {
      const res = await admin.put(`/api/images/${name}/focus`, body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.match(res.body.message, message, res.body.message);
    }
    assert.deepEqual(
      (await admin.get(`/api/images/${name}`)).body.data.focus,
      { x: 0.5, y: 0.5 },
      'nothing was stored',
    );
  });

  it('answers 404 for an image that is not stored, and 401 without a session', async () => {
    const admin = await server().admin();
    const missing = await admin.put(`/api/images/${UNKNOWN}/focus`, { x: 0.5, y: 0.5 });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, 'Image not found.');
    assert.equal((await admin.get(`/api/images/${UNKNOWN}`)).status, 404);

    const name = await uploadImage(admin);
    const anon = server().anon();
    assert.equal((await anon.put(`/api/images/${name}/focus`, { x: 0.1, y: 0.1 })).status, 401);
    assert.equal((await anon.get(`/api/images/${name}`)).status, 401);
    assert.deepEqual((await admin.get(`/api/images/${name}`)).body.data.focus, { x: 0.5, y: 0.5 });
  });

  it('moves the content version, so a kept page is rendered again with the new crop', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product');
    const page = async () => {
      const res = await fetch(`${server().url}/en/products`);
      assert.equal(res.status, 200);
      return res.text();
    };
    const imgTag = (html: string) => new RegExp(`<img[^>]*src="${card.imageUrl}"[^>]*>`).exec(html)?.[0] ?? '';
    const before = await page();
    assert.ok(imgTag(before), 'the card is on the page');
    assert.doesNotMatch(imgTag(before), /\bf[xy]\d/, 'the centre needs no class');

    const was = await version();
    assert.equal((await admin.put(`/api/images/${card.image}/focus`, { x: 0.2, y: 0.84 })).status, 200);
    assert.ok((await version()) > was, 'the content version moved');
    const after = await page();
    // Rounded to the stylesheet's steps of 5%: 20% across, 85% down.
    assert.match(imgTag(after), /class="[^"]*\bfx20 fy85\b/, imgTag(after));
    assert.match(after, /\.fx20\{--fx:20%\}/, 'the page carries the class rule');
    assert.match(after, /object-position:var\(--fx,\s*50%\)\s*var\(--fy,\s*50%\)/, 'and applies it as object-position');

    const again = await version();
    assert.equal((await admin.put(`/api/images/${card.image}/focus`, { x: 0.2, y: 0.84 })).status, 200);
    assert.equal(await version(), again, 'the same point again is no content change');
  });
});
