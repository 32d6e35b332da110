import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { expectToast, publicPage, signIn, signInThroughApi } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';

describe('keyword-admin', () => {
  const suite = browserSuite();
  before(async () => {
    const admin = await suite.server().admin();
    assert.equal((await admin.post('/api/word/', { word: 'bird spikes' })).status, 201);
  });

  const words = async () =>
    ((await suite.server().anon().get('/api/word/')).body.data as { word: string }[]).map((w) => w.word);

  test('add a keyword, the empty-word rule, Cancel, and delete with confirmation (Arabic)', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signIn(page, server, 'ar');
      await page.getByRole('navigation').getByRole('link', { name: 'الكلمات المفتاحية' }).click();
      await page.waitForURL('**/admin/keyword-admin');
      await page.getByText('bird spikes').waitFor();
      await expectNoAxeViolations(page, 'keyword-admin (ar)');

      const field = page.getByLabel('كلمة جديدة');
      const confirm = page.getByRole('button', { name: 'تأكيد' });
      let posts = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/word/')) posts += 1;
      });
      // A request the page makes after the clicks: its event comes after any the clicks started, so
      // once it is seen, the count of posts is final (reading it straight after a click could be early).
      const settled = async () => {
        const seen = page.waitForRequest((r) => r.url().endsWith('/api/word/?settle'));
        await page.evaluate(() => {
          void fetch('/api/word/?settle');
        });
        await seen;
        return posts;
      };

      await field.fill('   ');
      await confirm.click();
      await page.getByText('اكتب كلمة أولًا.').waitFor();
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
      await confirm.click();
      assert.equal(await settled(), 0, 'a trimmed empty word sends nothing');
      assert.deepEqual(await words(), ['bird spikes']);

      await field.fill('draft word');
      await page.getByRole('button', { name: 'إلغاء' }).click();
      assert.equal(await field.inputValue(), '', 'Cancel empties the field');
      assert.equal(await settled(), 0);

      await field.fill('  طارد الحمام  ');
      await confirm.click();
      await expectToast(page, 'تمت إضافة الكلمة المفتاحية');
      await page.getByRole('listitem').filter({ hasText: 'طارد الحمام' }).waitFor();
      assert.equal(await field.inputValue(), '');
      assert.deepEqual((await words()).sort(), ['bird spikes', 'طارد الحمام'].sort(), 'sent trimmed');
      assert.ok((await publicPage(server, '/')).includes('طارد الحمام'), 'the public pages carry the keyword');

      await field.fill('bird spikes');
      await confirm.click();
      await page
        .getByRole('region', { name: 'الإشعارات' })
        .getByText(/موجودة من قبل/)
        .waitFor();

      const remove = page.getByRole('button', { name: 'حذف الكلمة طارد الحمام' });
      await remove.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'إلغاء' }).click();
      assert.ok((await words()).includes('طارد الحمام'), 'Cancel in the dialog keeps it');
      await remove.click();
      await dialog.getByRole('button', { name: 'حذف' }).click();
      await expectToast(page, 'نُقلت الكلمة المفتاحية إلى سلة المحذوفات');
      await remove.waitFor({ state: 'detached' });
      assert.deepEqual(await words(), ['bird spikes']);
    }));

  test('the English phone layout passes axe', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/admin/keyword-admin`);
      await page.getByRole('button', { name: 'Delete keyword bird spikes' }).waitFor();
      await expectNoAxeViolations(page, 'keyword-admin (en, phone)');
    }));
});
