import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { expectToast, makeImage, publicPage, signIn, signInThroughApi, uploadViaApi } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';
import { cardLink, type CardAddress } from '../../src/shared/paths.ts';

/** The Details button of a product on the products page (every product's title links its page too), at its address. */
const detailsButton = (card: CardAddress) => `href="${cardLink(card, 'en')}" class="btn btn-outline card-details-link"`;

interface Detailed {
  cardWithImageUrl: CardAddress & { isDetailed: boolean };
  detailsWithImageUrl: { _id: string; title: string; description: string; image: string }[];
}

describe('details screens', () => {
  const suite = browserSuite();
  let cardId: string;
  before(async () => {
    const admin = await suite.server().admin();
    const created = await admin.post('/api/card/?type=product', {
      title: 'Steel spikes',
      description: 'For ledges.',
      image: await uploadViaApi(admin),
    });
    assert.equal(created.status, 201);
    cardId = created.body.data._id;
  });

  const details = async (): Promise<Detailed> => {
    const res = await suite.server().anon().get(`/api/card/details?id=${cardId}`);
    assert.equal(res.status, 200);
    return res.body.data;
  };

  test('the On/Off switch, and a detail item added, edited and deleted', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signIn(page, server, 'en');
      await page.getByRole('navigation').getByRole('link', { name: 'Products' }).click();
      await page.getByRole('article', { name: 'Steel spikes' }).getByRole('link', { name: 'Details' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/en/admin/details-admin' && url.searchParams.get('id') === cardId,
      );
      await page.getByRole('heading', { level: 1, name: 'Steel spikes' }).waitFor();

      const flag = page.getByRole('switch', { name: 'Details page' });
      assert.equal(await flag.getAttribute('aria-checked'), 'false');
      const answered = page.waitForResponse((r) => r.url().endsWith(`/api/card/togggle-details/${cardId}`));
      await flag.click();
      assert.equal(await flag.getAttribute('aria-checked'), 'true', 'the display flips at once');
      assert.equal((await answered).status(), 200);
      await page.locator('.switch-on').getByText('On').waitFor();
      assert.equal((await details()).cardWithImageUrl.isDetailed, true, 'the server has it on');
      const products = (await server.anon().get('/api/card?type=product')).body.data as {
        _id: string;
        isDetailed: boolean;
      }[];
      assert.equal(products.find((c) => c._id === cardId)?.isDetailed, true, 'the public list carries the flag');
      assert.ok(
        (await publicPage(server, '/en/products')).includes(detailsButton((await details()).cardWithImageUrl)),
        'the products page links the details page',
      );
      await expectNoAxeViolations(page, 'details-admin');

      await page.getByRole('link', { name: 'Add Details' }).click();
      await page.waitForURL((url) => url.pathname === '/en/admin/adddetail' && url.searchParams.get('card') === cardId);
      const save = page.getByRole('button', { name: 'Save', exact: true });
      await page.getByLabel('Title in Arabic').fill('12 cm width');
      await page.getByLabel('Description in Arabic').fill('For narrow ledges up to 15 cm.');
      await save.click();
      await page.getByText('Please upload an image first.').waitFor();
      await page.getByLabel(/^Image/).setInputFiles(await makeImage('jpeg'));
      await expectToast(page, 'Image uploaded successfully!');
      await expectNoAxeViolations(page, 'adddetail');
      await save.click();
      await expectToast(page, 'Detail item added');
      await page.waitForURL('**/en/admin/details-admin?id=*');
      const item = page.getByRole('article', { name: '12 cm width' });
      await item.waitFor();
      const added = (await details()).detailsWithImageUrl.find((d) => d.title === '12 cm width');
      assert.ok(added, 'the API lists the new detail item');
      assert.ok(
        (await publicPage(server, `/en/card-details?id=${cardId}`)).includes('12 cm width'),
        'the public details page shows it',
      );

      await item.getByRole('link', { name: 'Edit' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/en/admin/editdetail' && url.searchParams.get('id') === added._id,
      );
      assert.equal(await page.getByLabel('Title in Arabic').inputValue(), '12 cm width');
      await page.getByLabel('Description in Arabic').fill('For ledges up to 15 cm deep.');
      await expectNoAxeViolations(page, 'editdetail');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Detail item updated');
      await page.waitForURL('**/en/admin/details-admin?id=*');
      const edited = (await details()).detailsWithImageUrl.find((d) => d._id === added._id)!;
      assert.equal(edited.description, 'For ledges up to 15 cm deep.');
      assert.equal(edited.image, added.image, 'the image is kept');

      // Reload: the screen comes back from the id in the URL.
      await page.reload();
      await page.getByRole('article', { name: '12 cm width' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Detail item moved to the Trash');
      await page.getByRole('article', { name: '12 cm width' }).waitFor({ state: 'detached' });
      assert.equal((await details()).detailsWithImageUrl.length, 0);
      assert.ok(
        !(await publicPage(server, `/en/card-details?id=${cardId}`)).includes('12 cm width'),
        'and no longer after the delete',
      );

      const off = page.waitForResponse((r) => r.url().endsWith(`/api/card/togggle-details/${cardId}`));
      await flag.click();
      await off;
      assert.equal((await details()).cardWithImageUrl.isDetailed, false, 'switched off again');
      assert.ok(
        !(await publicPage(server, '/en/products')).includes(detailsButton((await details()).cardWithImageUrl)),
        'the Details button is gone (the title still links the product’s page)',
      );
    }));

  test('a failed switch flips back and says why; the Arabic phone screen passes axe', async () => {
    const admin = await suite.server().admin();
    const created = await admin.post('/api/card/?type=portfolio', {
      title: 'Mosque roof',
      description: 'Netting.',
      image: await uploadViaApi(admin),
    });
    const id = created.body.data._id as string;
    await suite.withPage(PHONE, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/admin/details-admin?id=${id}&category=portfolio`);
      const flag = page.getByRole('switch', { name: 'صفحة التفاصيل' });
      await flag.waitFor();
      await expectNoAxeViolations(page, 'details-admin (ar, phone)');
      assert.equal((await admin.delete(`/api/card/${id}`)).status, 200);
      await flag.click();
      await expectToast(page, 'البطاقة غير موجودة؛ ربما حُذفت.');
      assert.equal(await flag.getAttribute('aria-checked'), 'false', 'the switch flipped back');
    });
  });
});
