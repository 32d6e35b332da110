import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { expectToast, signIn, signInThroughApi } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE, type Viewport } from '../helpers/browser.ts';
import type { TestServer } from '../helpers/server.ts';

/** The figures strip, the guarantee badge, the quotes and the footer's numbers, read as a visitor sees them. */
async function proofOnHome(page: Page, server: TestServer, lang: 'ar' | 'en', viewport: Viewport) {
  await page.setViewportSize(viewport);
  const errors: string[] = [];
  const onConsole = (m: { type: () => string; text: () => string }) => {
    if (m.type() === 'error') errors.push(m.text());
  };
  page.on('console', onConsole);
  await page.goto(`${server.url}${lang === 'en' ? '/en' : '/'}`);
  // Hydrated without a mismatch: the browser formats the figures exactly as the server did.
  await page.waitForSelector('html[data-hydrated="true"]');
  page.off('console', onConsole);
  const figures = page.getByRole('region', { name: lang === 'en' ? 'Our work in figures' : 'عملنا بالأرقام' });
  const items = (await figures.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  const quotes = page.getByRole('region', { name: lang === 'en' ? 'What our customers say' : 'ماذا يقول عملاؤنا' });
  return {
    figures: items,
    guarantee: (await page.locator('.guarantee-badge').innerText()).trim(),
    quotes: (await quotes.getByRole('figure').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()),
    footer: (await page.locator('.footer-registration').innerText()).replace(/\s+/g, ' ').trim(),
    errors,
  };
}

describe('/admin/proof: figures, guarantee, registration numbers and customer quotes', () => {
  const suite = browserSuite();

  test('the owner edits them in the Arabic admin; the home page shows them in both languages at both widths', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signIn(page, server, 'ar');
      await page.getByRole('navigation').getByRole('link', { name: 'الثقة والضمان' }).click();
      await page.waitForURL('**/admin/proof');
      await page.getByRole('heading', { name: 'الثقة والضمان', level: 1 }).waitFor();

      // Figures typed on an Arabic keyboard; cities left empty, so not shown.
      await page.getByLabel('سنوات الخبرة').fill('١٥');
      await page.getByLabel('المشاريع المنجزة').fill('2400');
      await page.getByLabel('الضمان بالعربية').fill('ضمان 5 سنوات');
      await page.getByLabel('الضمان بالإنجليزية').fill('5-year guarantee');
      await page.getByLabel('رقم السجل التجاري').fill('12345');
      await page.getByLabel('الرقم الضريبي', { exact: true }).fill('300123456700003');
      // The links a customer checks the business with: a VAT check link that is not an official page first.
      await page.getByLabel('رابط التقييمات على Google').fill('https://g.page/r/demo-reviews');
      const vatCheck = page.getByLabel('رابط التحقق من الرقم الضريبي');
      await vatCheck.fill('https://zatca.example.com/lookup');

      // Quotes: two added, the second moved up, a third added and removed.
      const add = page.getByRole('button', { name: 'إضافة رأي' });
      await add.click();
      const first = page.getByRole('group', { name: 'الرأي 1' });
      await first.getByLabel('نص الرأي بالعربية').fill('ركّبوا الشبك في يوم واحد ولم نعد نرى الحمام.');
      await first.getByLabel('اسم العميل').fill('أبو فهد');
      await first.getByLabel('المدينة بالعربية').fill('الرياض');
      await first.getByLabel('المدينة بالإنجليزية').fill('Riyadh');
      await add.click();
      const second = page.getByRole('group', { name: 'الرأي 2' });
      await second.getByLabel('نص الرأي بالإنجليزية').fill('Neat work, on time.');
      await second.getByLabel('اسم العميل').fill('Sara M.');
      await second.getByLabel('المدينة بالعربية').fill('جدة');
      await second.getByLabel('المدينة بالإنجليزية').fill('Jeddah');
      await page.getByRole('button', { name: 'تحريك «الرأي 2» إلى الأعلى' }).click();
      assert.equal(
        await page.getByRole('group', { name: 'الرأي 1' }).getByLabel('اسم العميل').inputValue(),
        'Sara M.',
        'moved up',
      );
      await add.click();
      await page.getByRole('button', { name: 'حذف الرأي 3' }).click();
      assert.equal(await page.getByRole('group', { name: 'الرأي 3' }).count(), 0);

      // Refused in Arabic under its field (the words come with the screen's own chunk); nothing saved.
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      await page
        .getByRole('region', { name: 'روابط يتحقق بها العملاء' })
        .getByText('رابط التحقق من الرقم الضريبي يجب أن يكون رابط صفحة رسمية للتحقق')
        .waitFor();
      assert.equal(await vatCheck.getAttribute('aria-invalid'), 'true');
      await vatCheck.fill('https://zatca.gov.sa/ar/eServices/Pages/TaxpayerLookup.aspx');

      // A CR number that is not 10 digits: an Arabic message under the field, with an example; nothing saved.
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      const cr = page.getByLabel('رقم السجل التجاري');
      await page
        .getByRole('region', { name: 'السجل التجاري والضريبة' })
        .getByText('رقم السجل التجاري يجب أن يكون 10 أرقام، مثل')
        .waitFor();
      assert.equal(await cr.getAttribute('aria-invalid'), 'true');
      assert.equal(await cr.evaluate((el) => el === document.activeElement), true, 'the field is focused');
      assert.equal((await server.anon().get('/api/proof')).body.data.updatedAt, '', 'nothing saved');
      await expectNoAxeViolations(page, '/admin/proof with a field error (ar, desktop)');

      await cr.fill('1010123456');
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      await expectToast(page, 'تم حفظ الثقة والضمان');
      const saved = (await server.anon().get('/api/proof')).body.data;
      assert.deepEqual(
        [saved.yearsInBusiness, saved.jobsDone, saved.citiesServed, saved.crNumber],
        [15, 2400, null, '1010123456'],
      );
      assert.deepEqual(
        saved.quotes.map((q: { name: string }) => q.name),
        ['Sara M.', 'أبو فهد'],
      );
      assert.equal(await cr.getAttribute('aria-invalid'), null, 'the field message is gone');

      for (const viewport of [PHONE, DESKTOP]) {
        const ar = await proofOnHome(page, server, 'ar', viewport);
        assert.deepEqual(ar.figures, ['15 سنوات الخبرة', '2,400 مشاريع منجزة']);
        assert.equal(ar.guarantee, 'ضمان 5 سنوات');
        assert.match(
          ar.quotes[0]!,
          /Neat work, on time\..*Sara M\..*جدة/,
          'only in English: shown in English on the Arabic page',
        );
        assert.match(ar.quotes[1]!, /ركّبوا الشبك في يوم واحد ولم نعد نرى الحمام\..*أبو فهد.*الرياض/);
        assert.equal(ar.footer, 'السجل التجاري 1010123456 الرقم الضريبي 300123456700003 تحقّق ↗ تقييماتنا على Google ↗');
        assert.deepEqual(ar.errors, []);
        await expectNoAxeViolations(page, `home (ar, ${viewport.width})`);

        const en = await proofOnHome(page, server, 'en', viewport);
        assert.deepEqual(en.figures, ['15 Years in business', '2,400 Jobs done']);
        assert.equal(en.guarantee, '5-year guarantee');
        assert.match(en.quotes[0]!, /Neat work, on time\..*Sara M\..*Jeddah/);
        assert.match(
          en.quotes[1]!,
          /ركّبوا الشبك.*أبو فهد.*Riyadh/,
          'only in Arabic: shown in Arabic, the city in English',
        );
        assert.equal(await page.getByRole('blockquote').nth(1).getAttribute('lang'), 'ar');
        assert.equal(en.footer, 'CR 1010123456 VAT 300123456700003 check ↗ Our reviews on Google ↗');
        assert.deepEqual(en.errors, []);
        await expectNoAxeViolations(page, `home (en, ${viewport.width})`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.equal(overflow, 0, `nothing leaves the screen at ${viewport.width}`);
      }
      await page.goto(`${server.url}/en/about`);
      await page.getByRole('region', { name: 'What our customers say' }).getByText('Neat work, on time.').waitFor();
    }));

  test('the largest figures and a guarantee without spaces stay on a 320 px screen', () =>
    suite.withPage({ width: 320, height: 700 }, async ({ page, server }) => {
      const admin = await server.admin();
      const { updatedAt: _u, ...fields } = (await admin.get('/api/proof')).body.data;
      const res = await admin.put('/api/proof', {
        ...fields,
        yearsInBusiness: 100,
        jobsDone: 1_000_000,
        citiesServed: 100,
        guaranteeAr: 'ض'.repeat(60),
        guaranteeEn: 'G'.repeat(60),
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      for (const path of ['/', '/en']) {
        await page.goto(server.url + path);
        await page.locator('.figures').getByText('1,000,000').waitFor();
        assert.equal(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          0,
          `${path}: nothing leaves the screen`,
        );
      }
      assert.equal((await admin.put('/api/proof', { ...fields })).status, 200, 'put back for the other tests');
    }));

  test('Undo on the save toast brings the earlier values back (English admin, phone)', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      const admin = await server.admin();
      const before = (await admin.get('/api/proof')).body.data;
      const { updatedAt, ...fields } = before;
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/admin/proof`);
      const years = page.getByLabel('Years in business');
      await years.waitFor();
      await years.fill('99');
      await expectNoAxeViolations(page, '/admin/proof (en, phone)');
      const box = await page.getByRole('button', { name: 'Add a quote' }).boundingBox();
      assert.ok(box && box.height >= 44, 'a thumb-sized button');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Trust and proof saved');
      assert.equal((await admin.get('/api/proof')).body.data.yearsInBusiness, 99);
      await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Undo' }).click();
      await expectToast(page, 'Version restored');
      const { updatedAt: _u, ...now } = (await admin.get('/api/proof')).body.data;
      assert.deepEqual(now, fields, `back to the version of ${updatedAt || 'before the first save'}`);
      // The screen reloads what the undo restored.
      await page.waitForFunction(
        (want) => (document.querySelector('input[inputmode="numeric"]') as HTMLInputElement | null)?.value === want,
        String(fields.yearsInBusiness ?? ''),
      );
    }));
});
