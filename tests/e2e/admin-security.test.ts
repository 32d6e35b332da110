import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { describe, test } from 'node:test';
import { expectToast, signIn } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';

const NEW_PASSWORD = 'another long passphrase';

/** The re-check every change to how the owner signs in needs first: the password again, in its own panel. */
async function recheck(page: Page, lang: 'ar' | 'en', password = ADMIN_PASSWORD) {
  const panel = page.getByRole('region', { name: lang === 'ar' ? 'تأكيد هويتك' : 'Confirm it is you' });
  await panel.getByLabel(lang === 'ar' ? 'كلمة المرور' : 'Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: lang === 'ar' ? 'تأكيد' : 'Confirm', exact: true }).click();
  await panel.getByText(lang === 'ar' ? /تم التأكيد حتى/ : /Confirmed until/).waitFor();
}

describe('security: signed-in devices and the password', () => {
  const suite = browserSuite();

  test('one browser signs out another from the Security screen; the other is sent to sign in on its next step (Arabic, phone)', async () => {
    const browser = suite.browser();
    const server = suite.server();
    const first = await browser.newPage(PHONE);
    const second = await browser.newPage(DESKTOP);
    try {
      const { page } = first;
      await server.app.ctx.db.deleteFrom('sessions').execute();
      await signIn(second.page, server, 'en');
      await signIn(page, server, 'ar');

      await page.getByRole('button', { name: 'القائمة' }).click();
      await page.getByRole('navigation', { name: 'أقسام لوحة التحكم' }).getByRole('link', { name: 'الأمان' }).click();
      await page.waitForURL('**/admin/security');
      await page.getByRole('heading', { level: 1, name: 'الأمان' }).waitFor();
      const rows = page
        .getByRole('list')
        .filter({ has: page.getByText('آخر نشاط') })
        .getByRole('listitem');
      await rows.nth(1).waitFor();
      assert.equal(await rows.count(), 2);
      assert.equal(
        await rows.first().getByText('هذا الجهاز', { exact: true }).count(),
        1,
        'this device comes first, marked',
      );
      assert.equal(await rows.nth(1).getByText('هذا الجهاز', { exact: true }).count(), 0);
      await expectNoAxeViolations(page, 'security (ar, phone)');

      // The other device's own sign-out button, named after it; Cancel in the dialog keeps it.
      const endOther = rows.nth(1).getByRole('button', { name: /^تسجيل خروج .+ على / });
      await endOther.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'إلغاء' }).click();
      assert.equal(
        (await second.page.request.get(`${server.url}/api/auth/is-logged-in`)).status(),
        200,
        'Cancel keeps it signed in',
      );
      // Without the re-check the server refuses, and the owner is sent to it.
      await endOther.click();
      await dialog.getByRole('button', { name: 'تسجيل الخروج' }).click();
      await expectToast(page, 'أكّد هويتك أولًا: أدخل كلمة المرور في قسم «تأكيد هويتك».');
      assert.equal(
        (await second.page.request.get(`${server.url}/api/auth/is-logged-in`)).status(),
        200,
        'still signed in',
      );
      await recheck(page, 'ar');
      await endOther.click();
      await dialog.getByRole('button', { name: 'تسجيل الخروج' }).click();
      await expectToast(page, 'تم إنهاء الجلسة');
      await page.getByText('لا يوجد جهاز آخر مسجّل دخوله.').waitFor();
      assert.equal(await rows.count(), 1);

      // The second browser's next step that needs the session (reading the lists does not): it is sent to sign in.
      await second.page
        .getByRole('navigation', { name: 'Dashboard sections' })
        .getByRole('link', { name: 'Keywords' })
        .click();
      await second.page.getByLabel('New keyword').fill('after the end');
      await second.page.getByRole('button', { name: 'Confirm' }).click();
      await second.page.waitForURL('**/en/auth/login');
      await second.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  test('sign out all other devices, change the password, and sign out of this device (English, desktop)', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await server.app.ctx.db.deleteFrom('sessions').execute();
      const others = [await server.admin(), await server.admin()];
      await signIn(page, server, 'en');
      await page
        .getByRole('navigation', { name: 'Dashboard sections' })
        .getByRole('link', { name: 'Security' })
        .click();
      await page.waitForURL('**/en/admin/security');
      await page.waitForFunction(() => document.title === 'Security · Dashboard');
      const rows = page
        .getByRole('list')
        .filter({ has: page.getByText('Last active') })
        .getByRole('listitem');
      await rows.nth(2).waitFor();
      assert.equal(await page.getByText('This device', { exact: true }).count(), 1);
      await expectNoAxeViolations(page, 'security (en, desktop)');

      await recheck(page, 'en');
      await page.getByRole('button', { name: 'Sign out all other devices' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sign out all other devices' }).click();
      await expectToast(page, '2 other sessions ended');
      await page.getByText('No other device is signed in.').waitFor();
      assert.equal(
        await page.getByRole('button', { name: 'Sign out all other devices' }).count(),
        0,
        'nothing left to end',
      );
      for (const other of others) assert.equal((await other.get('/api/auth/is-logged-in')).status, 401);

      // The password: the form's own checks, then a wrong current password on its field, then the change.
      const current = page.getByLabel('Current password', { exact: true });
      const next = page.getByLabel('New password', { exact: true });
      const change = page.getByRole('button', { name: 'Change password' });
      await change.click();
      await page.getByText('Enter your current password.').waitFor();
      assert.equal(await current.getAttribute('aria-invalid'), 'true');
      await current.fill('not the password');
      await next.fill('short');
      await change.click();
      await page.getByText('The new password must be at least 8 characters.').waitFor();
      await next.fill(NEW_PASSWORD);
      await change.click();
      await page.getByText('The current password is incorrect.').waitFor();
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('autocomplete')),
        'current-password',
        'focus is on the field to correct',
      );
      await expectNoAxeViolations(page, 'security password errors (en)');

      const stillOther = await server.admin();
      await current.fill(ADMIN_PASSWORD);
      await change.click();
      await expectToast(page, 'Password changed. Other devices have been signed out.');
      assert.equal(await current.inputValue(), '', 'the fields are emptied');
      assert.equal((await stillOther.get('/api/auth/is-logged-in')).status, 401, 'the other device is signed out');
      assert.equal((await page.request.get(`${server.url}/api/auth/is-logged-in`)).status(), 200, 'this one is not');
      // Back to the password the other tests sign in with.
      const back = await page.request.put(`${server.url}/api/auth/password`, {
        data: { currentPassword: NEW_PASSWORD, newPassword: ADMIN_PASSWORD },
      });
      assert.equal(back.status(), 200);
      assert.equal(
        (await server.anon().post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
        200,
      );

      // Ending this device's own session signs out.
      await page.reload();
      const mine = page.getByRole('listitem').filter({ hasText: 'This device' });
      await mine.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL('**/en/auth/login');
      assert.equal((await page.request.get(`${server.url}/api/auth/is-logged-in`)).status(), 401);
    }));

  test('the Arabic desktop and English phone layouts pass axe', async () => {
    for (const [lang, viewport] of [
      ['ar', DESKTOP],
      ['en', PHONE],
    ] as const) {
      await suite.withPage(viewport, async ({ page, server }) => {
        await signIn(page, server, lang);
        await page.goto(`${server.url}${lang === 'en' ? '/en' : ''}/admin/security`);
        await page.getByText(lang === 'en' ? 'This device' : 'هذا الجهاز', { exact: true }).waitFor();
        await expectNoAxeViolations(page, `security (${lang}, ${viewport.width})`);
        // Every control of the screen is at least 44 px tall, to be tapped.
        const small = await page.locator('main button').evaluateAll((buttons) =>
          buttons
            .map((b) => ({
              text: b.getAttribute('aria-label') ?? b.textContent,
              height: b.getBoundingClientRect().height,
            }))
            .filter((b) => b.height < 44),
        );
        assert.deepEqual(small, [], 'buttons under 44 px');
      });
    }
  });
});
