import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { expectToast, signIn, uploadViaApi } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, type Viewport } from '../helpers/browser.ts';
import { createCard } from '../helpers/factories.ts';

const NARROW: Viewport = { width: 360, height: 780 };
const PROJECT = 'برج سكني في العليا';

describe('cities: the owner adds one in the Arabic admin; its page reads well in both languages at 360 and 1280 px', () => {
  const suite = browserSuite();

  before(async () => {
    const admin = await suite.server().admin();
    assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '0551234567' })).status, 200);
    await createCard(admin, 'portfolio', {
      title: PROJECT,
      description: 'شوك فوق وحدات التكييف في كل الأدوار.',
      image: await uploadViaApi(admin),
    });
  });

  test('the Arabic admin flow: add a city, see it unpublished, give it text and a project, see it published', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signIn(page, server, 'ar');
      await page.getByRole('navigation').getByRole('link', { name: 'المدن' }).click();
      await page.waitForURL('**/admin/cities');
      await page.getByRole('heading', { name: 'المدن', level: 1 }).waitFor();

      await page.getByRole('button', { name: 'إضافة مدينة' }).click();
      await page.getByLabel('الاسم بالعربية').fill('الرياض');
      await page.getByLabel('الاسم بالإنجليزية').fill('Riyadh');
      await page.getByLabel('واتساب خاص بالمدينة').fill('12');
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      // A refused number is said under its field, in Arabic or naming it.
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await page.getByLabel('واتساب خاص بالمدينة').fill('');
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      await expectToast(page, 'تمت إضافة المدينة');
      const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'الرياض' }) });
      await item.getByText('غير منشورة: تحتاج مقدمة أو عملًا منفذًا فيها').waitFor();
      assert.equal((await fetch(`${server.url}/cities/riyadh`)).status, 404, 'no page yet');
      await expectNoAxeViolations(page, '/admin/cities');

      await item.getByRole('button', { name: 'تعديل الرياض' }).click();
      await page
        .getByLabel('المقدمة بالعربية')
        .fill('في الرياض نركّب الشوك على كاسرات الشمس في الأبراج.\n\nونعمل ليلًا في المنشآت التي لا تغلق.');
      await page.getByLabel('المقدمة بالإنجليزية').fill('In Riyadh we fit spikes on the sun-breakers of towers.');
      await page.getByLabel('الأحياء والمناطق بالعربية').fill('العليا\nالملقا');
      await page.getByLabel('الأحياء والمناطق بالإنجليزية').fill('Olaya\nMalqa');
      await page.getByLabel('واتساب خاص بالمدينة').fill('055 765 4321');
      await page.getByRole('checkbox', { name: PROJECT }).check();
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      await expectToast(page, 'تم حفظ المدينة');
      await item.getByText('منشورة', { exact: true }).waitFor();
      assert.equal((await fetch(`${server.url}/cities/riyadh`)).status, 200, 'published');
    }));

  for (const lang of ['ar', 'en'] as const) {
    for (const viewport of [NARROW, DESKTOP]) {
      test(`the city page in ${lang} at ${viewport.width} px: its heading, projects, areas and a WhatsApp message naming the city`, () =>
        suite.withPage(viewport, async ({ page, server }) => {
          const prefix = lang === 'en' ? '/en' : '';
          // Reached from the site's own links: the contact page's list of cities.
          await page.goto(`${server.url}${prefix}/contact`);
          const name = lang === 'ar' ? 'الرياض' : 'Riyadh';
          await page.locator('.contact-cities').getByRole('link', { name }).click();
          await page.waitForURL(`**${prefix}/cities/riyadh`);
          await page
            .getByRole('heading', {
              level: 1,
              name: lang === 'ar' ? 'طارد الحمام في الرياض' : 'Pigeon control in Riyadh',
            })
            .waitFor();
          await page
            .getByRole('heading', { level: 2, name: lang === 'ar' ? 'أعمالنا في الرياض' : 'Our work in Riyadh' })
            .waitFor();
          await page.getByRole('heading', { level: 3, name: PROJECT }).waitFor();
          await page.getByText(lang === 'ar' ? 'الملقا' : 'Malqa', { exact: true }).waitFor();

          const whatsapp = page.getByRole('link', {
            name: lang === 'ar' ? 'اطلب عرض سعر في الرياض عبر واتساب' : 'Ask for a quote in Riyadh on WhatsApp',
          });
          // Named as it must be; when it is not, the message says what the links of the page's header are called.
          const found = await whatsapp.waitFor({ timeout: 10_000 }).then(
            () => true,
            () => false,
          );
          const headerLinks = async () =>
            JSON.stringify(
              await page
                .locator('main a[href^="https://wa.me/"]')
                .evaluateAll((links) => links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])),
            );
          assert.ok(
            found,
            `no WhatsApp link named for the city; the page's WhatsApp links: ${found ? '' : await headerLinks()}`,
          );
          const href = await whatsapp.getAttribute('href');
          assert.ok(href?.startsWith('https://wa.me/966557654321?text='), href ?? '');
          assert.ok(decodeURIComponent(href!.split('text=')[1]!).includes(name), 'the message names the city');
          const box = await whatsapp.boundingBox();
          assert.ok(box && box.height >= 44 && box.width >= 44, `a 44 px target: ${JSON.stringify(box)}`);
          assert.equal((await page.locator('a[href="tel:+966551234567"]').count()) > 0, true);

          // Nothing wider than the screen.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `horizontal overflow of ${overflow} px`);
          await expectNoAxeViolations(page, `${prefix}/cities/riyadh at ${viewport.width}`);
        }));
    }
  }
});
