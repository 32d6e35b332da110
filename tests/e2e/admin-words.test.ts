import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { expectToast, signInThroughApi, unique, uploadViaApi } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE, type Viewport } from '../helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer } from '../helpers/server.ts';

/**
 * Words that tell the truth (issue 31, point 6): the delete dialog says the item goes to the Trash
 * for TRASH_DAYS days; toasts, Trash and History name the kind; Undo toasts stay 10 s and while
 * the pointer is on them; a success takes down the form's earlier error toasts; forms say what is
 * missing in the dashboard's language; dates are written by Intl in that language.
 */

const W = {
  ar: {
    delete: 'حذف',
    dialog:
      'سيختفي المنتج وصورته وعناصر تفاصيله من الموقع، ويبقى في سلة المحذوفات 7 أيام: تستطيع استعادته منها، أو بزر «تراجع»، خلال هذه المدة.',
    slideDialog:
      'ستختفي الشريحة من الموقع، وتبقى في سلة المحذوفات 7 أيام: تستطيع استعادتها منها، أو بزر «تراجع»، خلال هذه المدة.',
    trashed: 'نُقل المنتج إلى سلة المحذوفات',
    projectTrashed: 'نُقل العمل إلى سلة المحذوفات',
    restored: 'تمت استعادة المنتج',
    product: 'منتج',
    project: 'عمل',
    card: /بطاقة/,
    trash: 'سلة المحذوفات',
    history: 'السجل',
    undo: 'تراجع',
    notifications: 'الإشعارات',
  },
  en: {
    delete: 'Delete',
    dialog:
      'The product, its photo and its detail items leave the site and stay in the Trash for 7 days: restore them from there, or with Undo, until then.',
    slideDialog:
      'The slide leaves the site and stays in the Trash for 7 days: restore it from there, or with Undo, until then.',
    trashed: 'Product moved to the Trash',
    projectTrashed: 'Project moved to the Trash',
    restored: 'Product restored',
    product: 'Product',
    project: 'Project',
    card: /\bcards?\b/i,
    trash: 'Trash',
    history: 'History',
    undo: 'Undo',
    notifications: 'Notifications',
  },
} as const;

async function newCard(server: TestServer, title: string, type: 'product' | 'portfolio' = 'product'): Promise<string> {
  const admin = await server.admin();
  const created = await admin.post(`/api/card/?type=${type}`, {
    title,
    description: 'شوك على الحافة',
    image: await uploadViaApi(admin),
  });
  assert.equal(created.status, 201);
  return created.body.data._id as string;
}

const mainText = (page: Page) => page.locator('main').innerText();

