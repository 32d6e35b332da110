import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { expectToast, signIn } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines } from '../helpers/server.ts';
import { isResetCode, startSmtp, type SmtpReceiver } from '../helpers/smtp.ts';

type Credential = Parameters<CDPSession['send']>[1] & object;

/**
 * Chromium's virtual authenticator (the DevTools Protocol's WebAuthn domain): a platform passkey that
 * verifies its user. It lives with the page; `keep` gives it the passkeys another page's held, as a
 * phone would still hold them the next day. Answers a function that reads the passkeys it holds now.
 */
async function addAuthenticator(
  context: BrowserContext,
  page: Page,
  keep: Credential[] = [],
): Promise<() => Promise<Credential[]>> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  for (const credential of keep)
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: credential as never });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as Credential[];
}

/** The re-check every change to how the owner signs in needs first: the password, with a passkey older than the sign-in when asked. */
async function recheck(page: Page, password: string, withPasskey = false): Promise<void> {
  const panel = page.getByRole('region', { name: 'Confirm it is you' });
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: withPasskey ? 'Confirm with my passkey' : 'Confirm', exact: true }).click();
  await panel.getByText(/Confirmed until/).waitFor();
}

const appCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

for (const engine of engines()) {
  describe(`passkeys, the authenticator app and recovery codes in the browser [${engine}]`, () => {
    let smtp: SmtpReceiver;
    before(async () => {
      smtp = await startSmtp();
    });
    after(async () => {
      await smtp.close();
    });
    const suite = browserSuite(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Site <no-reply@test.example>' }), {
      engine,
      localhost: true,
    });
    /** The passkeys the owner's device holds, carried from one test's page to the next. */
    let held: Credential[] = [];
    /** The same passkey as it was after the first test: its signature counter has since moved on. */
    let stale: Credential[] = [];

    test('add a passkey, sign in with it alone, then the password alone is not enough', async () => {
      const server = suite.server();
      const { page, context } = await suite.browser().newPage(DESKTOP);
      try {
        const holds = await addAuthenticator(context, page);
        await signIn(page, server, 'en');
        await page.goto(`${server.url}/en/admin/security`);
        await page.getByRole('heading', { level: 2, name: 'Passkeys' }).waitFor();
        await recheck(page, ADMIN_PASSWORD);
        await page.getByLabel('Name of this passkey').fill('Test laptop');
        await page.getByRole('button', { name: 'Add a passkey' }).click();
        await expectToast(page, 'Passkey added.');
        // The first factor comes with ten recovery codes, shown once.
        const codes = await page.locator('.recovery-list code').allTextContents();
        assert.equal(codes.length, 10);
        await page.getByRole('button', { name: 'I have saved them' }).click();
        assert.equal(await page.locator('.recovery-list').count(), 0, 'the codes are gone once saved');
        await page.getByText('10 unused codes left.').waitFor();
        await page.getByText('Test laptop', { exact: true }).waitFor();
        await expectNoAxeViolations(page, 'security with a passkey (en, desktop)');
        const mail = await smtp.waitFor(ADMIN_EMAIL, (m) => m.subject.includes('A change to how you sign in'));
        assert.match(mail.text, /A passkey named "Test laptop" was added/);

        // Signed out, no cookies: the passkey alone signs in (no email, no password). Its answer is kept to replay.
        await context.clearCookies();
        let answer: unknown;
        await page.route('**/api/auth/passkey/sign-in', async (route) => {
          answer = route.request().postDataJSON();
          await route.continue();
        });
        await page.goto(`${server.url}/en/auth/login`);
        await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
        await page.waitForURL('**/en/admin');
        assert.equal((await page.request.get(`${server.url}/api/auth/is-logged-in`)).status(), 200);
        const replay = await page.request.post(`${server.url}/api/auth/passkey/sign-in`, { data: answer });
        assert.equal(replay.status(), 400, 'a replayed passkey answer is refused');
        assert.match((await replay.json()).message, /expired or was already used/);

        // The password alone now leads to a second step and no session; a recovery code finishes it, once.
        await context.clearCookies();
        await page.goto(`${server.url}/en/auth/login`);
        await page.getByLabel('Email').fill(ADMIN_EMAIL);
        await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.getByRole('heading', { name: 'One more step' }).waitFor();
        assert.equal((await page.request.get(`${server.url}/api/auth/is-logged-in`)).status(), 401);
        await expectNoAxeViolations(page, 'second step (en, desktop)');
        await page.getByLabel('Code').fill(codes[0]!);
        await page.getByRole('button', { name: 'Confirm' }).click();
        await page.waitForURL('**/en/admin');

        await context.clearCookies();
        await page.goto(`${server.url}/en/auth/login`);
        await page.getByLabel('Email').fill(ADMIN_EMAIL);
        await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.getByLabel('Code').fill(codes[0]!);
        await page.getByRole('button', { name: 'Confirm' }).click();
        await page.getByText('This recovery code is wrong or has already been used.').waitFor();
        assert.equal(
          (await page.request.get(`${server.url}/api/auth/is-logged-in`)).status(),
          401,
          'a used recovery code signs nobody in',
        );
        // The passkey passes the same second step.
        await page.getByRole('button', { name: 'Use my passkey' }).click();
        await page.waitForURL('**/en/admin');
        held = await holds();
        stale = held;
        assert.equal(held.length, 1);
      } finally {
        await context.close();
      }
    });

    test('the authenticator app: set up from the key, asked after the password; a reset asks for the factor; removal ends other sessions', async () => {
      const server = suite.server();
      const { page, context } = await suite.browser().newPage(DESKTOP);
      const other = await suite.browser().newPage(PHONE);
      try {
        const holds = await addAuthenticator(context, page, held);
        await page.goto(`${server.url}/en/auth/login`);
        await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
        await page.waitForURL('**/en/admin');
        await page.goto(`${server.url}/en/admin/security`);
        // The passkey existed before this sign-in: the re-check takes it beside the password.
        await recheck(page, ADMIN_PASSWORD, true);
        await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
        const key = (await page.locator('.totp-secret code').textContent())!.replace(/\s/g, '');
        assert.match(key, /^[A-Z2-7]{32}$/);
        assert.ok(await page.getByRole('img', { name: 'QR code for the authenticator app' }).isVisible());
        await page.getByLabel('Code from the app').fill('000000');
        await page.getByRole('button', { name: 'Turn on' }).click();
        await page.getByText(/^Wrong code/).waitFor();
        await page.getByLabel('Code from the app').fill(appCode(key));
        await page.getByRole('button', { name: 'Turn on' }).click();
        await expectToast(page, 'Authenticator app set up.');
        await page.getByText('The authenticator app is set up.').waitFor();

        // Another browser: the password, then a code the app shows.
        await other.page.goto(`${server.url}/en/auth/login`);
        await other.page.getByLabel('Email').fill(ADMIN_EMAIL);
        await other.page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
        await other.page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await other.page.getByLabel('Code').fill(appCode(key, 1));
        await other.page.getByRole('button', { name: 'Confirm' }).click();
        await other.page.waitForURL('**/en/admin');

        // A reset by the emailed code still asks for the factor before the new password.
        await context.clearCookies();
        await page.goto(`${server.url}/en/auth/verifyemail`);
        await page.getByLabel('Email').fill(ADMIN_EMAIL);
        await page.getByRole('button', { name: 'Send code' }).click();
        const mail = await smtp.waitFor(ADMIN_EMAIL, isResetCode);
        const otp = /\b(\d{6})\b/.exec(mail.text)![1]!;
        await page.locator('input[autocomplete="one-time-code"]').fill(otp);
        await page.getByRole('button', { name: 'Verify', exact: true }).click();
        await page.getByRole('heading', { name: 'One more step' }).waitFor();
        await page.getByRole('button', { name: 'Use my passkey' }).click();
        await expectToast(page, 'Confirmed. Choose a new password.');
        const fresh = 'a passphrase after the reset';
        await page.getByLabel('New password').fill(fresh);
        await page.getByRole('button', { name: 'Save password' }).click();
        await expectToast(page, 'Welcome Back');
        assert.equal((await page.request.get(`${server.url}/api/auth/is-logged-in`)).status(), 200);
        assert.equal(
          (await other.page.request.get(`${server.url}/api/auth/is-logged-in`)).status(),
          401,
          'the reset ended the other session',
        );

        // Removing the app asks for the password again and signs out the other devices.
        await other.page.goto(`${server.url}/en/auth/login`);
        await other.page.getByLabel('Email').fill(ADMIN_EMAIL);
        await other.page.getByLabel('Password', { exact: true }).fill(fresh);
        await other.page.getByRole('button', { name: 'Sign in', exact: true }).click();
        // Each app code is taken once and never an older one; the test's clock has not moved on, so it starts afresh.
        await server.app.ctx.db.updateTable('totp_factors').set({ last_step: null }).execute();
        await other.page.getByLabel('Code').fill(appCode(key));
        await other.page.getByRole('button', { name: 'Confirm' }).click();
        await other.page.waitForURL('**/en/admin');
        await page.goto(`${server.url}/en/admin/security`);
        // Without the re-check the removal is refused and the owner is sent to it; a wrong password shows on its field.
        await page.getByRole('button', { name: 'Remove the authenticator app' }).click();
        await page.getByRole('button', { name: 'Remove the authenticator app' }).click();
        await expectToast(page, 'Confirm it is you first: enter your password under "Confirm it is you".');
        const panel = page.getByRole('region', { name: 'Confirm it is you' });
        await panel.getByLabel('Password', { exact: true }).fill('not the password');
        await panel.getByRole('button', { name: 'Confirm', exact: true }).click();
        await panel.getByText('The current password is incorrect.').waitFor();
        await recheck(page, fresh, true);
        await page.getByRole('button', { name: 'Remove the authenticator app' }).click();
        await expectToast(page, 'Authenticator app removed. Other devices have been signed out.');
        await page.getByText('No authenticator app is set up.').waitFor();
        assert.equal(
          (await other.page.request.get(`${server.url}/api/auth/is-logged-in`)).status(),
          401,
          'removing a factor ends the other sessions',
        );
        assert.equal((await page.request.get(`${server.url}/api/auth/is-logged-in`)).status(), 200);
        held = await holds();
      } finally {
        await context.close();
        await other.context.close();
      }
    });

    test('a copy of a passkey whose signature counter went back is refused (a cloned authenticator)', async () => {
      const server = suite.server();
      const { page, context } = await suite.browser().newPage(DESKTOP);
      try {
        await addAuthenticator(context, page, stale);
        await page.goto(`${server.url}/en/auth/login`);
        await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
        await expectToast(page, 'The passkey could not be verified. Please try again.');
        assert.equal((await page.request.get(`${server.url}/api/auth/is-logged-in`)).status(), 401);
      } finally {
        await context.close();
      }
    });

    test('the Arabic screens name the passkey actions (phone)', async () => {
      const server = suite.server();
      const { page, context } = await suite.browser().newPage(PHONE);
      try {
        await addAuthenticator(context, page, held);
        await page.goto(`${server.url}/auth/login`);
        await page.getByRole('button', { name: 'الدخول بمفتاح مرور' }).click();
        await page.waitForURL('**/admin');
        await page.goto(`${server.url}/admin/security`);
        await page.getByRole('button', { name: 'إضافة مفتاح مرور' }).waitFor();
        await page.getByRole('heading', { level: 2, name: 'رموز الاسترداد' }).waitFor();
        await expectNoAxeViolations(page, 'security (ar, phone)');
        const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
        assert.ok(width <= PHONE.width, `nothing leaves the screen (${width}px)`);
      } finally {
        await context.close();
      }
    });
  });
}
