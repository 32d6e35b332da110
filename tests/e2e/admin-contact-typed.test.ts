import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { dictionaryFor } from '../../src/shared/i18n/index.ts';
import { expectToast, signInThroughApi } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';
import type { HttpClient } from '../helpers/http.ts';

/**
 * Contact details as an owner types them, in the admin and on the public contact page (issue 31,
 * point 5): coordinates in Arabic digits, a Google Maps place link (the public Maps button opens
 * it), hours past midnight (open now at 00:30), "copy to every open day" that keeps Friday closed,
 * handles made links, and every refused field said beside it at once.
 */
const PLACE_LINK =
  'https://www.google.com/maps/place/Bird+Barrier/@26.4,50.0,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x1!8m2!3d26.4207!4d50.0888';
const BASE = {
  email: 'typed@example.com',
  whatsapp: '',
  instagram: '',
  x: '',
  tiktok: '',
  snapchat: '',
  facebook: '',
  citiesAr: ['الدمام'],
  citiesEn: ['Dammam'],
  hours: null,
  hoursNoteAr: '',
  hoursNoteEn: '',
  addressAr: 'طريق الملك فهد، الدمام',
  addressEn: 'King Fahd Road, Dammam',
  location: null,
  mapsLink: '',
};
/** Monday 00:30 in Riyadh (UTC+3): 2026-11-23 is a Monday. */
const MONDAY_AFTER_MIDNIGHT = new Date('2026-11-23T00:30:00+03:00');

const W = {
  ar: {
    region: 'العنوان والخريطة',
    edit: 'تعديل العنوان والخريطة',
    place: 'رابط خرائط Google أو الإحداثيات',
    confirm: 'تأكيد',
    saved: 'تم حفظ بيانات التواصل',
    hours: 'مواعيد العمل',
    editHours: 'تعديل مواعيد العمل',
    details: 'بيانات التواصل',
    editDetails: 'تعديل بيانات التواصل',
    sundayFrom: 'من، الفترة الأولى يوم الأحد',
    sundayTo: 'إلى، الفترة الأولى يوم الأحد',
    copy: 'انسخ مواعيد الأحد إلى كل أيام العمل',
    show: 'اعرض مواعيد العمل في الموقع',
    fridayOpen: 'مفتوح يوم الجمعة',
    nextDay: '(اليوم التالي)',
  },
  en: {
    region: 'Address and map',
    edit: 'Edit Address and map',
    place: 'Google Maps link or coordinates',
    confirm: 'Confirm',
    saved: 'Contact details saved',
    hours: 'Opening hours',
    editHours: 'Edit Opening hours',
    details: 'Contact details',
    editDetails: 'Edit Contact details',
    sundayFrom: 'From, first period, Sunday',
    sundayTo: 'To, first period, Sunday',
    copy: 'Copy Sunday’s hours to every open day',
    show: 'Show opening hours on the site',
    fridayOpen: 'Open on Friday',
    nextDay: '(next day)',
  },
} as const;

