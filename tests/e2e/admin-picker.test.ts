import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { expectToast, makeImage, signInThroughApi, unique } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';

/** The photo picker of the admin forms: upload on choose, paste and drop, progress, previews and the focal point. */
describe('admin photo picker', () => {
  const suite = browserSuite();

  /** Puts a real PNG into the page as a File, under `name` on window, for a paste or a drop. */
  async function fileInPage(page: Page, name: string): Promise<void> {
    const base64 = readFileSync(await makeImage('png', 800, 600)).toString('base64');
    await page.evaluate(
      ({ base64, name }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
        (window as unknown as Record<string, DataTransfer>)[name] = transfer;
      },
      { base64, name },
    );
  }

  const uploads = (page: Page) => {
    const seen: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/card/upload')) seen.push(r.url());
    });
    return seen;
  };

  test('a chosen photo uploads at once with progress; the tapped focal point reaches the public page', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/admin/addproduct`);
      const title = `Focus ${unique()}`;
      await page.getByLabel('Title in Arabic').fill(title);
      await page.getByLabel('Description in Arabic').fill('Spikes on a ledge.');
      const save = page.getByRole('button', { name: 'Save', exact: true });

      // The server's answer is held back a moment, so the running upload can be seen.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/card/upload', async (route) => {
        await held;
        await route.continue();
      });
      const seen = uploads(page);
      const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/card/upload'));
      await page.getByLabel(/^Image/).setInputFiles(await makeImage('png', 1200, 900));
      const progress = page.getByRole('progressbar', { name: 'Image upload progress' });
      await progress.waitFor();
      await sent;
      assert.equal(seen.length, 1, 'the upload started without pressing anything');
      assert.equal(await save.isDisabled(), true, 'Save waits while the upload runs');
      await page.getByRole('button', { name: 'Cancel upload' }).waitFor();
      release();
      await expectToast(page, 'Image uploaded successfully!');
      await progress.waitFor({ state: 'detached' });
      assert.equal(await save.isDisabled(), false);

      // The photo whole with its focal point, and the crop a card shows.
      const stage = page.getByRole('group', { name: 'Focal point' });
      await stage.waitFor();
      await page.getByText('Focal point: 50% from the left, 50% from the top').waitFor();
      const preview = page.locator('.preview-card img');
      assert.equal(await preview.evaluate((img) => getComputedStyle(img).objectPosition), '50% 50%');
      await expectNoAxeViolations(page, 'addproduct with a photo');

      const box = (await stage.boundingBox())!;
      await stage.click({ position: { x: box.width * 0.2, y: box.height * 0.8 } });
      await page.getByText('Focal point: 20% from the left, 80% from the top').waitFor();
      assert.equal(
        await preview.evaluate((img) => getComputedStyle(img).objectPosition),
        '20% 80%',
        'the preview follows at once',
      );
      // Arrow keys move it too, one step of 5%.
      await stage.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowUp');
      await page.getByText('Focal point: 25% from the left, 75% from the top').waitFor();

      await save.click();
      await expectToast(page, 'Product added');
      const card = (
        (await server.anon().get('/api/card?type=product')).body.data as { title: string; image: string }[]
      ).find((c) => c.title === title)!;
      assert.ok(card, 'the card is saved');
      const facts = await (await server.admin()).get(`/api/images/${card.image}`);
      assert.deepEqual(facts.body.data.focus, { x: 0.25, y: 0.75 }, 'the point is stored with the image');

      const visitor = await page.context().newPage();
      await visitor.goto(`${server.url}/en/products`);
      const shown = visitor.locator(`img[src="/uploads/${card.image}"]`);
      assert.equal(
        await shown.evaluate((img) => getComputedStyle(img).objectPosition),
        '25% 75%',
        'the public card is cropped around it',
      );
      await visitor.close();

      // Editing the card starts from the stored point.
      const id = (
        (await server.anon().get('/api/card?type=product')).body.data as { _id: string; title: string }[]
      ).find((c) => c.title === title)!._id;
      await page.goto(`${server.url}/en/admin/editcard?id=${id}&category=product`);
      await page.getByText('Focal point: 25% from the left, 75% from the top').waitFor();
    }));

  test('a running upload can be cancelled: the form is as before and Save is free again', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/admin/addslide`);
      const save = page.getByRole('button', { name: 'Save', exact: true });
      // The upload never gets its answer: only Cancel ends it.
      await page.route('**/api/card/upload', () => new Promise(() => {}));
      await page.getByLabel(/^Image/).setInputFiles(await makeImage('png'));
      const progress = page.getByRole('progressbar', { name: 'Image upload progress' });
      await progress.waitFor();
      assert.equal(await save.isDisabled(), true);
      await page.getByRole('button', { name: 'Cancel upload' }).click();
      await progress.waitFor({ state: 'detached' });
      assert.equal(await save.isDisabled(), false, 'Save is free again');
      assert.equal(await page.getByRole('group', { name: 'Focal point' }).count(), 0, 'no photo is shown');
      assert.equal(await page.getByRole('alert').count(), 0, 'a cancel is no failure');
    }));

  test('a pasted photo uploads, with the slide previews for a computer and a phone', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/admin/addslide`);
      await page.getByLabel('Title in Arabic').waitFor();
      const seen = uploads(page);
      await fileInPage(page, 'pasted');
      await page.evaluate(() => {
        const clipboardData = (window as unknown as Record<string, DataTransfer>).pasted!;
        document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
      });
      await expectToast(page, 'Image uploaded successfully!');
      assert.equal(seen.length, 1);
      await page.getByText('Slide on a computer').waitFor();
      await page.getByText('Slide on a phone').waitFor();
      const ratio = await page
        .locator('.preview-slide-phone .preview-frame')
        .evaluate((el) => el.clientWidth / el.clientHeight);
      assert.ok(Math.abs(ratio - 390 / 600) < 0.02, `the phone frame is the slider's shape on a phone (${ratio})`);
      await expectNoAxeViolations(page, 'addslide with a pasted photo');
    }));

  test('a dropped photo uploads', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/admin/addproduct?category=portfolio`);
      await page.getByLabel('Title in Arabic').waitFor();
      const seen = uploads(page);
      await fileInPage(page, 'dropped');
      const dataTransfer = await page.evaluateHandle(
        () => (window as unknown as Record<string, DataTransfer>).dropped!,
      );
      await page.dispatchEvent('.picker-drop', 'dragenter', { dataTransfer });
      await page.getByText('Drop the photo here to upload it').waitFor();
      await page.dispatchEvent('.picker-drop', 'drop', { dataTransfer });
      await expectToast(page, 'Image uploaded successfully!');
      assert.equal(seen.length, 1);
      await page.getByText('Portfolio page').waitFor();
    }));

  test('the Arabic admin refuses a text file named .jpg in Arabic, and Save waits until it is removed', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/admin/addproduct`);
      await page.getByLabel('العنوان بالعربية').fill(`منتج ${unique()}`);
      await page.getByLabel('الوصف بالعربية').fill('شوك على حافة النافذة.');
      const save = page.getByRole('button', { name: 'حفظ', exact: true });
      await save.click();
      await page.getByText('يرجى رفع صورة أولًا.').waitFor();

      await page
        .getByLabel(/^الصورة/)
        .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('plain text, not a photo') });
      await expectToast(page, 'تعذّر رفع الصورة');
      await page
        .getByRole('alert')
        .getByText('تعذّر رفع الصورة: هذا الملف ليس صورة نستطيع قراءتها. استخدم JPEG أو PNG أو WebP أو AVIF أو GIF.')
        .waitFor();
      assert.equal(await save.isDisabled(), true, 'a failed upload holds Save');
      assert.equal(await page.locator('.picker-thumb').count(), 0, 'no broken thumbnail for a file that is no picture');
      await expectNoAxeViolations(page, 'addproduct with a refused file (ar)');
      await page.getByRole('button', { name: 'إزالة هذه الصورة' }).click();
      assert.equal(await save.isDisabled(), false);
    }));
});
