import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { expectToast, signIn } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE, type Viewport } from '../helpers/browser.ts';

const NARROW = { width: 360, height: 740 } as const;

/** Every button and link in the main area and the toasts that is smaller than 44 × 44 px. */
async function smallTargets(page: Page): Promise<string[]> {
  // Measured once finite animations are over: a toast on its way out is scaled down for a moment.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getTiming().iterations ?? 1)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'main button, main a.btn, main .check-fix, .toast-close, .topbar button, .topbar a',
      ),
    ]
      .filter((el) => el.offsetParent !== null)
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(
        ({ el, box }) =>
          `${el.className} “${el.textContent?.trim() ?? ''}” ${box.width.toFixed(2)}×${box.height.toFixed(2)}`,
      ),
  );
}

// The admin home on a site that still shows the demo content.
describe('admin home: the launch checklist, and tap targets on phones', () => {
  const suite = browserSuite({ SEED_DEMO: 'true' });

  for (const viewport of [NARROW, PHONE, DESKTOP] as Viewport[]) {
    test(`the checklist flags the demo content and links to where it is fixed (ar and en, ${viewport.width} px)`, () =>
      suite.withPage(viewport, async ({ page, server }) => {
        await signIn(page, server, 'ar');
        await page.getByRole('heading', { level: 1, name: 'الرئيسية' }).waitFor();
        const list = page.getByRole('region', { name: 'قائمة الإطلاق' });
        for (const text of [
          '3 شرائح ما زالت تعرض صورًا أو نصوصًا تجريبية.',
          'رقم الهاتف ناقص أو ما زال الرقم التجريبي.',
          'رقم واتساب ما زال الرقم التجريبي.',
          'ما زالت عناصر تجريبية في «الثقة والضمان» (الأرقام وأرقام السجل وآراء العملاء)، عددها: 6.',
        ]) {
          await list.getByText(text, { exact: true }).waitFor();
        }
        assert.equal(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          true,
          'nothing leaves the screen',
        );
        if (viewport.width < 992)
          assert.deepEqual(await smallTargets(page), [], 'on a phone every control is at least 44 px');
        await expectNoAxeViolations(page, `admin home (ar, ${viewport.width})`);

        if (viewport.width < 992) {
          for (const screen of ['keyword-admin', 'slide-admin', 'product-admin', 'contact', 'proof']) {
            await page.goto(`${server.url}/admin/${screen}`);
            await page.locator('main h2, main .tile, main .badge-list').first().waitFor();
            assert.deepEqual(await smallTargets(page), [], `${screen}: on a phone every control is at least 44 px`);
          }
        }
        await page.goto(`${server.url}/en/admin`);
        await page
          .getByRole('region', { name: 'Launch checklist' })
          .getByText('3 slides still show demo photos or texts.', { exact: true })
          .waitFor();
        await expectNoAxeViolations(page, `admin home (en, ${viewport.width})`);
      }));
  }

  test('replacing the demo phone and WhatsApp number clears their items (Arabic, phone)', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      await signIn(page, server, 'ar');
      const list = page.getByRole('region', { name: 'قائمة الإطلاق' });
      await list
        .getByRole('listitem')
        .filter({ hasText: 'رقم الهاتف ناقص أو ما زال الرقم التجريبي.' })
        .getByRole('link', { name: /^إصلاح/ })
        .click();
      await page.waitForURL('**/admin/contact#phone');
      const phone = page.getByRole('region', { name: 'رقم الهاتف' });
      await phone.getByRole('button', { name: 'تعديل رقم الهاتف' }).click();
      await phone.getByRole('textbox', { name: 'رقم الهاتف' }).fill('013 812 3456');
      await phone.getByRole('button', { name: 'تأكيد' }).click();
      await expectToast(page, 'تم تحديث رقم الهاتف');
      const contact = page.getByRole('region', { name: 'بيانات التواصل' });
      await contact.getByRole('button', { name: 'تعديل بيانات التواصل' }).click();
      await contact.getByRole('textbox', { name: 'رقم واتساب' }).fill('0551112222');
      await contact.getByRole('button', { name: 'تأكيد' }).click();
      await expectToast(page, 'تم حفظ بيانات التواصل');

      await page.getByRole('button', { name: 'القائمة' }).click();
      await page.getByRole('navigation').getByRole('link', { name: 'الرئيسية' }).click();
      await page.waitForURL('**/admin');
      await list.getByText('رقم الهاتف مضبوط.', { exact: true }).waitFor();
      await list.getByText('رقم واتساب مضبوط.', { exact: true }).waitFor();
      assert.equal(await list.getByText('رقم الهاتف ناقص أو ما زال الرقم التجريبي.').count(), 0);
    }));
});
