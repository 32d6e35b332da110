import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { expectToast, publicPage, signIn, signInThroughApi } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';

describe('about-admin: the about text and the phone number', () => {
  const suite = browserSuite();

  const aboutTitle = async (language: 'ar' | 'en') =>
    (await suite.server().anon().get(`/api/aboutus?language=${language}`)).body.data.title as string;

  test('about text in English and Arabic: read-only until Edit, Confirm saves, Cancel reverts', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signIn(page, server, 'en');
      await page.getByRole('navigation').getByRole('link', { name: 'About' }).click();
      await page.waitForURL('**/en/admin/about-admin');
      const text = page.getByRole('region', { name: 'Page text' });
      const languages = text.getByRole('group', { name: 'Content language' });
      assert.equal(await languages.getByRole('button', { name: 'English' }).getAttribute('aria-pressed'), 'true');
      const title1 = text.getByRole('group', { name: 'Section 1' }).getByLabel('Title');
      const desc3 = text.getByRole('group', { name: 'Section 3' }).getByLabel('Description');
      await title1.waitFor();
      assert.equal(await title1.getAttribute('readonly'), '', 'read-only before Edit');
      await expectNoAxeViolations(page, 'about-admin (en)');

      await text.getByRole('button', { name: 'Edit' }).click();
      assert.equal(await title1.getAttribute('readonly'), null);
      assert.equal(
        await languages.getByRole('button', { name: 'العربية' }).isDisabled(),
        true,
        'no language switch mid-edit',
      );
      await title1.fill('Who we are');
      await desc3.fill('Dammam, Riyadh, Madinah and Jeddah.');
      await text.getByRole('button', { name: 'Confirm' }).click();
      await expectToast(page, 'About text saved');
      await text.getByRole('button', { name: 'Edit' }).waitFor();
      assert.equal(await title1.getAttribute('readonly'), '');
      assert.equal(await aboutTitle('en'), 'Who we are');
      assert.ok((await publicPage(server, '/en/about')).includes('Who we are'), 'the English about page shows it');

      await text.getByRole('button', { name: 'Edit' }).click();
      await title1.fill('Discard me');
      await text.getByRole('button', { name: 'Cancel' }).click();
      await text.getByRole('button', { name: 'Edit' }).waitFor();
      assert.equal(await title1.inputValue(), 'Who we are', 'Cancel brings the saved text back');
      assert.equal(await aboutTitle('en'), 'Who we are', 'and sends nothing');

      await languages.getByRole('button', { name: 'العربية' }).click();
      assert.equal(await languages.getByRole('button', { name: 'العربية' }).getAttribute('aria-pressed'), 'true');
      await text.getByRole('button', { name: 'Edit' }).click();
      await title1.fill('من نحن');
      // The first save's toast may still be showing: wait for this save's answer, not for a toast.
      const saved = page.waitForResponse(
        (r) => r.url().includes('/api/aboutus') && r.request().method() !== 'GET' && r.ok(),
      );
      await text.getByRole('button', { name: 'Confirm' }).click();
      await saved;
      await expectToast(page, 'About text saved');
      assert.equal(await aboutTitle('ar'), 'من نحن');
      assert.equal(await aboutTitle('en'), 'Who we are', 'each language keeps its own text');
      assert.ok((await publicPage(server, '/about')).includes('من نحن'));
    }));

  test('phone number on Contact details: Edit, Confirm, Cancel, and a bad number refused with an Arabic field message and example', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/admin/contact`);
      const phone = page.getByRole('region', { name: 'رقم الهاتف' });
      const edit = phone.getByRole('button', { name: 'تعديل رقم الهاتف' });
      await edit.click();
      const input = phone.getByRole('textbox', { name: 'رقم الهاتف' });
      assert.equal(await input.getAttribute('type'), 'tel');
      await input.fill('0501112222');
      await expectNoAxeViolations(page, '/admin/contact phone editing (ar, phone)');
      await phone.getByRole('button', { name: 'تأكيد' }).click();
      await expectToast(page, 'تم تحديث رقم الهاتف');
      // Stored in international form, shown in the national one.
      await phone.getByText('050 111 2222', { exact: true }).waitFor();
      assert.equal((await server.anon().get('/api/auth/phone')).body.data, '+966501112222');
      assert.ok(
        (await publicPage(server, '/contact')).includes('tel:+966501112222'),
        'the contact page calls the new number',
      );

      await edit.click();
      await input.fill('0500');
      await phone.getByRole('button', { name: 'إلغاء' }).click();
      await phone.getByText('050 111 2222', { exact: true }).waitFor();
      assert.equal((await server.anon().get('/api/auth/phone')).body.data, '+966501112222', 'Cancel sends nothing');

      for (const bad of ['abc', '12345']) {
        await edit.click();
        await input.fill(bad);
        await phone.getByRole('button', { name: 'تأكيد' }).click();
        const message = phone.locator('.field-error');
        await message.waitFor();
        assert.match(
          await message.innerText(),
          /^رقم الهاتف يجب أن يكون رقم جوال أو هاتف ثابت سعوديًا، مثل .*050.123.4567/,
          `${bad}: an Arabic field message with an example`,
        );
        assert.equal(await input.getAttribute('aria-invalid'), 'true');
        await phone.getByRole('button', { name: 'إلغاء' }).click();
      }
      assert.equal((await server.anon().get('/api/auth/phone')).body.data, '+966501112222', 'nothing was saved');
    }));

  test('a number the server refuses: the catalogue toast and the field message in Arabic', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/admin/contact`);
      const phone = page.getByRole('region', { name: 'رقم الهاتف' });
      await phone.getByRole('button', { name: 'تعديل رقم الهاتف' }).click();
      // Passes the browser's first check (short numbering plan), refused by the server's full one.
      const input = phone.getByRole('textbox', { name: 'رقم الهاتف' });
      await input.fill('0501112222');
      await page.route('**/api/auth/change-phone', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            message:
              'phoneNumber must be a Saudi mobile or landline number, like 050 123 4567 or 011 234 5678 (or an international number starting with +).',
            code: 'phone.invalid',
            params: { field: 'phoneNumber' },
          }),
        }),
      );
      await phone.getByRole('button', { name: 'تأكيد' }).click();
      await expectToast(page, 'تعذّر تحديث رقم الهاتف');
      assert.match(await phone.locator('.field-error').innerText(), /^رقم الهاتف يجب أن يكون/);
    }));
});
