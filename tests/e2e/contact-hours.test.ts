import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { dictionaryFor } from '../../src/shared/i18n/index.ts';
import { signInThroughApi, expectToast } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';
import type { HttpClient } from '../helpers/http.ts';

/**
 * The contact page's opening hours, address and maps link, its WhatsApp-green button and its
 * city list (issue 25, point 6), and the owner editing the hours in the Arabic admin.
 */
const day = (...ranges: [string, string][]) => ranges.map(([from, to]) => ({ from, to }));
const HOURS = {
  sun: day(['08:00', '12:00'], ['16:00', '22:00']),
  mon: day(['08:00', '22:00']),
  tue: day(['08:00', '22:00']),
  wed: day(['08:00', '22:00']),
  thu: day(['08:00', '22:00']),
  fri: day(['16:00', '23:00']),
  sat: day(['09:30', '23:59']),
};
const CONTACT = {
  email: 'hours@example.com',
  whatsapp: '+966 50 765 4321',
  instagram: '',
  x: '',
  tiktok: '',
  snapchat: '',
  facebook: '',
  citiesAr: ['الدمام', 'الرياض', 'جدة'],
  citiesEn: ['Dammam', 'Riyadh', 'Jeddah'],
  hours: HOURS,
  hoursNoteAr: 'الجمعة بعد صلاة العصر',
  hoursNoteEn: 'Friday after the afternoon prayer',
  addressAr: 'طريق الملك فهد، الرياض',
  addressEn: 'King Fahd Road, Riyadh',
  location: { lat: 24.7136, lng: 46.6753 },
};
/** Moments in Riyadh time (UTC+3): 2026-11-22 is a Sunday, 2026-11-27 a Friday. */
const SUNDAY_MORNING = new Date('2026-11-22T09:15:00+03:00');
const FRIDAY_MORNING = new Date('2026-11-27T10:00:00+03:00');

