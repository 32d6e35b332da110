import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectToast, signIn } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';
import { startSmtp, type SmtpReceiver } from '../helpers/smtp.ts';

/** Where a test may leave its screenshots to be looked at (not kept by the suite). */
const SHOTS = process.env.SCREENSHOT_DIR;

describe('security: the re-check, email set-up and the change of email (Arabic, phone)', () => {
  let smtp: SmtpReceiver;
  before(async () => {
    smtp = await startSmtp();
  });
  after(async () => {
    await smtp.close();
  });
  const suite = browserSuite(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Site <no-reply@test.example>' }));

  test('confirms, sends a test email, changes the email with a code, and lists the change to confirm', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      await signIn(page, server, 'ar');
      await page.goto(`${server.url}/admin/security`);
      const recheck = page.getByRole('region', { name: 'تأكيد هويتك' });
      await recheck.getByLabel('كلمة المرور', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'security re-check (ar, 390)');
      // A change before the re-check sends the owner to it.
      const email = page.getByRole('region', { name: 'البريد الإلكتروني' });
      await email.getByLabel('البريد الجديد').fill('new.owner@test.example');
      await email.getByRole('button', { name: 'أرسل رمزًا إلى العنوان الجديد' }).click();
      await expectToast(page, 'أكّد هويتك أولًا: أدخل كلمة المرور في قسم «تأكيد هويتك».');
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('autocomplete')),
        'current-password',
        'focus is on the re-check',
      );
      await recheck.getByRole('button', { name: 'تأكيد', exact: true }).click();
      await recheck.getByText('أدخل كلمة المرور.').waitFor();
      await recheck.getByLabel('كلمة المرور', { exact: true }).fill('not the password');
      await recheck.getByRole('button', { name: 'تأكيد', exact: true }).click();
      await recheck.getByText('كلمة المرور الحالية غير صحيحة.').waitFor();
      await recheck.getByLabel('كلمة المرور', { exact: true }).fill(ADMIN_PASSWORD);
      await recheck.getByRole('button', { name: 'تأكيد', exact: true }).click();
      await recheck.getByText(/تم التأكيد حتى/).waitFor();

      // The test email, through the SMTP receiver.
      await email.getByText('لم تُرسل رسالة تجريبية بعد.').waitFor();
      await email.getByRole('button', { name: 'أرسل لي رسالة تجريبية' }).click();
      await email.getByText(/قبل خادم البريد آخر رسالة تجريبية/).waitFor();
      await smtp.waitFor(ADMIN_EMAIL, (m) => m.subject.includes('A test email from your site'));

      // The change of email: a code to the new address, typed back here.
      await email.getByRole('button', { name: 'أرسل رمزًا إلى العنوان الجديد' }).click();
      await email.getByText(/أُرسل رمز من 6 أرقام إلى new\.owner@test\.example/).waitFor();
      const code = /^\s*(\d{6})\s*$/m.exec((await smtp.waitFor('new.owner@test.example')).text)![1]!;
      await email.getByLabel('الرمز المرسل إلى العنوان الجديد').fill(code);
      await email.getByRole('button', { name: 'تغيير البريد' }).click();
      await expectToast(page, 'أصبح بريد الحساب new.owner@test.example.');
      await email.getByText('new.owner@test.example', { exact: true }).waitFor();
      const told = await smtp.waitFor(ADMIN_EMAIL, (m) => m.subject.includes('A change to how you sign in'));
      assert.match(told.text, /\/auth\/undo#/);
      const changes = page.getByRole('region', { name: 'تغييرات حديثة في طرق الدخول' });
      await changes.getByText('غُيّر البريد إلى new.owner@test.example').waitFor();
      await expectNoAxeViolations(page, 'security after the change of email (ar, 390)');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `no sideways scroll (${width} px)`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/security-ar-390.png`, fullPage: true });
      // Back to the address the other tests sign in with.
      await server.app.ctx.db.updateTable('users').set({ email: ADMIN_EMAIL }).execute();
    }));

  test('the emailed code lets a new browser in, and the emailed undo link undoes a change (English, desktop)', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await page.goto(`${server.url}/en/auth/admit`);
      await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
      await page.getByRole('button', { name: 'Email me a code' }).click();
      await page.getByText(/If this email belongs to an account, a code has been sent to it/).waitFor();
      const code = /\b([2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4})\b/.exec(
        (await smtp.waitFor(ADMIN_EMAIL, (m) => m.subject.includes('Code to let a new browser in'))).text,
      )![1]!;
      await page.getByLabel('Code from the email').fill('AAAA-AAAA');
      await page.getByRole('button', { name: 'Let this browser in' }).click();
      await page
        .getByText('Wrong code. Check the code in the email and type it in the browser where you asked for it.')
        .waitFor();
      await expectNoAxeViolations(page, 'admit (en, 1280)');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/admit-en-1280.png`, fullPage: true });
      await page.getByLabel('Code from the email').fill(code);
      await page.getByRole('button', { name: 'Let this browser in' }).click();
      await expectToast(page, 'This browser is let in. Sign in with your password now.');
      await page.waitForURL('**/en/auth/login');
      assert.ok(
        (await page.context().cookies()).some((c) => c.name === 'device'),
        'this browser now holds the device cookie',
      );

      // A change made elsewhere, and its emailed link opened here.
      const owner = await server.admin();
      await server.admin();
      assert.equal((await owner.post('/api/auth/recheck', { password: ADMIN_PASSWORD })).status, 200);
      assert.equal((await owner.request('DELETE', '/api/auth/sessions')).status, 200);
      const told = await smtp.waitFor(ADMIN_EMAIL, (m) => m.subject.includes('A change to how you sign in'));
      const link = /http\S+(\/en\/auth\/undo#[A-Za-z0-9_-]+)/.exec(told.text)![1]!;
      await page.goto(`${server.url}${link}`);
      await page.getByRole('heading', { level: 1, name: 'Undo a change to your account' }).waitFor();
      await expectNoAxeViolations(page, 'undo (en, 1280)');
      await page.getByRole('button', { name: 'Undo the change and sign every device out' }).click();
      await page
        .getByText('Undone (1 change). Every device has been signed out. Sign in again and change your password.')
        .waitFor();
      assert.equal((await owner.get('/api/auth/is-logged-in')).status, 401);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/undo-en-1280.png`, fullPage: true });
    }));
});

describe('security and the reset screen without email set up (English, desktop)', () => {
  const suite = browserSuite();

  test('the Security screen and the reset screens say plainly that email is not set up', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signIn(page, server, 'en');
      await page.goto(`${server.url}/en/admin/security`);
      const email = page.getByRole('region', { name: 'Email' });
      await email.getByText(/Email is not set up on this server: nothing reaches you/).waitFor();
      assert.equal(await email.getByRole('button', { name: 'Send me a test email' }).count(), 0);
      await expectNoAxeViolations(page, 'security without email (en, 1280)');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/security-en-1280.png`, fullPage: true });
      const home = await page.request.get(`${server.url}/api/checklist`);
      assert.equal(
        ((await home.json()) as { data: { key: string; done: boolean }[] }).data.find((r) => r.key === 'mail')?.done,
        false,
      );

      await page.goto(`${server.url}/en/admin/results`);
      await page.getByText(/the weekly summary does not reach you/).waitFor();

      await page.context().clearCookies();
      await page.goto(`${server.url}/en/auth/verifyemail`);
      await page.getByText(/Email is not set up on this site, so no code can be sent by email/).waitFor();
      await page.getByLabel('Email').fill('someone@test.example');
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.waitForURL('**/en/auth/sendotp');
      await page
        .getByRole('note')
        .getByText(/Email is not set up on this site/)
        .waitFor();
      assert.equal(await page.getByText(/We sent a 6-digit code/).count(), 0, 'no claim that a code was sent');
      await expectNoAxeViolations(page, 'reset without email (en, 1280)');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/reset-en-1280.png`, fullPage: true });
    }));
});
