import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { expectToast, signInThroughApi, uploadViaApi } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations } from '../helpers/browser.ts';
import { createCard } from '../helpers/factories.ts';
import type { TestServer } from '../helpers/server.ts';

/**
 * The Cities screen's delete (issue 34 point 8): asked first, undone from the toast, and found in
 * the Trash and restored there; the History names the city and its fields, in Arabic.
 */

const NAME = 'سكاكا';

async function theCity(server: TestServer, id: string): Promise<{ projectIds: string[] } | undefined> {
  const admin = await server.admin();
  return ((await admin.get('/api/cities')).body.data as { _id: string; projectIds: string[] }[]).find(
    (c) => c._id === id,
  );
}

describe('cities in the Trash: the Arabic admin deletes a city, undoes it, and restores it from the Trash', () => {
  const suite = browserSuite();

  test('delete asks first, Undo puts it back with its project, the Trash and History name it (Arabic, desktop)', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      const admin = await server.admin();
      const project = await createCard(admin, 'portfolio', { image: await uploadViaApi(admin) });
      const made = await admin.post('/api/cities', {
        nameAr: NAME,
        nameEn: 'Sakaka',
        introAr: 'نركّب الشوك على المساجد والأسواق.',
        introEn: '',
        areasAr: '',
        areasEn: '',
        phone: '',
        whatsapp: '',
        enabled: true,
        projectIds: [project._id],
      });
      assert.equal(made.status, 201);
      const id = made.body.data._id as string;

      await signInThroughApi(page, server);
      await page.goto(`${server.url}/admin/cities`);
      const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: NAME }) });
      const remove = async () => {
        await item.getByRole('button', { name: `حذف ${NAME}` }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('سلة المحذوفات', { exact: false }).waitFor();
        await dialog.getByRole('button', { name: 'حذف', exact: true }).click();
        await expectToast(page, 'نُقلت المدينة إلى سلة المحذوفات');
        await item.waitFor({ state: 'detached' });
        assert.equal(await theCity(server, id), undefined, 'gone from the list');
      };

      // Asked first: cancelling keeps it.
      await item.getByRole('button', { name: `حذف ${NAME}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'إلغاء' }).click();
      assert.ok(await theCity(server, id), 'kept when cancelled');

      await remove();
      await page.getByRole('region', { name: 'الإشعارات' }).getByRole('button', { name: 'تراجع' }).click();
      await expectToast(page, 'تمت استعادة المدينة');
      await item.waitFor();
      assert.deepEqual((await theCity(server, id))?.projectIds, [project._id], 'back with its project');

      // Deleted again, it waits in the Trash, named as a city.
      await remove();
      await page.goto(`${server.url}/admin/trash`);
      const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: NAME }) });
      await row.getByText('مدينة', { exact: false }).waitFor();
      await row.getByText('/cities/sakaka').waitFor();
      await expectNoAxeViolations(page, '/admin/trash with a city');
      await row.getByRole('button', { name: 'استعادة' }).click();
      await expectToast(page, 'تمت استعادة المدينة');
      await row.waitFor({ state: 'detached' });
      assert.deepEqual((await theCity(server, id))?.projectIds, [project._id], 'restored with its project');

      // The History names the kind and the city's fields in Arabic.
      await page.goto(`${server.url}/admin/history`);
      const change = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: NAME }) })
        .first();
      await change.getByText('مدينة', { exact: false }).first().waitFor();
      assert.equal(await theCity(server, id).then((c) => c !== undefined), true);
    }));

  test('an edit of a city is listed in History with its fields in Arabic and can be restored', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      const admin = await server.admin();
      const body = {
        nameAr: 'عرعر',
        nameEn: 'Arar',
        introAr: '',
        introEn: '',
        areasAr: '',
        areasEn: '',
        phone: '',
        whatsapp: '',
        enabled: true,
      };
      const made = await admin.post('/api/cities', body);
      const id = made.body.data._id as string;
      assert.equal(
        (await admin.put(`/api/cities/${id}`, { ...body, introAr: 'مقدمة عرعر', enabled: false })).status,
        200,
      );

      await signInThroughApi(page, server);
      await page.goto(`${server.url}/admin/history?id=${id}`);
      const change = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('rowheader', { name: 'المقدمة بالعربية' }) });
      await change.getByRole('rowheader', { name: 'تظهر في الموقع' }).waitFor();
      await change.getByRole('cell', { name: 'لا' }).waitFor();
      await expectNoAxeViolations(page, '/admin/history of a city');
      await change.getByRole('button', { name: 'استعادة هذه النسخة' }).click();
      await expectToast(page, 'تمت استعادة النسخة');
      const now = (
        (await admin.get('/api/cities')).body.data as { _id: string; introAr: string; enabled: boolean }[]
      ).find((c) => c._id === id);
      assert.deepEqual([now?.introAr, now?.enabled], ['', true]);
    }));
});
