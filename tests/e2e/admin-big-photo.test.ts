import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { expectToast, signIn, signInThroughApi, unique } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';

/**
 * Phone photos through the admin's picker (issue 31, point 3): a 50 MB, 108-megapixel JPEG is made
 * smaller in the browser and reaches the server at most as large as the site serves (2400 px on
 * its longest side), turned as its EXIF orientation says; while the server works, the picker says so.
 */

const SERVED_SIDE = 2400;
const dir = mkdtempSync(join(tmpdir(), 'big-photos-'));
const BIG = join(dir, 'IMG_20260101_120000.jpg');
const SIDEWAYS = join(dir, 'sideways.jpg');

/** The image part of a multipart upload body, as the server would read it. */
function uploadedImage(request: Request): Buffer {
  const body = request.postDataBuffer();
  assert.ok(body, 'the upload has a body');
  const boundary = request.headers()['content-type']?.match(/boundary=(.+)$/)?.[1];
  assert.ok(boundary, 'multipart');
  const start = body.indexOf('\r\n\r\n', body.indexOf('name="image"')) + 4;
  const end = body.indexOf(`\r\n--${boundary}`, start);
  return body.subarray(start, end);
}

/** Records what each upload sent on its way to the server. */
async function watchUploads(page: Page) {
  const sent: { bytes: Buffer; type: string; filename: string }[] = [];
  await page.route('**/api/card/upload', async (route) => {
    const request = route.request();
    const part = request
      .postDataBuffer()!
      .toString('latin1')
      .match(/filename="([^"]*)"\r\nContent-Type: ([^\r]+)/);
    sent.push({ bytes: uploadedImage(request), filename: part?.[1] ?? '', type: part?.[2] ?? '' });
    await route.continue();
  });
  return { sent };
}

