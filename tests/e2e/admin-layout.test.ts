import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { expectToast, makeImage, signIn, signInThroughApi } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';

describe('admin layout and the upload test page', () => {
  const suite = browserSuite();

  test('below 992 px the side navigation is a drawer: toggle, Escape, and it closes after choosing', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      await signIn(page, server, 'ar');
      const toggle = page.getByRole('button', { name: 'القائمة' });
      const nav = page.getByRole('navigation', { name: 'أقسام لوحة التحكم' });
      assert.equal(await nav.isVisible(), false, 'closed at first');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      await toggle.click();
      await nav.waitFor();
      assert.equal(await page.getByRole('button', { name: 'إغلاق القائمة' }).getAttribute('aria-expanded'), 'true');
      assert.equal(
        await page.evaluate(() => document.activeElement?.closest('nav')?.id),
        'admin-nav',
        'focus moves into the drawer',
      );
      await expectNoAxeViolations(page, 'open drawer (ar, phone)');
      for (const name of [
        'الرئيسية',
        'المنتجات',
        'أعمالنا',
        'من نحن',
        'بيانات التواصل',
        'الشرائح',
        'الكلمات المفتاحية',
      ]) {
        await nav.getByRole('link', { name }).waitFor();
      }
      await page.keyboard.press('Escape');
      await nav.waitFor({ state: 'hidden' });
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('aria-controls')),
        'admin-nav',
        'focus returns to the toggle',
      );

      await toggle.click();
      await nav.getByRole('link', { name: 'الشرائح' }).click();
      await page.waitForURL('**/admin/slide-admin');
      await nav.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1, name: 'الشرائح' }).waitFor();
      assert.equal(
        await page.evaluate(() => document.activeElement?.id),
        'page-title',
        "the new screen's heading has focus",
      );
    }));

  test('at desktop width: header links, collapsible side navigation, language toggle on the same screen', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signIn(page, server, 'ar');
      await page.waitForFunction(() => document.title === 'الرئيسية · لوحة التحكم');
      assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
      assert.equal(await page.getByRole('link', { name: 'فتح الموقع' }).getAttribute('href'), '/');
      const nav = page.getByRole('navigation', { name: 'أقسام لوحة التحكم' });
      assert.equal(
        await nav.getByRole('link', { name: 'الرئيسية' }).getAttribute('aria-current'),
        'page',
        'sign-in lands on the admin home',
      );
      await page.getByRole('button', { name: 'القائمة' }).click();
      await nav.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'القائمة' }).click();
      await nav.waitFor();

      await nav.getByRole('link', { name: 'أعمالنا' }).click();
      // The screen's code loads on the way: the toggle acts on the screen shown, so wait for it.
      await page.getByRole('heading', { level: 1, name: 'أعمالنا' }).waitFor();
      await page.getByRole('button', { name: 'Switch to English' }).click();
      await page.waitForURL('**/en/admin/portfolio-admin');
      await page.waitForFunction(
        () => document.documentElement.dir === 'ltr' && document.documentElement.lang === 'en',
      );
      await page.waitForFunction(() => document.title === 'Portfolio · Dashboard');
      await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Open the website' }).getAttribute('href'), '/en/');

      await page.goto(`${server.url}/en/admin/no-such-screen`);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await expectNoAxeViolations(page, 'admin not-found');
    }));

  test('an old screen address opens the renamed screen with its query and fragment, on a full load and inside the app', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signIn(page, server, 'en');
      const documents: number[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'document') documents.push(r.status());
      });
      await page.goto(`${server.url}/en/admin/contact-admin?from=bookmark#hours`);
      await page.waitForURL(`${server.url}/en/admin/contact?from=bookmark#hours`);
      assert.deepEqual(documents, [301, 200], 'the server moved the old address');
      // The address changes a moment before the screen is drawn: wait for the screen's own nav entry.
      await page
        .getByRole('navigation', { name: 'Dashboard sections' })
        .locator('[aria-current="page"]', { hasText: 'Contact details' })
        .waitFor();

      // An in-app link to an old address never reaches the server: the router moves it itself.
      await page.evaluate(() => {
        history.pushState(null, '', '/admin/proof-admin?from=link#quotes');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.waitForURL(`${server.url}/admin/proof?from=link#quotes`);
      await page
        .getByRole('navigation', { name: 'أقسام لوحة التحكم' })
        .locator('[aria-current="page"]', { hasText: 'الثقة والضمان' })
        .waitFor();
      assert.deepEqual(documents, [301, 200], 'no page was loaded for the in-app move');
    }));

  test('/upload posts to this server when signed in; a bad file says Upload failed', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/upload`);
      const input = page.getByLabel('Image');
      assert.equal(await input.getAttribute('accept'), 'image/*');
      await expectNoAxeViolations(page, '/en/upload');
      const posted: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST') posted.push(r.url());
      });
      await input.setInputFiles(await makeImage('jpeg'));
      await page.getByRole('button', { name: 'Upload image' }).click();
      await expectToast(page, 'Image uploaded successfully!');
      const img = page.getByRole('img', { name: 'Uploaded image' });
      await img.waitFor();
      const src = await img.getAttribute('src');
      assert.match(src ?? '', /^\/uploads\/[a-f0-9]{32}\.webp$/);
      assert.equal((await page.request.get(server.url + src)).status(), 200, 'the stored image is served');
      assert.deepEqual(
        posted,
        [`${server.url}/api/card/upload`],
        'the page posts to this server, not a development address',
      );

      await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text') });
      await page.getByRole('button', { name: 'Upload image' }).click();
      await expectToast(page, 'Upload failed');
    }));
});
