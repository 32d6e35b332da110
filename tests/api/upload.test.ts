import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import sharp from 'sharp';
import { uploadImage } from '../helpers/factories.ts';
import {
  FORMATS,
  GPS_MARKER,
  hugePixelPng,
  imageForm,
  jpegWithGps,
  makeImage,
  overTenMegabytePng,
  svgImage,
  textAsJpeg,
  type Fixture,
} from '../helpers/images.ts';
import { describeEachEngine, type TestServer } from '../helpers/server.ts';
import { storedFile, storedFileNames } from '../helpers/stored-images.ts';

const NAME = /^[a-f0-9]{32}\.webp$/;
const storedFiles = (server: TestServer) => storedFileNames(server);
/** The stored bytes of a file, which must be there. */
async function storedBytes(server: TestServer, name: string): Promise<Buffer> {
  const bytes = await storedFile(server, name);
  assert.ok(bytes, `${name} is stored`);
  return bytes;
}

describeEachEngine('image upload API', (server) => {
  let big: Fixture;
  let huge: Fixture;
  before(async () => {
    [big, huge] = await Promise.all([overTenMegabytePng(), hugePixelPng()]);
  });

  it('accepts JPEG, PNG, WebP, GIF and AVIF and stores each re-encoded as WebP under a name of ours', async () => {
    const admin = await server().admin();
    for (const format of FORMATS) {
      const res = await admin.post('/api/card/upload', imageForm(await makeImage(format, 400, 300)));
      assert.equal(res.status, 200, `${format}: ${JSON.stringify(res.body)}`);
      assert.match(res.body.image, NAME, format);
      assert.equal(res.body.imageUrl, `/uploads/${res.body.image}`);
      const meta = await sharp(await storedBytes(server(), res.body.image)).metadata();
      assert.equal(meta.format, 'webp', format);
      assert.deepEqual([meta.width, meta.height], [400, 300], format);
    }
  });

  it('strips EXIF, including the GPS position, from a phone photo', async () => {
    const admin = await server().admin();
    const photo = await jpegWithGps();
    const original = await sharp(photo.bytes).metadata();
    assert.ok(original.exif?.includes(GPS_MARKER), 'the fixture carries GPS data');
    const name = await uploadImage(admin, photo);
    for (const file of [name, name.replace('.webp', '-320.webp')]) {
      const bytes = await storedBytes(server(), file);
      const meta = await sharp(bytes).metadata();
      assert.equal(meta.exif, undefined, `${file} has no EXIF`);
      assert.ok(!bytes.includes(GPS_MARKER), `${file} has no trace of the GPS block`);
    }
  });

  it('makes resized variants for srcset and caps the stored width', async () => {
    const admin = await server().admin();
    const name = await uploadImage(admin, await makeImage('jpeg', 1000, 500));
    for (const width of [320, 640, 800, 960]) {
      const meta = await sharp(await storedBytes(server(), name.replace('.webp', `-${width}.webp`))).metadata();
      assert.equal(meta.width, width);
      assert.equal(meta.height, width / 2, 'aspect ratio kept');
    }
    assert.equal(await storedFile(server(), name.replace('.webp', '-1280.webp')), undefined, 'no upscaled variant');
    const stored = await server().app.ctx.images.find(server().app.ctx.db, name);
    assert.deepEqual(stored, {
      name,
      width: 1000,
      height: 500,
      variants: [320, 640, 800, 960, 1000],
      focus: { x: 0.5, y: 0.5 },
    });

    const wide = await uploadImage(admin, await makeImage('png', 3000, 300));
    assert.equal((await sharp(await storedBytes(server(), wide)).metadata()).width, 2400);
  });

  it('serves the stored file under /uploads/<name> with a long immutable cache header', async () => {
    const admin = await server().admin();
    const name = await uploadImage(admin);
    const res = await fetch(`${server().url}/uploads/${name}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/webp');
    const cache = res.headers.get('cache-control') ?? '';
    assert.match(cache, /immutable/);
    assert.ok(Number(/max-age=(\d+)/.exec(cache)?.[1]) >= 31_536_000, cache);
    assert.ok(Buffer.from(await res.arrayBuffer()).equals(await storedBytes(server(), name)));
    assert.equal((await fetch(`${server().url}/uploads/${'0'.repeat(32)}.webp`)).status, 404);
  });

  it('refuses files that are not images, whatever their name says, with 415 and stores nothing', async () => {
    const admin = await server().admin();
    const before = await storedFiles(server());
    for (const fixture of [textAsJpeg(), svgImage()]) {
      const res = await admin.post('/api/card/upload', imageForm(fixture));
      assert.equal(res.status, 415, fixture.filename);
      assert.equal(typeof res.body.message, 'string');
    }
    const tiff = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    assert.equal(
      (await admin.post('/api/card/upload', imageForm({ bytes: tiff, filename: 'scan.png', type: 'image/png' })))
        .status,
      415,
      'TIFF',
    );
    assert.deepEqual(await storedFiles(server()), before);
  });

  it('refuses a file over 10 MB and an image over the pixel limit with 413', async () => {
    const admin = await server().admin();
    const before = await storedFiles(server());
    const tooBig = await admin.post('/api/card/upload', imageForm(big));
    assert.equal(tooBig.status, 413);
    assert.match(tooBig.body.message, /10 MB/);
    const tooManyPixels = await admin.post('/api/card/upload', imageForm(huge));
    assert.equal(tooManyPixels.status, 413);
    assert.match(tooManyPixels.body.message, /pixels/);
    assert.deepEqual(await storedFiles(server()), before);
    assert.equal(
      (await admin.post('/api/card/upload', imageForm(await makeImage()))).status,
      200,
      'the next upload works',
    );
  });

  it('answers 400 when the request is not multipart or has no "image" field', async () => {
    const admin = await server().admin();
    const json = await admin.post('/api/card/upload', { image: 'photo.jpg' });
    assert.equal(json.status, 400);
    assert.match(json.body.message, /image/);
    const empty = await admin.post('/api/card/upload');
    assert.equal(empty.status, 400);
    const wrongField = await admin.post('/api/card/upload', imageForm(await makeImage(), 'file'));
    assert.equal(wrongField.status, 400);
    assert.match(wrongField.body.message, /image/);
    const textOnly = new FormData();
    textOnly.append('image', 'not a file');
    assert.equal((await admin.post('/api/card/upload', textOnly)).status, 400);
  });

  it('refuses an upload without a session', async () => {
    const before = await storedFiles(server());
    const res = await server()
      .anon()
      .post('/api/card/upload', imageForm(await makeImage()));
    assert.equal(res.status, 401);
    assert.deepEqual(await storedFiles(server()), before);
  });
});