describe('phone photos through the admin picker', () => {
  const suite = browserSuite();

  before(async () => {
    // Made at test time, never committed: 12000 × 9000 = 108 megapixels of noise, which JPEG cannot
    // squeeze, at a quality that makes it weigh over 50 MB. A tile of noise repeated: JPEG codes
    // each 8 × 8 block on its own, so the file weighs the same as with noise drawn for every pixel
    // (52.4 MB both), and drawing it costs 6 s of CPU instead of 23.
    const tile = await sharp({
      create: {
        width: 1000,
        height: 1000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 32 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    await sharp({ create: { width: 12000, height: 9000, channels: 3, background: '#808080' } })
      .composite([{ input: tile, tile: true }])
      .jpeg({ quality: 85 })
      .toFile(BIG);
    // 4000 × 3000 stored sideways, with a red corner: EXIF orientation 6 shows it upright as 3000 × 4000, red at the top right.
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><rect width="100%" height="100%" fill="#0047ab"/><rect width="800" height="600" fill="#f00"/></svg>';
    await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toFile(SIDEWAYS);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('the fixture is what a 108-megapixel phone camera makes', async () => {
    const meta = await sharp(BIG).metadata();
    assert.equal(meta.width! * meta.height!, 108_000_000);
    assert.ok(statSync(BIG).size >= 50_000_000, `${statSync(BIG).size} bytes`);
  });

  for (const [lang, viewport] of [
    ['en', DESKTOP],
    ['ar', PHONE],
  ] as const) {
    test(`a 50 MB, 108-megapixel JPEG is accepted, sent at most ${SERVED_SIDE} px on its longest side (${lang}, ${viewport.width} px)`, () =>
      suite.withPage(viewport, async ({ page, server }) => {
        await signIn(page, server, lang);
        const prefix = lang === 'en' ? '/en' : '';
        await page.goto(`${server.url}${prefix}/admin/addproduct`);
        const { sent } = await watchUploads(page);
        await page.getByLabel(lang === 'en' ? /^Image/ : /^الصورة/).setInputFiles(BIG);
        await expectToast(page, lang === 'en' ? 'Image uploaded successfully!' : 'تم رفع الصورة بنجاح!');
        assert.equal(sent.length, 1);
        const meta = await sharp(sent[0]!.bytes).metadata();
        assert.equal(Math.max(meta.width!, meta.height!), SERVED_SIDE, `sent ${meta.width}×${meta.height}`);
        assert.equal(meta.width, SERVED_SIDE);
        assert.equal(meta.height, 1800, 'the shape is kept');
        assert.ok(sent[0]!.bytes.length < 10 * 1024 * 1024, `${sent[0]!.bytes.length} bytes sent`);
        assert.match(sent[0]!.type, /^image\/(webp|jpeg)$/);
        assert.match(sent[0]!.filename, /^IMG_20260101_120000\.(webp|jpg)$/);
        // The form takes it: the product is saved with the photo.
        const title = `${lang === 'en' ? 'Big photo' : 'صورة كبيرة'} ${unique()}`;
        await page.getByLabel(lang === 'en' ? 'Title in Arabic' : 'العنوان بالعربية').fill(title);
        await page.getByLabel(lang === 'en' ? 'Description in Arabic' : 'الوصف بالعربية').fill('شوك على الحافة.');
        await expectNoAxeViolations(page, `addproduct with a big photo (${lang})`);
        await page.getByRole('button', { name: lang === 'en' ? 'Save' : 'حفظ', exact: true }).click();
        await expectToast(page, lang === 'en' ? 'Product added' : 'تمت إضافة المنتج');
        const cards = (await server.anon().get('/api/card?type=product')).body.data as { title: string }[];
        assert.ok(cards.some((c) => c.title === title));
      }));
  }

  test('a photo stored sideways is sent upright, as its EXIF orientation says', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/admin/addslide`);
      const { sent } = await watchUploads(page);
      await page.getByLabel(/^Image/).setInputFiles(SIDEWAYS);
      await expectToast(page, 'Image uploaded successfully!');
      const image = sharp(sent[0]!.bytes);
      const meta = await image.metadata();
      assert.deepEqual([meta.width, meta.height], [1800, 2400], 'upright: taller than wide, longest side 2400');
      assert.ok(!meta.orientation || meta.orientation === 1, 'no orientation left for anyone to apply twice');
      const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
      ];
      const [r, g, b] = pixel(info.width - 20, 20);
      assert.ok(r! > 200 && g! < 60 && b! < 60, `red at the top right: ${pixel(info.width - 20, 20)}`);
      const [r2, , b2] = pixel(20, 20);
      assert.ok(b2! > 120 && r2! < 60, `blue at the top left: ${pixel(20, 20)}`);
    }));

  test('a photo no larger than the site serves is sent as it is', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      // What the page hands to XMLHttpRequest (interception does not show the bytes of a file on disk).
      await page.addInitScript(() => {
        const sent: { size: number; type: string; name: string }[] = [];
        (window as unknown as { sentImages: typeof sent }).sentImages = sent;
        const send = XMLHttpRequest.prototype.send;
        XMLHttpRequest.prototype.send = function (body) {
          const image = body instanceof FormData ? body.get('image') : null;
          if (image instanceof File) sent.push({ size: image.size, type: image.type, name: image.name });
          return send.call(this, body);
        };
      });
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/admin/addslide`);
      const small = join(dir, 'small.png');
      await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a7' } })
        .png()
        .toFile(small);
      await page.getByLabel(/^Image/).setInputFiles(small);
      await expectToast(page, 'Image uploaded successfully!');
      const sent = await page.evaluate(
        () => (window as unknown as { sentImages: { size: number; type: string; name: string }[] }).sentImages,
      );
      assert.deepEqual(sent, [{ size: statSync(small).size, type: 'image/png', name: 'small.png' }], 'the file itself');
    }));

  for (const [lang, viewport] of [
    ['ar', PHONE],
    ['en', DESKTOP],
  ] as const) {
    test(`while the server works on the photo, the picker says so and the form does not ask for one (${lang}, ${viewport.width} px)`, () =>
      suite.withPage(viewport, async ({ page, server }) => {
        await signInThroughApi(page, server);
        await page.goto(`${server.url}${lang === 'en' ? '/en' : ''}/admin/addproduct`);
        // The server has every byte and works on the photo, slowly: its decoding waits until the test lets it go.
        const images = server.app.ctx.images;
        const save = images.save;
        let release: () => void = () => {};
        let received = 0;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        images.save = async (db, input) => {
          received = input.length;
          await held;
          return save.call(images, db, input);
        };
        try {
          await page.getByLabel(lang === 'en' ? /^Image/ : /^الصورة/).setInputFiles(SIDEWAYS);
          const working = page.getByRole('status').filter({
            hasText:
              lang === 'en' ? 'Uploaded. The server is preparing the photo…' : 'اكتمل الرفع. الخادم يجهّز الصورة الآن…',
          });
          await working.waitFor();
          assert.ok(received > 0, 'the server has the photo');
          const form = page.locator('.form-actions');
          assert.equal(
            await form
              .getByText(lang === 'en' ? 'Wait until the photo has finished uploading.' : 'انتظر حتى ينتهي رفع الصورة.')
              .count(),
            1,
          );
          assert.equal(
            await page.getByText(lang === 'en' ? 'Please upload an image first.' : 'يرجى رفع صورة أولًا.').count(),
            0,
            'no "upload an image first" while it is being uploaded',
          );
          assert.equal(await page.getByText(/100\s*(%|٪)/).count(), 0, 'no "uploading… 100%" while the server works');
          await expectNoAxeViolations(page, `picker while the server works (${lang})`);
          release();
          await expectToast(page, lang === 'en' ? 'Image uploaded successfully!' : 'تم رفع الصورة بنجاح!');
          await working.waitFor({ state: 'detached' });
        } finally {
          release();
          images.save = save;
        }
      }));
  }
});
