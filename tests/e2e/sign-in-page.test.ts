import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { ar } from '../../src/web/admin/i18n/ar.ts';
import { factorWords } from '../../src/web/admin/i18n/factors.ts';
import { localizeMessage } from '../../src/web/admin/i18n/server-messages.ts';
import { expectToast } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';

/**
 * The sign-in page without React (decision 029, issue 33): rendered by the server, enhanced by its
 * own small script, handing over to the admin app in place once signed in. The flows every admin
 * test goes through (tests/e2e/auth-login.test.ts, passkeys.test.ts) are tested there, unchanged.
 */
describe('the sign-in page, without the admin app', () => {
  const suite = browserSuite();

  test('loads only its own script; signed in, the app loads in the same page, where the owner was headed', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      // Signed out, a screen sends the owner to sign in (the admin frame, in the app).
      await page.goto(`${server.url}/en/admin/keyword-admin`);
      await page.waitForURL((url) => url.pathname === '/en/auth/login');
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      const app = (await page.locator('#sign-in').getAttribute('data-app')) ?? '';
      assert.ok(app.startsWith('/assets/'), 'the page names the app it hands over to');
      // The sign-in page itself, loaded afresh: its own script and what it imports, not the app.
      scripts.length = 0;
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      assert.ok(scripts.length > 0 && !scripts.includes(app), `the page loads ${scripts.join(', ')}`);
      assert.ok(
        scripts.every((s) => !/react|router/i.test(s)),
        `no framework chunk: ${scripts.join(', ')}`,
      );

      await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
      await page.getByLabel('Email').fill(ADMIN_EMAIL);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/en/admin/keyword-admin');
      await expectToast(page, 'Welcome Back');
      await page.getByRole('heading', { level: 1, name: 'Keywords' }).waitFor();
      assert.ok(scripts.includes(app), 'the app came after sign-in');
      assert.equal(
        await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage),
        true,
        'no second page load: the app started in the sign-in page',
      );
    }));

  test('Arabic: the field checks and the refusal in Arabic, right to left', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      let sent = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/auth/login')) sent += 1;
      });
      await page.goto(`${server.url}/auth/login`);
      assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
      const email = page.getByLabel('البريد الإلكتروني');
      const password = page.getByLabel('كلمة المرور', { exact: true });
      const signIn = page.getByRole('button', { name: 'دخول', exact: true });

      await signIn.click();
      assert.equal(await email.getAttribute('aria-invalid'), 'true');
      assert.equal(
        await email.evaluate((el) => el.closest('.field')!.querySelector('.field-error')!.textContent),
        ar.requiredField,
      );
      assert.equal(
        await page.evaluate(() => document.activeElement?.id),
        await email.getAttribute('id'),
        'focus on the first field to fix',
      );
      await email.fill('not an address');
      await page.getByText(ar.emailFormat).waitFor();
      assert.equal(sent, 0, 'nothing sent while a field is wrong');

      await email.fill(ADMIN_EMAIL);
      await password.fill('not the password');
      await page.getByRole('button', { name: 'إظهار كلمة المرور' }).click();
      assert.equal(await password.getAttribute('type'), 'text');
      assert.equal(
        await page.getByRole('button', { name: 'إظهار كلمة المرور' }).getAttribute('title'),
        ar.hidePassword,
      );
      await signIn.click();
      const refusal = localizeMessage({ code: 'auth.bad_credentials', message: 'Incorrect email or password.' }, 'ar');
      assert.match(refusal, /كلمة المرور غير صحيحة/);
      await expectToast(page, refusal);
      assert.equal(sent, 1);
      await page.getByRole('button', { name: ar.dismiss }).click();
      await page.getByText(refusal).waitFor({ state: 'detached' });
      await expectNoAxeViolations(page, 'sign-in with a refusal (ar, 360)');
    }));

  test('with scripts off: a clear message, and the language toggle still works', async () => {
    const context = await suite.browser().browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(`${suite.server().url}/auth/login`);
      // (Playwright's text locators skip <noscript>: the paragraph is found by its place.)
      const note = page.locator('noscript .auth-intro');
      assert.ok(await note.isVisible(), 'the message is shown');
      assert.equal(await note.textContent(), ar.signInNeedsScript);
      await page.getByRole('button', { name: 'Switch to English' }).click();
      await page.waitForURL((url) => url.pathname === '/en/auth/login');
      assert.match((await note.textContent()) ?? '', /^Signing in needs JavaScript/);
      assert.equal(await page.locator('html').getAttribute('dir'), 'ltr');
    } finally {
      await context.close();
    }
  });

  test('Arabic: the second step asks for the app code, says a wrong one in Arabic, starts again, survives the language toggle', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      // The authenticator app set up through the API (the Security screen's steps are tested elsewhere).
      const owner = await server.admin();
      assert.equal((await owner.post('/api/auth/recheck', { password: ADMIN_PASSWORD })).status, 200);
      const { secret } = (await owner.post('/api/auth/totp/setup')).body.data as { secret: string };
      const appCode = (steps = 0) =>
        new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
      assert.equal((await owner.post('/api/auth/totp', { code: appCode() })).status, 200);
      const w = factorWords.ar;

      const toSecondStep = async () => {
        await page.getByLabel('البريد الإلكتروني').fill(ADMIN_EMAIL);
        await page.getByLabel('كلمة المرور', { exact: true }).fill(ADMIN_PASSWORD);
        await page.getByRole('button', { name: 'دخول', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: w.secondStepTitle }).waitFor();
      };
      await page.goto(`${server.url}/auth/login`);
      await toSecondStep();
      const code = page.getByLabel(w.code);
      assert.equal(await page.getByRole('heading', { level: 1, name: ar.loginTitle }).count(), 0, 'one step at a time');
      await page.getByRole('button', { name: w.confirm }).click();
      await page.getByText(w.enterCode).waitFor();
      assert.equal(await code.getAttribute('aria-invalid'), 'true');
      await code.fill('123456' === appCode() ? '654321' : '123456');
      await page.getByRole('button', { name: w.confirm }).click();
      await page.getByText(w.wrongCode).waitFor();
      assert.equal(await page.locator('.field-error').getAttribute('lang'), 'ar');
      await expectNoAxeViolations(page, 'second step with a wrong code (ar, 360)');

      // Start again: back to the first step, the password to type again.
      await page.getByRole('button', { name: w.startAgain }).click();
      await page.getByRole('heading', { level: 1, name: ar.loginTitle }).waitFor();
      assert.equal(await page.getByLabel('كلمة المرور', { exact: true }).inputValue(), '');

      // A ticket that has run out: the server's refusal in Arabic, and the first step again.
      await toSecondStep();
      await page.route('**/api/auth/second-step', (route) =>
        route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Incorrect email or password.', code: 'auth.bad_credentials' }),
        }),
      );
      await code.fill(appCode(1));
      await page.getByRole('button', { name: w.confirm }).click();
      await expectToast(page, localizeMessage({ code: 'auth.bad_credentials', message: '' }, 'ar'));
      await page.getByRole('heading', { level: 1, name: ar.loginTitle }).waitFor();
      await page.unroute('**/api/auth/second-step');

      // The language toggle in the middle of the second step keeps it: the same step, in English.
      await toSecondStep();
      await page.getByRole('button', { name: 'Switch to English' }).click();
      await page.waitForURL((url) => url.pathname === '/en/auth/login');
      await page.getByRole('heading', { level: 1, name: factorWords.en.secondStepTitle }).waitFor();
      await page.getByLabel(factorWords.en.code).fill(appCode(1));
      await page.getByRole('button', { name: factorWords.en.confirm }).click();
      await page.waitForURL((url) => url.pathname === '/en/admin');
      await expectToast(page, 'Welcome Back');
    }));
});