describe('words that tell the truth', () => {
  const suite = browserSuite({ TRASH_DAYS: '7' });

  for (const lang of ['ar', 'en'] as const) {
    for (const viewport of [PHONE, DESKTOP] as Viewport[]) {
      test(`the delete dialog, the toasts, Trash and History name the kind and the 7 days (${lang}, ${viewport.width} px)`, () =>
        suite.withPage(viewport, async ({ page, server }) => {
          const w = W[lang];
          const prefix = lang === 'en' ? '/en' : '';
          const title = `شوك ${unique()}`;
          const project = `مشروع ${unique()}`;
          await newCard(server, title);
          await newCard(server, project, 'portfolio');
          await signInThroughApi(page, server);

          await page.goto(`${server.url}${prefix}/admin/product-admin`);
          await page.getByRole('article', { name: title }).getByRole('button', { name: w.delete }).click();
          const dialog = page.getByRole('dialog');
          assert.equal(await dialog.locator('.dialog-text').innerText(), w.dialog);
          await expectNoAxeViolations(page, `delete dialog (${lang}, ${viewport.width})`);
          await dialog.getByRole('button', { name: w.delete }).click();
          await expectToast(page, w.trashed);

          await page.goto(`${server.url}${prefix}/admin/portfolio-admin`);
          await page.getByRole('article', { name: project }).getByRole('button', { name: w.delete }).click();
          await page.getByRole('dialog').getByRole('button', { name: w.delete }).click();
          await expectToast(page, w.projectTrashed);

          await page.goto(`${server.url}${prefix}/admin/trash`);
          const row = (name: string) => page.locator('.trash-row').filter({ has: page.getByRole('heading', { name }) });
          assert.equal(await row(title).locator('.trash-kind').innerText(), w.product);
          assert.equal(await row(project).locator('.trash-kind').innerText(), w.project);
          assert.doesNotMatch(await mainText(page), w.card, 'no "card" on the Trash screen');
          await expectNoAxeViolations(page, `trash (${lang}, ${viewport.width})`);
          await row(title)
            .getByRole('button', { name: lang === 'en' ? 'Restore' : 'استعادة' })
            .click();
          await expectToast(page, w.restored);

          await page.goto(`${server.url}${prefix}/admin/history`);
          const change = page
            .locator('.history-row')
            .filter({ has: page.getByRole('heading', { name: project }) })
            .first();
          assert.match(await change.locator('.trash-kind').innerText(), new RegExp(`^${w.project}`));
          assert.doesNotMatch(await mainText(page), w.card, 'no "card" on the History screen');
          // The date as Intl writes it in the dashboard's language, each part isolated from the email beside it.
          const meta = await change.locator('.trash-meta').innerText();
          const changedAt = await change.locator('time').getAttribute('datetime');
          const expected = await page.evaluate(
            ({ at, lang }) =>
              new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
                day: 'numeric',
                month: 'long',
                year: 'numeric',
                hour: 'numeric',
                minute: '2-digit',
              }).format(new Date(at)),
            { at: changedAt!, lang },
          );
          assert.equal(meta.replace(/[\u2066-\u2069]/g, ''), `${ADMIN_EMAIL} · ${expected}`);
          assert.match(
            expected,
            lang === 'ar'
              ? /(يناير|فبراير|مارس|أبريل|إبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر)/
              : /[A-Z][a-z]+ \d{4}/,
            'the month in words',
          );
          await expectNoAxeViolations(page, `history (${lang}, ${viewport.width})`);
        }));
    }
  }

  test("a slide's dialog speaks of the slide, and its toast too (ar, phone)", () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      const admin = await server.admin();
      const title = `شريحة ${unique()}`;
      assert.equal(
        (await admin.post('/api/slider/', { title, details: 'نص', image: await uploadViaApi(admin) })).status,
        201,
      );
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/admin/slide-admin`);
      await page.locator('.slide-row').filter({ hasText: title }).getByRole('button', { name: 'حذف' }).click();
      assert.equal(await page.getByRole('dialog').locator('.dialog-text').innerText(), W.ar.slideDialog);
      await page.getByRole('dialog').getByRole('button', { name: 'حذف' }).click();
      await expectToast(page, 'نُقلت الشريحة إلى سلة المحذوفات');
    }));

  for (const [lang, viewport] of [
    ['en', DESKTOP],
    ['ar', PHONE],
  ] as const) {
    test(`an Undo toast stays 10 s, and as long as the pointer rests on it (${lang}, ${viewport.width} px)`, () =>
      suite.withPage(viewport, async ({ page, server }) => {
        const w = W[lang];
        const prefix = lang === 'en' ? '/en' : '';
        const first = `شوك ${unique()}`;
        const second = `شوك ${unique()}`;
        await newCard(server, first);
        await newCard(server, second);
        // The page's own clock, moved by the test: the toasts' timers run on it.
        await page.clock.install();
        await signInThroughApi(page, server);
        await page.goto(`${server.url}${prefix}/admin/product-admin`);
        const toasts = page.getByRole('region', { name: w.notifications });
        const undoToast = toasts.locator('.toast').filter({ hasText: w.trashed });

        await page.mouse.move(2, viewport.height - 2);
        await page.getByRole('article', { name: first }).waitFor();
        // From here the page's time moves only when the test moves it: a slow machine cannot eat into the 10 s.
        await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
        await page.getByRole('article', { name: first }).getByRole('button', { name: w.delete }).click();
        await page.getByRole('dialog').getByRole('button', { name: w.delete }).click();
        await undoToast.waitFor();
        await page.clock.runFor(9_900);
        assert.equal(await undoToast.count(), 1, 'still there after 9.9 s');
        assert.equal(await undoToast.getByRole('button', { name: w.undo }).count(), 1);
        await page.clock.runFor(200);
        await undoToast.waitFor({ state: 'detached' });

        await page.getByRole('article', { name: second }).getByRole('button', { name: w.delete }).click();
        await page.getByRole('dialog').getByRole('button', { name: w.delete }).click();
        await undoToast.waitFor();
        await undoToast.hover();
        await page.clock.runFor(60_000);
        assert.equal(await undoToast.count(), 1, 'a minute under the pointer, and still there');
        assert.equal(await undoToast.getByRole('button', { name: w.undo }).count(), 1, 'with its Undo button');
        await page.mouse.move(2, viewport.height - 2);
        await page.clock.runFor(5_000);
        assert.equal(await undoToast.count(), 1, 'the pointer gone, the rest of its time runs');
        // Undo from the keyboard: the focus is in the toast, which then goes; the clock must not stay held.
        await undoToast.getByRole('button', { name: w.undo }).focus();
        await page.keyboard.press('Enter');
        await expectToast(page, w.restored);
        await page.getByRole('article', { name: second }).waitFor();
        const restored = toasts.locator('.toast').filter({ hasText: w.restored });
        await page.clock.runFor(2_100);
        await restored.waitFor({ state: 'detached' });
      }));
  }

  for (const [lang, viewport] of [
    ['ar', PHONE],
    ['en', DESKTOP],
  ] as const) {
    test(`after a wrong password then the right one, the red toast goes with "Welcome Back" (${lang}, ${viewport.width} px)`, () =>
      suite.withPage(viewport, async ({ page, server }) => {
        await page.goto(`${server.url}${lang === 'en' ? '/en' : ''}/auth/login`);
        await page.getByLabel(lang === 'en' ? 'Email' : 'البريد الإلكتروني').fill(ADMIN_EMAIL);
        const password = page.getByLabel(lang === 'en' ? 'Password' : 'كلمة المرور', { exact: true });
        await password.fill('not the password');
        await password.press('Enter');
        const refusal = page.locator('.toast-error');
        await refusal
          .filter({
            hasText: lang === 'en' ? 'Incorrect email or password.' : 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
          })
          .waitFor();
        await password.fill(ADMIN_PASSWORD);
        await password.press('Enter');
        await expectToast(page, lang === 'en' ? 'Welcome Back' : 'مرحبًا بعودتك');
        await refusal.waitFor({ state: 'detached' });
        assert.equal(await page.locator('.toast').count(), 1, 'only "Welcome Back"');
      }));
  }

  for (const [lang, viewport] of [
    ['ar', PHONE],
    ['ar', DESKTOP],
    ['en', PHONE],
  ] as const) {
    test(`forms say what is missing in the dashboard's language, never in a browser bubble (${lang}, ${viewport.width} px)`, () =>
      suite.withPage(viewport, async ({ page, server }) => {
        const ar = lang === 'ar';
        const prefix = ar ? '' : '/en';
        const required = ar ? 'املأ هذا الحقل.' : 'Fill in this field.';
        await page.goto(`${server.url}${prefix}/auth/login`);
        await page.getByRole('button', { name: ar ? 'دخول' : 'Sign in', exact: true }).click();
        const email = page.getByLabel(ar ? 'البريد الإلكتروني' : 'Email');
        await page.getByText(required).first().waitFor();
        assert.equal(await email.getAttribute('aria-invalid'), 'true');
        assert.ok(await email.evaluate((el) => el === document.activeElement), 'the first missing field has the focus');
        await email.fill('owner-at-example');
        await page.getByRole('button', { name: ar ? 'دخول' : 'Sign in', exact: true }).click();
        await page
          .getByText(
            ar
              ? 'اكتب عنوان بريد صحيحًا، مثل \u2066name@example.com\u2069.'
              : 'Enter an email address, like name@example.com.',
          )
          .waitFor();
        await expectNoAxeViolations(page, `login with missing fields (${lang}, ${viewport.width})`);

        await signInThroughApi(page, server);
        await page.goto(`${server.url}${prefix}/admin/addproduct`);
        await page.getByRole('button', { name: ar ? 'حفظ' : 'Save', exact: true }).click();
        const title = page.getByLabel(ar ? 'العنوان بالعربية' : 'Title in Arabic');
        await title.waitFor();
        assert.equal(
          await page.locator('.field-error').filter({ hasText: required }).count(),
          2,
          'the title and the description',
        );
        await page.getByText(ar ? 'يرجى رفع صورة أولًا.' : 'Please upload an image first.').waitFor();
        assert.equal(await title.getAttribute('aria-invalid'), 'true');
        assert.ok(await title.evaluate((el) => el === document.activeElement));
        await expectNoAxeViolations(page, `addproduct with missing fields (${lang}, ${viewport.width})`);

        if (viewport !== PHONE || !ar) return;
        // Every form of the dashboard checks for itself: none leaves it to the browser's own bubble.
        for (const screen of [
          'addproduct',
          'addslide',
          'contact',
          'keyword-admin',
          'proof',
          'security',
          'about-admin',
        ]) {
          await page.goto(`${server.url}${prefix}/admin/${screen}`);
          await page.locator('main h1').waitFor();
          // The contact details' sections show their forms once Edit is pressed.
          const edits = page.getByRole('button', { name: /^تعديل/ });
          for (let i = 0; i < 6 && (await edits.count()) > 0; i++) await edits.first().click();
          assert.equal(await page.locator('form:not([novalidate])').count(), 0, `${screen}: every form is noValidate`);
        }
        for (const screen of ['auth/login', 'auth/verifyemail', 'upload']) {
          await page.goto(`${server.url}/${screen}`);
          await page.locator('form').first().waitFor();
          assert.equal(await page.locator('form:not([novalidate])').count(), 0, `${screen}: every form is noValidate`);
        }
      }));
  }
});
