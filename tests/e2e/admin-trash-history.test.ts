import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { expectToast, signInThroughApi, unique, uploadViaApi } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';
import type { TestServer } from '../helpers/server.ts';

/** Undo from the toasts, the Trash screen and History restore (issue 26), in both languages. */

async function card(server: TestServer, id: string): Promise<{ status: number; title?: string }> {
  const res = await server.anon().get(`/api/card/details?id=${id}`);
  return { status: res.status, title: res.body.data?.cardWithImageUrl?.title };
}

async function newCard(server: TestServer, title: string): Promise<string> {
  const admin = await server.admin();
  const created = await admin.post('/api/card/?type=product', {
    title,
    description: 'Stainless spikes',
    image: await uploadViaApi(admin),
  });
  assert.equal(created.status, 201);
  return created.body.data._id as string;
}

describe('trash, undo and history screens', () => {
  const suite = browserSuite();

  test('Undo on the delete and edit toasts puts things back (Arabic, desktop)', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      const title = `شوك ${unique()}`;
      const id = await newCard(server, title);
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/admin/product-admin`);
      const tile = page.getByRole('article', { name: title });
      await tile.getByRole('button', { name: 'حذف' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'حذف' }).click();
      await expectToast(page, 'نُقل المنتج إلى سلة المحذوفات');
      await tile.waitFor({ state: 'detached' });
      assert.equal((await card(server, id)).status, 404);
      const undo = page.getByRole('region', { name: 'الإشعارات' }).getByRole('button', { name: 'تراجع' });
      // A plain success toast is gone after 2 s; one with Undo stays at least 8 s.
      await page.waitForTimeout(3000);
      assert.equal(await undo.count(), 1, 'the undoable toast is still there after 3 s');
      await undo.click();
      await expectToast(page, 'تمت استعادة المنتج');
      await tile.waitFor();
      assert.equal((await card(server, id)).title, title, 'back under the same id');

      await page.goto(`${server.url}/admin/editcard?id=${id}&category=product`);
      await page.getByRole('link', { name: 'سجل هذا العنصر' }).waitFor();
      await page.getByLabel('العنوان بالعربية').fill(`${title} معدل`);
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      await expectToast(page, 'تم تحديث المنتج');
      assert.equal((await card(server, id)).title, `${title} معدل`);
      await page.getByRole('region', { name: 'الإشعارات' }).getByRole('button', { name: 'تراجع' }).click();
      await expectToast(page, 'تمت استعادة النسخة');
      await page.getByRole('article', { name: title }).waitFor();
      assert.equal((await card(server, id)).title, title);
    }));

  test('Undo on the details switch flips it back (Arabic, phone)', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      const title = `شبك ${unique()}`;
      const id = await newCard(server, title);
      const isDetailed = async () =>
        (await server.anon().get(`/api/card/details?id=${id}`)).body.data.cardWithImageUrl.isDetailed as boolean;
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/admin/details-admin?id=${id}&category=product`);
      const flag = page.getByRole('switch', { name: 'صفحة التفاصيل' });
      await flag.click();
      await expectToast(page, 'تم تشغيل صفحة التفاصيل');
      assert.equal(await isDetailed(), true);
      await page.getByRole('region', { name: 'الإشعارات' }).getByRole('button', { name: 'تراجع' }).click();
      await expectToast(page, 'تم إيقاف صفحة التفاصيل');
      await page.waitForFunction(
        () => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false',
      );
      assert.equal(await isDetailed(), false, 'the server has it off again');
      // Undo only from the state the flip made: flipped again since, the Undo changes nothing.
      await flag.click();
      await expectToast(page, 'تم تشغيل صفحة التفاصيل');
      const admin = await server.admin();
      assert.equal((await admin.put(`/api/card/togggle-details/${id}`)).status, 200);
      await page.getByRole('region', { name: 'الإشعارات' }).getByRole('button', { name: 'تراجع' }).last().click();
      await expectToast(page, 'عدّل شخص آخر هذا العنصر بعد أن فتحته. أعد تحميل الصفحة لترى أحدث نسخة.');
      assert.equal(await isDetailed(), false, 'the other change stands');
    }));

  test('History restore and the Trash screen (English, phone)', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      const title = `Spikes ${unique()}`;
      const id = await newCard(server, title);
      const admin = await server.admin();
      assert.equal(
        (await admin.put(`/api/card/${id}`, { title: `${title} renamed`, description: 'Stainless spikes' })).status,
        200,
      );
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/admin/history?id=${id}`);
      await page.getByRole('heading', { level: 1, name: 'History of this item' }).waitFor();
      const change = page.getByRole('listitem', { name: `${title} renamed` });
      await change.getByRole('cell', { name: title, exact: true }).waitFor();
      await expectNoAxeViolations(page, 'history (en)');
      await change.getByRole('button', { name: 'Restore this version' }).click();
      await expectToast(page, 'Version restored');
      assert.equal((await card(server, id)).title, title);

      assert.equal((await admin.delete(`/api/card/${id}`)).status, 200);
      await page.goto(`${server.url}/en/admin/trash`);
      await page.getByRole('heading', { level: 1, name: 'Trash' }).waitFor();
      const row = page.getByRole('listitem', { name: title });
      await row.waitFor();
      await expectNoAxeViolations(page, 'trash (en)');
      await row.getByRole('button', { name: 'Restore' }).click();
      await expectToast(page, 'Product restored');
      await row.waitFor({ state: 'detached' });
      assert.equal((await card(server, id)).title, title);

      assert.equal((await admin.delete(`/api/card/${id}`)).status, 200);
      await page.reload();
      await page.getByRole('listitem', { name: title }).getByRole('button', { name: 'Delete forever' }).click();
      await page
        .getByRole('dialog', { name: `Delete “${title}” forever?` })
        .getByRole('button', { name: 'Delete forever' })
        .click();
      await expectToast(page, 'Product deleted forever');
      assert.equal((await admin.post(`/api/trash/${id}/restore`, {})).status, 404);
    }));

  test("The search titles' changes in the History, named in Arabic and English (desktop)", () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      const admin = await server.admin();
      const save = async (titleEn: string) =>
        assert.equal(
          (await admin.put('/api/seo', { titleAr: '', titleEn, descriptionAr: '', descriptionEn: '' })).status,
          200,
        );
      const first = `Pigeon nets ${unique()}`;
      await save(first);
      await save(`${first} renamed`);
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/admin/history?id=seo`);
      const change = page.getByRole('listitem', { name: 'عناوين محركات البحث' }).first();
      await change.getByRole('rowheader', { name: 'العنوان بالإنجليزية' }).waitFor();
      await change.getByRole('cell', { name: `${first} renamed`, exact: true }).waitFor();
      await expectNoAxeViolations(page, 'history of the search titles (ar)');
      await change.getByRole('button', { name: 'استعادة هذه النسخة' }).click();
      await expectToast(page, 'تمت استعادة النسخة');
      assert.equal((await server.anon().get('/api/seo')).body.data.titleEn, first);

      await page.goto(`${server.url}/en/admin/history?id=seo`);
      await page
        .getByRole('listitem', { name: 'Search titles' })
        .first()
        .getByRole('rowheader', { name: 'English title' })
        .waitFor();
    }));

  test("Undo on the search titles' save toast brings the earlier titles back (English admin, phone)", () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      const admin = await server.admin();
      const earlier = `Bird spikes ${unique()}`;
      assert.equal(
        (await admin.put('/api/seo', { titleAr: '', titleEn: earlier, descriptionAr: '', descriptionEn: '' })).status,
        200,
      );
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/admin/keyword-admin`);
      const headline = page.getByLabel('Headline in English (every page title)');
      await headline.fill(`${earlier} changed`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Search titles saved');
      assert.equal((await admin.get('/api/seo')).body.data.titleEn, `${earlier} changed`);
      await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Undo' }).click();
      await expectToast(page, 'Version restored');
      assert.equal((await admin.get('/api/seo')).body.data.titleEn, earlier);
      // The editor reads again what the undo restored.
      await page.waitForFunction(
        (want) => [...document.querySelectorAll('input')].some((input) => input.value === want),
        earlier,
      );
      assert.equal(await headline.inputValue(), earlier);
      // The Arabic admin says the same toast in Arabic.
      await page.goto(`${server.url}/admin/keyword-admin`);
      await page.getByLabel('العنوان بالإنجليزية (في عنوان كل صفحة)').fill(`${earlier} again`);
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      await expectToast(page, 'تم حفظ عناوين محركات البحث');
    }));
});
