import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectToast, signIn } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';
import { startSmtp, type SmtpReceiver } from '../helpers/smtp.ts';

const NEW_PASSWORD = 'a brand new passphrase 42';

describe('password reset through the emailed code', () => {
  // The receiver starts first, so the server can be given its address, and closes last.
  let smtp: SmtpReceiver;
  before(async () => {
    smtp = await startSmtp();
  });
  const suite = browserSuite(() => ({ SMTP_URL: smtp.url }));
  after(async () => {
    await smtp?.close();
  });

  test('email → 6-digit code (with resend countdown, wrong code and throttling) → new password → signed in, in the admin; then a fresh sign-in', async () => {
    await suite.withPage(PHONE, async ({ page, server }) => {
      // A controllable clock lets the test jump over the 60-second resend countdown.
      await page.clock.install();
      await page.goto(`${server.url}/auth/verifyemail`);
      await page.getByLabel('البريد الإلكتروني').fill(ADMIN_EMAIL);
      await page.getByRole('button', { name: 'إرسال الرمز' }).click();
      // The Arabic admin says the server's messages in Arabic.
      await expectToast(page, 'إن كان هذا البريد لحساب مسجّل فقد أُرسل إليه رمز من 6 أرقام، صالح لمدة 10 دقائق.');
      await page.waitForURL('**/auth/sendotp');
      const mail = await smtp.waitFor(ADMIN_EMAIL);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      assert.ok(code, 'the email carries a 6-digit code');

      const otp = page.getByLabel('رمز التحقق');
      const verify = page.getByRole('button', { name: 'تحقّق' });
      assert.equal(await otp.getAttribute('inputmode'), 'numeric');
      assert.equal(await verify.isDisabled(), true);
      await otp.fill('12a3b');
      assert.equal(await otp.inputValue(), '123', 'only digits are kept');
      assert.equal(await verify.isDisabled(), true, 'Verify stays disabled below 6 digits');
      await otp.fill('12345');
      assert.equal(await verify.isDisabled(), true);

      const resend = page.getByRole('button', { name: /^إعادة الإرسال/ });
      assert.match(
        (await resend.textContent()) ?? '',
        /^إعادة الإرسال \((60|59|58)\)$/,
        'the countdown shows on the button',
      );
      assert.equal(await resend.isDisabled(), true);
      await expectNoAxeViolations(page, '/auth/sendotp');

      const wrong = code === '000000' ? '111111' : '000000';
      await otp.fill(wrong);
      assert.equal(await verify.isEnabled(), true, 'exactly 6 digits enable Verify');
      await verify.click();
      await expectToast(page, 'رمز خاطئ. بقيت 4 محاولات.');
      assert.match(page.url(), /\/auth\/sendotp$/);

      await page.clock.fastForward(61_000);
      await page.getByRole('button', { name: 'إعادة الإرسال', exact: true }).waitFor();
      assert.equal(await resend.isEnabled(), true, 'Resend is enabled once the countdown ends');
      // The server keeps its own 60-second cooldown, and says so when asked too early.
      await resend.click();
      await page
        .getByRole('region', { name: 'الإشعارات' })
        .getByText(/^انتظر \d+ ثانية قبل طلب رمز جديد\.$/)
        .waitFor();

      await otp.fill(code);
      await verify.click();
      await expectToast(page, 'تم التحقق من الرمز. اختر كلمة مرور جديدة.');
      await page.waitForURL('**/auth/newpassword');
      await expectNoAxeViolations(page, '/auth/newpassword');

      const password = page.getByLabel('كلمة المرور الجديدة');
      assert.equal(await password.getAttribute('type'), 'password');
      const toggle = page.getByRole('button', { name: 'إظهار كلمة المرور' });
      await toggle.click();
      assert.equal(await password.getAttribute('type'), 'text');
      await toggle.click();
      assert.equal(await password.getAttribute('type'), 'password');
      await password.fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
      await expectToast(page, 'مرحبًا بعودتك');
      // The reset signed this browser in, and the owner lands in the admin, not on the public site.
      await page.waitForURL(`${server.url}/admin`);
      await page.getByRole('heading', { level: 1, name: 'الرئيسية' }).waitFor();
      await page.getByRole('heading', { name: 'قائمة الإطلاق' }).waitFor();
    });

    await suite.withPage(DESKTOP, async ({ page, server }) => {
      await page.goto(`${server.url}/en/auth/login`);
      await page.getByLabel('Email').fill(ADMIN_EMAIL);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectToast(page, 'Incorrect email or password.');
      await signIn(page, server, 'en', NEW_PASSWORD);
      await expectToast(page, 'Welcome Back');
    });
  });
});
