import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { expectToast, signIn, uploadViaApi } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, type Viewport } from '../helpers/browser.ts';
import { createCard } from '../helpers/factories.ts';
import type { Faq } from '../../src/shared/schemas.ts';

const NARROW: Viewport = { width: 360, height: 780 };
const QUESTION = 'هل يؤذي الشوك الحمام؟';
const ANSWER = 'لا، يمنعه من الوقوف على الحافة فقط.';
const CITY_QUESTION = 'هل تغطون كل أحياء الرياض؟';

describe('questions and answers: the owner writes them in the Arabic admin; the page reads well in both languages at 360 and 1280 px', () => {
  const suite = browserSuite();

  before(async () => {
    const admin = await suite.server().admin();
    assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '0551234567' })).status, 200);
    await createCard(admin, 'product', {
      title: 'شوك ستانلس',
      description: 'شوك لا يصدأ.',
      image: await uploadViaApi(admin),
    });
    const city = await admin.post('/api/cities', {
      nameAr: 'الرياض',
      nameEn: 'Riyadh',
      introAr: 'في الرياض نحمي الأبراج والفلل.',
      introEn: 'In Riyadh we protect towers and villas.',
      areasAr: '',
      areasEn: '',
      phone: '',
      whatsapp: '',
      enabled: true,
    });
    assert.equal(city.status, 201);
  });

  test('the Arabic admin flow: add a question, refused half English, tie one to a city, reorder, switch off', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signIn(page, server, 'ar');
      await page.getByRole('navigation').getByRole('link', { name: 'أسئلة وأجوبة' }).click();
      await page.waitForURL('**/admin/faq');
      await page.getByRole('heading', { name: 'أسئلة وأجوبة', level: 1 }).waitFor();
      await page.getByText('لا أسئلة بعد. أضف أول سؤال يسأله عملاؤك.').waitFor();

      await page.getByRole('button', { name: 'إضافة سؤال' }).click();
      await page.getByLabel('السؤال بالعربية').fill(QUESTION);
      await page.getByLabel('الجواب بالعربية').fill(ANSWER);
      await page.getByLabel('السؤال بالإنجليزية').fill('Do the spikes hurt the pigeons?');
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      // The English question without its answer is refused, said under the English answer, in Arabic.
      const answerEn = page.getByLabel('الجواب بالإنجليزية');
      await page.locator('[aria-invalid="true"]').first().waitFor();
      assert.equal(await answerEn.getAttribute('aria-invalid'), 'true');
      await page.getByText('الجواب بالإنجليزية: اكتبه أيضًا، أو اترك السؤال بالإنجليزية فارغًا.').first().waitFor();
      await answerEn.fill('No, they only stop them landing.');
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      await expectToast(page, 'تمت إضافة السؤال');
      const first = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: QUESTION }) });
      await first.getByText('صفحة الأسئلة والأجوبة').waitFor();

      // A second question, shown on Riyadh's page.
      await page.getByRole('button', { name: 'إضافة سؤال' }).click();
      await page.getByLabel('السؤال بالعربية').fill(CITY_QUESTION);
      await page.getByLabel('الجواب بالعربية').fill('نعم، من الشمال إلى الجنوب.');
      await page.getByLabel('مكان الظهور').selectOption({ label: 'الرياض' });
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      await expectToast(page, 'تمت إضافة السؤال');
      const second = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: CITY_QUESTION }) });
      await second.getByText('صفحة مدينة الرياض').waitFor();
      await expectNoAxeViolations(page, '/admin/faq');

      // Moved up: first in the order the site shows.
      await second.getByRole('button', { name: `تقديم: ${CITY_QUESTION}` }).click();
      await expectToast(page, 'تم تغيير ترتيب الأسئلة');
      const admin = await server.admin();
      const order = async () => ((await admin.get('/api/faq')).body.data as Faq[]).map((f) => f.questionAr);
      assert.deepEqual(await order(), [CITY_QUESTION, QUESTION]);
      await page.getByRole('heading', { level: 2 }).first().filter({ hasText: CITY_QUESTION }).waitFor();

      // Both show where they belong.
      assert.ok((await (await fetch(`${server.url}/faq`)).text()).includes(QUESTION));
      assert.ok((await (await fetch(`${server.url}/cities/riyadh`)).text()).includes(CITY_QUESTION));

      // Switched off: kept in the list, gone from the site.
      await first.getByRole('button', { name: `تعديل: ${QUESTION}` }).click();
      await page.getByRole('checkbox', { name: 'يظهر في الموقع' }).uncheck();
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      await expectToast(page, 'تم حفظ السؤال');
      await first.getByText('متوقف', { exact: true }).waitFor();
      assert.ok(!(await (await fetch(`${server.url}/faq`)).text()).includes(QUESTION));

      // Deleted after a confirmation: to the Trash.
      await first.getByRole('button', { name: `حذف: ${QUESTION}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'حذف', exact: true }).click();
      await expectToast(page, 'نُقل السؤال إلى سلة المحذوفات');
      assert.deepEqual(await order(), [CITY_QUESTION]);

      // In the Trash, named as a question; restored in its place.
      await page.getByRole('navigation').getByRole('link', { name: 'سلة المحذوفات' }).click();
      const row = page.getByRole('listitem', { name: QUESTION });
      await row.getByText('سؤال وجواب').waitFor();
      await row.getByRole('button', { name: 'استعادة', exact: true }).click();
      await expectToast(page, 'تمت استعادة السؤال');
      assert.deepEqual(await order(), [CITY_QUESTION, QUESTION]);

      // Switched on again for the public page's tests.
      const [, kept] = (await admin.get('/api/faq')).body.data as Faq[];
      const on = await admin.put(`/api/faq/${kept!._id}`, {
        questionAr: kept!.questionAr,
        answerAr: kept!.answerAr,
        questionEn: kept!.questionEn,
        answerEn: kept!.answerEn,
        cityId: null,
        cardId: null,
        enabled: true,
      });
      assert.equal(on.status, 200);
    }));

  for (const lang of ['ar', 'en'] as const) {
    for (const viewport of [NARROW, DESKTOP]) {
      test(`the questions page in ${lang} at ${viewport.width} px: reached from the footer, an answer opens without script`, () =>
        suite.withPage(viewport, async ({ page, server }) => {
          const prefix = lang === 'en' ? '/en' : '';
          await page.goto(`${server.url}${prefix}/contact`);
          const link = lang === 'ar' ? 'أسئلة وأجوبة' : 'Questions and answers';
          await page.locator('footer').getByRole('link', { name: link }).click();
          await page.waitForURL(`**${prefix}/faq`);
          await page.getByRole('heading', { level: 1, name: link }).waitFor();

          const question = lang === 'ar' ? QUESTION : 'Do the spikes hurt the pigeons?';
          const answer = page.getByText(lang === 'ar' ? ANSWER : 'No, they only stop them landing.');
          assert.equal(await answer.isVisible(), false, 'closed at first');
          const summary = page.locator('summary', { hasText: question });
          const box = await summary.boundingBox();
          assert.ok(box && box.height >= 44, `a 44 px target: ${JSON.stringify(box)}`);
          // By keyboard: focus and Enter open it.
          await summary.focus();
          await page.keyboard.press('Enter');
          await answer.waitFor();
          // The city's question is on the city's page, not here.
          assert.equal(await page.getByText(CITY_QUESTION).count(), 0);

          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `horizontal overflow of ${overflow} px`);
          await expectNoAxeViolations(page, `${prefix}/faq at ${viewport.width}`);
        }));
    }
  }
});
