import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { expectToast, makeImage, publicPage, signIn, signInThroughApi, uploadViaApi } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';

describe('slide-admin', () => {
  const suite = browserSuite();
  before(async () => {
    const admin = await suite.server().admin();
    for (const title of ['Slide Alpha', 'Slide Bravo']) {
      const res = await admin.post('/api/slider/', {
        title,
        details: `${title} details`,
        image: await uploadViaApi(admin),
      });
      assert.equal(res.status, 201);
    }
  });

  const order = async () =>
    (await suite.server().anon().get('/api/slider/')).body.data as { title: string; details: string; image: string }[];
  const titles = async () => (await order()).map((s) => s.title);

  test('add, edit, reorder (Up sends down, Down sends up) and delete slides', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signIn(page, server, 'en');
      await page.getByRole('navigation').getByRole('link', { name: 'Slides' }).click();
      await page.waitForURL('**/en/admin/slide-admin');
      const heading = (name: string) => page.getByRole('heading', { level: 2, name });
      await heading('Slide Bravo').waitFor();
      await expectNoAxeViolations(page, 'slide-admin');

      await page.getByRole('link', { name: 'Add Slide' }).click();
      await page.waitForURL('**/en/admin/addslide');
      const save = page.getByRole('button', { name: 'Save', exact: true });
      await page.getByLabel('Title in Arabic').fill('Slide Charlie');
      await page.getByLabel('Details in Arabic').fill('Installed in a day.');
      await save.click();
      await page.getByText('Please upload an image first.').waitFor();
      await page.getByLabel(/^Image/).setInputFiles(await makeImage('png', 1280, 720));
      await expectToast(page, 'Image uploaded successfully!');
      await expectNoAxeViolations(page, 'addslide');
      await save.click();
      await expectToast(page, 'Slide added');
      await heading('Slide Charlie').waitFor();
      assert.deepEqual(await titles(), ['Slide Alpha', 'Slide Bravo', 'Slide Charlie']);
      assert.ok((await publicPage(server, '/en/')).includes('Slide Charlie'), 'the home slider shows the new slide');

      await page
        .getByRole('listitem')
        .filter({ has: heading('Slide Bravo') })
        .getByRole('link', { name: 'Edit' })
        .click();
      await page.waitForURL('**/en/admin/editslide?id=*');
      assert.equal(await page.getByLabel('Details in Arabic').inputValue(), 'Slide Bravo details');
      await page.getByLabel('Details in Arabic').fill('Bravo, rewritten.');
      await expectNoAxeViolations(page, 'editslide');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Slide updated');
      await heading('Slide Bravo').waitFor();
      const bravo = (await order()).find((s) => s.title === 'Slide Bravo')!;
      assert.equal(bravo.details, 'Bravo, rewritten.');

      const first = page.getByRole('button', { name: 'Move “Slide Alpha” up' });
      const last = page.getByRole('button', { name: 'Move “Slide Charlie” down' });
      assert.equal(await first.isDisabled(), true, 'the first slide cannot go up');
      assert.equal(await last.isDisabled(), true, 'the last slide cannot go down');

      const moves: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PUT' && /\/api\/slider\/(up|down)\//.test(r.url()))
          moves.push(new URL(r.url()).pathname.split('/')[3]!);
      });
      await page.getByRole('button', { name: 'Move “Slide Charlie” up' }).click();
      await page.getByText('“Slide Charlie” is now at position 2.').waitFor();
      assert.deepEqual(await titles(), ['Slide Alpha', 'Slide Charlie', 'Slide Bravo']);
      const shown = await page.getByRole('heading', { level: 2 }).allTextContents();
      assert.deepEqual(shown, ['Slide Alpha', 'Slide Charlie', 'Slide Bravo'], 'the list shows the new order');
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent),
        'Up',
        'focus stays on the Up button',
      );

      await page.getByRole('button', { name: 'Move “Slide Alpha” down' }).click();
      await page.getByText('“Slide Alpha” is now at position 2.').waitFor();
      assert.deepEqual(await titles(), ['Slide Charlie', 'Slide Alpha', 'Slide Bravo']);
      assert.deepEqual(moves, ['down', 'up'], 'Up sends down and Down sends up, as the specification says');

      await page
        .getByRole('listitem')
        .filter({ has: heading('Slide Bravo') })
        .getByRole('button', { name: 'Delete' })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Slide moved to the Trash');
      await heading('Slide Bravo').waitFor({ state: 'detached' });
      assert.deepEqual(await titles(), ['Slide Charlie', 'Slide Alpha']);
      assert.ok(!(await publicPage(server, '/en/')).includes('Slide Bravo'), 'the home slider no longer shows it');
    }));

  test('the Arabic phone layout passes axe', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/admin/slide-admin`);
      await page.getByRole('link', { name: 'إضافة شريحة' }).waitFor();
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await expectNoAxeViolations(page, 'slide-admin (ar, phone)');
    }));
});
