import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { expectToast, signIn } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';
import { ADMIN_EMAIL } from '../helpers/server.ts';

describe('sign-in screens', () => {
  const suite = browserSuite();

  test('signed out, the admin area and the upload page send the visitor to /auth/login', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      for (const [from, to] of [
        ['/admin', '/auth/login'],
        ['/admin/product-admin', '/auth/login'],
        ['/admin/editcard?id=x&category=product', '/auth/login'],
        ['/en/admin/keyword-admin', '/en/auth/login'],
        ['/upload', '/auth/login'],
      ]) {
        await page.goto(server.url + from);
        await page.waitForURL((url) => url.pathname === to);
        await page.getByRole('heading', { level: 1 }).waitFor();
      }
    }));

  test('login: required email and password, a clear failure, then Welcome Back, the token and /admin', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await page.goto(`${server.url}/en/auth/login`);
      const email = page.getByLabel('Email');
      const password = page.getByLabel('Password', { exact: true });
      assert.equal(await email.getAttribute('type'), 'email');
      assert.equal(await email.evaluate((el: HTMLInputElement) => el.required), true);
      assert.equal(await password.evaluate((el: HTMLInputElement) => el.required), true);
      assert.equal(await password.getAttribute('type'), 'password');
      await page.waitForFunction(() => document.title === 'Sign in · Dashboard');

      // Empty fields: the browser's own validation stops the form; nothing is sent.
      let sent = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/auth/login')) sent += 1;
      });
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      assert.equal(await email.evaluate((el: HTMLInputElement) => el.validity.valueMissing), true);
      assert.equal(sent, 0);

      await email.fill(ADMIN_EMAIL);
      await password.fill('not the password');
      await page.getByRole('button', { name: 'Show password' }).click();
      assert.equal(await password.getAttribute('type'), 'text');
      assert.equal(await page.getByRole('button', { name: 'Show password' }).getAttribute('aria-pressed'), 'true');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectToast(page, 'Incorrect email or password.');
      assert.match(page.url(), /\/en\/auth\/login$/);
      assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);

      await signIn(page, server, 'en');
      await expectToast(page, 'Welcome Back');
      const token = await page.evaluate(() => localStorage.getItem('token'));
      assert.ok(token && token.length > 20, 'the token from the login answer is kept in local storage');
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    }));

  test('Forget Password leads to the email step; a code or password step without its context goes back to it', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await page.goto(`${server.url}/auth/login`);
      await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
      await page.waitForURL('**/auth/verifyemail');
      const email = page.getByLabel('البريد الإلكتروني');
      assert.equal(await email.evaluate((el: HTMLInputElement) => el.required), true);
      assert.equal(await email.getAttribute('type'), 'email');

      await page.goto(`${server.url}/auth/sendotp`);
      await page.waitForURL('**/auth/verifyemail');
      await page.goto(`${server.url}/en/auth/newpassword`);
      await page.waitForURL('**/en/auth/verifyemail');
      await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    }));

  test('the language toggle keeps the screen and switches direction, labels and title', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await page.goto(`${server.url}/auth/login`);
      assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
      assert.equal(await page.locator('html').getAttribute('lang'), 'ar');
      await page.waitForFunction(() => document.title === 'تسجيل الدخول · لوحة التحكم');
      await page.getByLabel('البريد الإلكتروني').fill('typed@example.com');
      await page.getByRole('button', { name: 'Switch to English' }).click();
      await page.waitForURL('**/en/auth/login');
      await page.waitForFunction(
        () => document.documentElement.dir === 'ltr' && document.documentElement.lang === 'en',
      );
      assert.equal(
        await page.getByLabel('Email').inputValue(),
        'typed@example.com',
        'what was typed survives the switch',
      );
      await page.getByRole('button', { name: 'التبديل إلى العربية' }).click();
      await page.waitForURL((url) => url.pathname === '/auth/login');
      await page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' }).waitFor();
    }));

  test('Sign out ends the session: the admin area sends you back to sign in', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      await signIn(page, server, 'ar');
      // Below 992 px the navigation (with Sign out) sits in the drawer.
      await page.getByRole('button', { name: 'القائمة' }).click();
      await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
      await page.waitForURL((url) => url.pathname === '/auth/login');
      assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
      const status = await page.evaluate(
        async () => (await fetch('/api/auth/is-logged-in', { credentials: 'include' })).status,
      );
      assert.equal(status, 401);
      await page.goto(`${server.url}/admin/slide-admin`);
      await page.waitForURL((url) => url.pathname === '/auth/login');
    }));

  test('axe: the sign-in screens in both languages, at phone and desktop widths', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      await suite.withPage(viewport, async ({ page, server }) => {
        for (const path of ['/auth/login', '/en/auth/login', '/auth/verifyemail', '/en/auth/verifyemail']) {
          await page.goto(server.url + path);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await expectNoAxeViolations(page, `${path} at ${viewport.width}px`);
        }
      });
    }
  });
});