describe('contact details as an owner types them, in Chromium', () => {
  const suite = browserSuite();
  let admin: HttpClient;
  before(async () => {
    admin = await suite.server().admin();
    assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '+966 55 123 4567' })).status, 200);
  });
  const reset = async () => assert.equal((await admin.put('/api/contact', BASE)).status, 200);

  for (const [lang, viewport] of [
    ['ar', PHONE],
    ['en', DESKTOP],
  ] as const) {
    it(`takes coordinates in Arabic digits, then a Google Maps place link the public page opens (${lang}, ${viewport.width} px)`, () =>
      suite.withPage(viewport, async ({ page, server }) => {
        await reset();
        const w = W[lang];
        const prefix = lang === 'en' ? '/en' : '';
        await signInThroughApi(page, server);
        await page.goto(`${server.url}${prefix}/admin/contact`);
        const panel = page.getByRole('region', { name: w.region });
        await panel.getByRole('button', { name: w.edit }).click();
        await panel.getByLabel(w.place).fill('٢٦٫٤٢٠٧، ٥٠٫٠٨٨٨');
        await panel.getByRole('button', { name: w.confirm }).click();
        await expectToast(page, w.saved);
        await panel.getByText('26.4207, 50.0888').waitFor();
        assert.deepEqual((await admin.get('/api/contact')).body.data.location, { lat: 26.4207, lng: 50.0888 });

        await panel.getByRole('button', { name: w.edit }).click();
        await panel.getByLabel(w.place).fill(PLACE_LINK);
        await expectNoAxeViolations(page, `address editor with a maps link (${lang}, ${viewport.width})`);
        // The first save's toast may still be up: the second save is known done by its answer.
        const saved = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'PUT');
        await panel.getByRole('button', { name: w.confirm }).click();
        assert.equal((await saved).status(), 200);
        await expectToast(page, w.saved);
        await panel.getByText(PLACE_LINK).waitFor();
        const stored = (await admin.get('/api/contact')).body.data;
        assert.equal(stored.mapsLink, PLACE_LINK);
        assert.deepEqual(stored.location, { lat: 26.4207, lng: 50.0888 }, 'the pin of the place link');
        await expectNoAxeViolations(page, `address and map with a maps link (${lang}, ${viewport.width})`);

        // The public contact page offers the owner's link.
        await page.goto(`${server.url}${prefix}/contact`);
        const maps = page.getByRole('link', { name: dictionaryFor(lang).contact.openInMaps });
        assert.equal(await maps.getAttribute('href'), PLACE_LINK);
        assert.ok(await maps.isVisible());
      }));
  }

  for (const [lang, viewport] of [
    ['ar', DESKTOP],
    ['en', PHONE],
  ] as const) {
    it(`hours past midnight: copied to the open days only, and "open" at 00:30 on the public page (${lang}, ${viewport.width} px)`, () =>
      suite.withPage(viewport, async ({ page, server }) => {
        await reset();
        const w = W[lang];
        const t = dictionaryFor(lang).contact;
        const prefix = lang === 'en' ? '/en' : '';
        await signInThroughApi(page, server);
        await page.goto(`${server.url}${prefix}/admin/contact`);
        const panel = page.getByRole('region', { name: w.hours });
        await panel.getByRole('button', { name: w.editHours }).click();
        await panel.getByRole('checkbox', { name: w.show }).check();
        // The starting week has Friday closed.
        assert.equal(await panel.getByRole('checkbox', { name: w.fridayOpen }).isChecked(), false);
        await panel.getByLabel(w.sundayFrom).fill('16:00');
        await panel.getByLabel(w.sundayTo).fill('01:00');
        await panel.getByText(w.nextDay).first().waitFor();
        await panel.getByRole('button', { name: w.copy }).click();
        assert.equal(
          await panel.getByRole('checkbox', { name: w.fridayOpen }).isChecked(),
          false,
          'Friday stays closed',
        );
        await expectNoAxeViolations(page, `hours editor past midnight (${lang}, ${viewport.width})`);
        await panel.getByRole('button', { name: w.confirm }).click();
        await expectToast(page, w.saved);
        const hours = (await admin.get('/api/contact')).body.data.hours;
        const late = [{ from: '16:00', to: '01:00' }];
        assert.deepEqual(hours, { sun: late, mon: late, tue: late, wed: late, thu: late, fri: [], sat: late });

        const visitor = await page.context().newPage();
        await visitor.clock.install({ time: MONDAY_AFTER_MIDNIGHT });
        await visitor.goto(`${server.url}${prefix}/contact`);
        await visitor.waitForSelector('html[data-hydrated="true"]');
        const at1am = lang === 'en' ? '1:00\u00a0AM' : '1:00\u00a0ص';
        assert.equal(await visitor.locator('.hours-now').innerText(), `${t.openNow} · ${t.until(at1am)}`);
        const sunday = (await visitor.getByRole('table').locator('tbody tr').nth(0).locator('td').innerText()).replace(
          /\s+/g,
          ' ',
        );
        assert.equal(sunday, lang === 'en' ? '4:00 PM – 1:00 AM' : '4:00 م – 1:00 ص');
        await expectNoAxeViolations(visitor, `contact page open after midnight (${lang}, ${viewport.width})`);
        await visitor.close();
      }));
  }

  for (const [lang, viewport] of [
    ['ar', PHONE],
    ['en', DESKTOP],
  ] as const) {
    it(`says every refused field beside it at once, and takes a handle for a profile (${lang}, ${viewport.width} px)`, () =>
      suite.withPage(viewport, async ({ page, server }) => {
        await reset();
        const w = W[lang];
        const d =
          lang === 'en'
            ? { email: 'Email', whatsapp: 'WhatsApp number', instagram: 'Instagram', x: 'X (Twitter)' }
            : { email: 'البريد الإلكتروني', whatsapp: 'رقم واتساب', instagram: 'إنستغرام', x: 'إكس (تويتر)' };
        await signInThroughApi(page, server);
        await page.goto(`${server.url}${lang === 'en' ? '/en' : ''}/admin/contact`);
        const panel = page.getByRole('region', { name: w.details });
        await panel.getByRole('button', { name: w.editDetails }).click();
        await panel.getByLabel(d.email).fill('not an email');
        await panel.getByLabel(d.whatsapp).fill('12');
        await panel.getByLabel(d.instagram).fill('not a handle at all');
        await panel.getByLabel(d.x).fill('@birdbarrier_sa');
        await panel.getByRole('button', { name: w.confirm }).click();
        const errors = panel.locator('.field-error');
        await errors.nth(2).waitFor();
        assert.equal(await errors.count(), 3, 'the email, WhatsApp and Instagram at once');
        for (const label of [d.email, d.whatsapp, d.instagram])
          assert.equal(await panel.getByLabel(label).getAttribute('aria-invalid'), 'true', label);
        assert.equal(await panel.getByLabel(d.x).getAttribute('aria-invalid'), null, 'the handle is fine');
        assert.ok(
          await panel.getByLabel(d.email).evaluate((el) => el === document.activeElement),
          'the first refused field has the focus',
        );
        if (lang === 'ar')
          assert.doesNotMatch(await errors.allInnerTexts().then((x) => x.join(' ')), /must|حدث خطأ/, 'said in Arabic');
        await expectNoAxeViolations(page, `contact details with three refusals (${lang}, ${viewport.width})`);

        await panel.getByLabel(d.email).fill('hello@example.com');
        await panel.getByLabel(d.whatsapp).fill('');
        await panel.getByLabel(d.instagram).fill('@bird.barrier');
        await panel.getByRole('button', { name: w.confirm }).click();
        await expectToast(page, w.saved);
        await panel.getByText('https://www.instagram.com/bird.barrier').waitFor();
        await panel.getByText('https://x.com/birdbarrier_sa').waitFor();
        assert.equal(await page.locator('.toast-error').count(), 0, "the save took down the refusal's red toast");
      }));
  }
});