describe('contact page hours, address and city list in Chromium', () => {
  const suite = browserSuite();
  let admin: HttpClient;
  before(async () => {
    admin = await suite.server().admin();
    assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '+966 55 123 4567' })).status, 200);
    const saved = await admin.put('/api/contact', CONTACT);
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
  });

  async function open(page: Page, lang: 'ar' | 'en', at: Date) {
    await page.clock.install({ time: at });
    await page.goto(`${suite.server().url}${lang === 'en' ? '/en' : ''}/contact`);
    await page.waitForSelector('html[data-hydrated="true"]');
  }

  for (const lang of ['ar', 'en'] as const) {
    const t = dictionaryFor(lang).contact;
    it(`shows the week's hours, open now and today's row, and the maps link (${lang})`, () =>
      suite.withPage(PHONE, async ({ page }) => {
        await open(page, lang, SUNDAY_MORNING);
        const table = page.getByRole('table', { name: new RegExp(t.hoursLabel) });
        const rows = table.locator('tbody tr');
        assert.deepEqual(
          await rows.locator('th > span:first-child').allInnerTexts(),
          [...t.days],
          'the days in the page language, Sunday first',
        );
        assert.equal(await rows.nth(0).getAttribute('aria-current'), 'date', 'Sunday is today');
        assert.equal(await page.locator('[aria-current="date"]').count(), 1);
        const sunday = (await rows.nth(0).locator('td').innerText()).replace(/\s+/g, ' ');
        assert.match(
          sunday,
          lang === 'en' ? /8:00 AM – 12:00 PM 4:00 PM – 10:00 PM/ : /8:00 ص – 12:00 م 4:00 م – 10:00 م/,
        );
        assert.equal(
          await page.locator('.hours-now').innerText(),
          `${t.openNow} · ${t.until(lang === 'en' ? '12:00\u00a0PM' : '12:00\u00a0م')}`,
        );
        assert.ok(await page.getByText(lang === 'en' ? CONTACT.hoursNoteEn : CONTACT.hoursNoteAr).isVisible());

        const maps = page.getByRole('link', { name: t.openInMaps });
        assert.equal(
          await maps.getAttribute('href'),
          'https://www.google.com/maps/search/?api=1&query=24.7136,46.6753',
        );
        assert.equal(await maps.getAttribute('target'), '_blank');
        assert.match((await maps.getAttribute('rel')) ?? '', /\bnoopener\b/);
        assert.ok(await page.getByText(lang === 'en' ? CONTACT.addressEn : CONTACT.addressAr).isVisible());
        assert.equal(await page.locator('main iframe').count(), 0, 'no embedded map');
      }));

    it(`says closed now and when it opens, later the same day (${lang})`, () =>
      suite.withPage(DESKTOP, async ({ page }) => {
        await open(page, lang, FRIDAY_MORNING);
        assert.equal(
          await page.locator('.hours-now').innerText(),
          `${t.closedNow} · ${t.opens(t.days[5], lang === 'en' ? '4:00\u00a0PM' : '4:00\u00a0م', 0)}`,
        );
        assert.equal(await page.locator('tbody tr').nth(5).getAttribute('aria-current'), 'date');
      }));

    it(`paints WhatsApp green, lists the cities as plain text, and passes axe (${lang})`, () =>
      suite.withPage(DESKTOP, async ({ page }) => {
        await open(page, lang, SUNDAY_MORNING);
        // The WhatsApp button of the page's "get in touch" pair (the other asks for a visit: the request form).
        const touch = page.locator('main a.get-in-touch[href^="https://wa.me/"]');
        assert.match((await touch.getAttribute('href')) ?? '', /^https:\/\/wa\.me\//);
        assert.deepEqual(
          await touch.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]),
          ['rgb(37, 211, 102)', 'rgb(17, 27, 33)'],
        );
        const cities = page.locator('.city-list li');
        assert.deepEqual(await cities.allInnerTexts(), lang === 'en' ? CONTACT.citiesEn : CONTACT.citiesAr);
        assert.equal(
          await page.locator('.city-list').locator('a, button, [role="button"], [tabindex]').count(),
          0,
          'nothing to press',
        );
        for (const city of await cities.all()) {
          assert.equal(
            await city.evaluate((el) => [getComputedStyle(el).cursor, getComputedStyle(el).backgroundColor].join(' ')),
            'default rgba(0, 0, 0, 0)',
          );
        }
        // Tabbing through the page never lands in the city list.
        const focused = new Set<string>();
        for (let i = 0; i < 40; i++) {
          await page.keyboard.press('Tab');
          focused.add(await page.evaluate(() => (document.activeElement?.closest('.city-list') ? 'city' : 'other')));
        }
        assert.ok(!focused.has('city'));
        await expectNoAxeViolations(page, `/contact (${lang})`);
      }));
  }

  // Wednesday, the longest day's name in English, with today's badge; Sunday has two periods.
  const WEDNESDAY_MORNING = new Date('2026-11-25T09:00:00+03:00');
  it("fits the hours into a phone's width, in both languages", async () => {
    for (const width of [320, 360, 390]) {
      await suite.withPage({ width, height: 740 }, async ({ page }) => {
        for (const lang of ['ar', 'en'] as const) {
          for (const at of [SUNDAY_MORNING, WEDNESDAY_MORNING]) {
            await open(page, lang, at);
            await page.locator('.hours-table [aria-current="date"]').waitFor();
            const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
            assert.ok(
              scroll <= inner,
              `${lang === 'en' ? '/en' : ''}/contact at ${width} px on ${at.toISOString()}: ${scroll} px wide`,
            );
            const card = (await page.locator('.contact-hours').boundingBox())!;
            const table = (await page.locator('.hours-table').boundingBox())!;
            assert.ok(
              table.x >= card.x && table.x + table.width <= card.x + card.width,
              `the table inside its card at ${width} px (${lang})`,
            );
          }
        }
      });
    }
  });

  it('keeps the clock out of the server-rendered page, which is kept per content version', async () => {
    for (const path of ['/contact', '/en/contact']) {
      const html = await (await fetch(suite.server().url + path)).text();
      assert.ok(html.includes('hours-table'), `${path} has the hours`);
      assert.ok(!html.includes('aria-current="date"'), `${path}: no "today" in the kept HTML`);
      for (const lang of ['ar', 'en'] as const) {
        const t = dictionaryFor(lang).contact;
        assert.ok(!html.includes(t.openNow) && !html.includes(t.closedNow), `${path}: no "open now" in the kept HTML`);
      }
    }
  });

  it('hides the hours and the address when the owner has set none', () =>
    suite.withPage(PHONE, async ({ page }) => {
      const cleared = await admin.put('/api/contact', {
        ...CONTACT,
        hours: null,
        addressAr: '',
        addressEn: '',
        location: null,
      });
      assert.equal(cleared.status, 200);
      try {
        await open(page, 'en', SUNDAY_MORNING);
        assert.equal(await page.locator('.hours-table').count(), 0);
        assert.equal(await page.getByRole('link', { name: dictionaryFor('en').contact.openInMaps }).count(), 0);
      } finally {
        assert.equal((await admin.put('/api/contact', CONTACT)).status, 200);
      }
    }));

  it('lets the owner edit the hours in Arabic, refusing a period that ends before it starts in Arabic', () =>
    suite.withPage(PHONE, async ({ page }) => {
      await signInThroughApi(page, suite.server());
      await page.goto(`${suite.server().url}/admin/contact`);
      const panel = page.getByRole('region', { name: 'مواعيد العمل' });
      await panel.getByRole('button', { name: 'تعديل مواعيد العمل' }).click();
      assert.ok(await panel.getByRole('checkbox', { name: 'اعرض مواعيد العمل في الموقع' }).isChecked());
      const friday = panel.getByRole('group', { name: 'الجمعة' });
      const from = friday.getByLabel('من، الفترة الأولى يوم الجمعة');
      const to = friday.getByLabel('إلى، الفترة الأولى يوم الجمعة');
      await from.fill('16:00');
      await to.fill('16:00');
      await panel.getByRole('button', { name: 'تأكيد' }).click();
      const error = friday.locator('.field-error');
      await error.waitFor();
      assert.equal(
        await error.innerText(),
        'وقت الإغلاق في الفترة الأولى يوم الجمعة لا يمكن أن يساوي وقت الفتح \u206616:00\u2069؛ الفترة التي تنتهي بعد منتصف الليل تنتهي صباح اليوم التالي، مثل \u206616:00\u2069 إلى \u206601:00\u2069.',
      );
      assert.equal(await to.getAttribute('aria-invalid'), 'true');
      assert.ok(await to.evaluate((el) => el === document.activeElement), 'the refused field has the focus');
      await expectNoAxeViolations(page, '/admin/contact hours editing (ar, phone)');
      for (const box of await panel
        .locator('.hours-day .check-line, .hours-day input[type="time"], .hours-day button')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height))) {
        assert.ok(box >= 44, `tap target ${box} px`);
      }

      // Closed on Saturdays, a second period on Friday, then saved.
      await from.fill('08:00');
      await to.fill('12:00');
      await friday.getByRole('button', { name: 'أضف فترة ثانية يوم الجمعة' }).click();
      await friday.getByLabel('من، الفترة الثانية يوم الجمعة').fill('16:00');
      await friday.getByLabel('إلى، الفترة الثانية يوم الجمعة').fill('23:30');
      await panel.getByRole('checkbox', { name: 'مفتوح يوم السبت' }).uncheck();
      await panel.getByRole('button', { name: 'تأكيد' }).click();
      await expectToast(page, 'تم حفظ بيانات التواصل');
      const stored = (await admin.get('/api/contact')).body.data;
      assert.deepEqual(stored.hours.fri, day(['08:00', '12:00'], ['16:00', '23:30']));
      assert.deepEqual(stored.hours.sat, []);
      assert.deepEqual(stored.hours.sun, HOURS.sun, 'the other days as they were');
      // Back to the read-only list, which says Saturday is closed.
      assert.equal(await panel.locator('.hours-list div').nth(6).innerText(), 'السبت\nمغلق');
      await admin.put('/api/contact', CONTACT);
    }));

  it('takes the map location as pasted, refusing text without coordinates in Arabic', () =>
    suite.withPage(DESKTOP, async ({ page }) => {
      await signInThroughApi(page, suite.server());
      await page.goto(`${suite.server().url}/admin/contact`);
      const panel = page.getByRole('region', { name: 'العنوان والخريطة' });
      await panel.getByRole('button', { name: 'تعديل العنوان والخريطة' }).click();
      const location = panel.getByLabel('رابط خرائط Google أو الإحداثيات');
      await location.fill('حي العليا');
      await panel.getByRole('button', { name: 'تأكيد' }).click();
      assert.equal(
        await panel.locator('.field-error').innerText(),
        'الصق رابطًا من خرائط Google (مثل \u2066https://maps.app.goo.gl/…\u2069)، أو اكتب خط العرض ثم خط الطول بينهما فاصلة، مثل \u206626.4207, 50.0888\u2069.',
      );
      assert.equal(await location.getAttribute('aria-invalid'), 'true');
      await location.fill('https://www.google.com/maps/@21.4858,39.1925,15z');
      await panel.getByRole('button', { name: 'تأكيد' }).click();
      await expectToast(page, 'تم حفظ بيانات التواصل');
      try {
        assert.deepEqual((await admin.get('/api/contact')).body.data.location, { lat: 21.4858, lng: 39.1925 });
        assert.equal(
          await panel.getByRole('link', { name: 'افتح في الخرائط' }).getAttribute('href'),
          'https://www.google.com/maps/@21.4858,39.1925,15z',
          "the owner's own link",
        );
      } finally {
        await admin.put('/api/contact', CONTACT);
      }
    }));
});
