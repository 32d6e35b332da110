import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, uploadViaApi } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE, type Viewport } from '../helpers/browser.ts';

/**
 * The launch checklist can be finished (issue 31, point 4): rows for the opening hours, the address
 * and the Maps link, each linking to the section where it is fixed, and every demo item marked
 * "Demo" in its admin list (products, portfolio, detail items, slides).
 */

const WORDS = {
  ar: {
    home: 'الرئيسية',
    checklist: 'قائمة الإطلاق',
    fix: /^إصلاح/,
    demo: 'تجريبي',
    hoursRegion: 'مواعيد العمل',
    addressRegion: 'العنوان والخريطة',
    hours: 'مواعيد العمل غير محددة: لا يعرف الزائر متى يتصل.',
    address: 'العنوان غير محدد.',
    map: 'رابط خرائط Google أو الموقع على الخريطة غير محدد.',
    summary: /علامة «تجريبي» ما زال/,
  },
  en: {
    home: 'Home',
    checklist: 'Launch checklist',
    fix: /^Fix/,
    demo: 'Demo',
    hoursRegion: 'Opening hours',
    addressRegion: 'Address and map',
    hours: 'The opening hours are not set: visitors cannot tell when to call.',
    address: 'The address is not set.',
    map: 'The Google Maps link or map location is not set.',
    summary: /marked Demo still shows? a photo or text of the demo content/,
  },
} as const;

const row = (page: Page, lang: 'ar' | 'en', text: string) =>
  page.getByRole('region', { name: WORDS[lang].checklist }).getByRole('listitem').filter({ hasText: text });

describe('launch checklist: contact rows and demo badges', () => {
  const suite = browserSuite({ SEED_DEMO: 'true' });

  for (const lang of ['ar', 'en'] as const) {
    for (const viewport of [PHONE, DESKTOP] as Viewport[]) {
      test(`asks for the opening hours, the address and the Maps link, each linking to its section (${lang}, ${viewport.width} px)`, () =>
        suite.withPage(viewport, async ({ page, server }) => {
          const w = WORDS[lang];
          const prefix = lang === 'en' ? '/en' : '';
          await signIn(page, server, lang);
          await page.getByRole('heading', { level: 1, name: w.home }).waitFor();
          for (const [text, section] of [
            [w.hours, 'hours'],
            [w.address, 'address'],
            [w.map, 'address'],
          ] as const) {
            const link = row(page, lang, text).getByRole('link', { name: w.fix });
            assert.equal(await link.getAttribute('href'), `${prefix}/admin/contact#${section}`, text);
          }
          await expectNoAxeViolations(page, `admin home with the contact rows (${lang}, ${viewport.width})`);

          await row(page, lang, w.hours).getByRole('link', { name: w.fix }).click();
          await page.waitForURL(`**${prefix}/admin/contact#hours`);
          const hours = page.getByRole('region', { name: w.hoursRegion });
          await page.waitForFunction(() => document.activeElement?.id === 'hours');
          const box = await hours.boundingBox();
          assert.ok(box && box.y < viewport.height && box.y + 40 > 0, `the hours section is in view (${box?.y})`);
          await expectNoAxeViolations(page, `/admin/contact#hours (${lang}, ${viewport.width})`);

          await page.goBack();
          await row(page, lang, w.map).getByRole('link', { name: w.fix }).click();
          await page.waitForURL(`**${prefix}/admin/contact#address`);
          await page.waitForFunction(() => document.activeElement?.id === 'address');
          assert.ok(await page.getByRole('region', { name: w.addressRegion }).isVisible());
        }));
    }
  }

  for (const [lang, viewport] of [
    ['ar', PHONE],
    ['en', DESKTOP],
    ['en', PHONE],
    ['ar', DESKTOP],
  ] as const) {
    test(`marks every demo item "Demo" in its list, and not the owner's own (${lang}, ${viewport.width} px)`, () =>
      suite.withPage(viewport, async ({ page, server }) => {
        const w = WORDS[lang];
        const prefix = lang === 'en' ? '/en' : '';
        const admin = await server.admin();
        const demo = new Set((await admin.get('/api/checklist/demo')).body.data as string[]);
        await signIn(page, server, lang);

        const products = (await admin.get('/api/card?type=product')).body.data as {
          _id: string;
          title: string;
          isDetailed: boolean;
        }[];
        // The owner's own product: no badge.
        const own = await admin.post('/api/card/?type=product', {
          title: `منتج المالك ${Date.now()}`,
          description: 'من صنعنا',
          image: await uploadViaApi(admin),
        });
        assert.equal(own.status, 201);
        await page.goto(`${server.url}${prefix}/admin/product-admin`);
        const tile = (id: string) => page.locator('article.tile').filter({ has: page.locator(`[id="card-${id}"]`) });
        await tile(own.body.data._id).waitFor();
        // The marks come with their own read, a moment after the list.
        await page.getByText(w.summary).waitFor();
        for (const p of products) {
          assert.ok(demo.has(p._id));
          assert.equal(await tile(p._id).getByText(w.demo, { exact: true }).count(), 1, `${p.title} is marked`);
        }
        assert.equal(
          await tile(own.body.data._id).getByText(w.demo, { exact: true }).count(),
          0,
          "the owner's product is not",
        );
        await expectNoAxeViolations(page, `products with demo badges (${lang}, ${viewport.width})`);

        await page.goto(`${server.url}${prefix}/admin/portfolio-admin`);
        const portfolio = (await admin.get('/api/card?type=portfolio')).body.data as { _id: string }[];
        await tile(portfolio[0]!._id).waitFor();
        await page.getByText(w.summary).waitFor();
        assert.equal(await page.locator('article.tile .badge-demo').count(), portfolio.length);

        const detailed = products.find((p) => p.isDetailed)!;
        const items = (await admin.get(`/api/card/details?id=${detailed._id}`)).body.data.detailsWithImageUrl as {
          _id: string;
        }[];
        await page.goto(`${server.url}${prefix}/admin/details-admin?id=${detailed._id}&category=product`);
        await page.locator(`[id="detail-${items[0]!._id}"]`).waitFor();
        await page.getByText(w.summary).waitFor();
        assert.equal(await page.locator('article.tile .badge-demo').count(), items.length, 'every demo detail item');
        assert.equal(await page.locator('.card-summary .badge-demo').count(), 1, 'and the product they belong to');
        await expectNoAxeViolations(page, `detail items with demo badges (${lang}, ${viewport.width})`);

        await page.goto(`${server.url}${prefix}/admin/slide-admin`);
        const slides = (await admin.get('/api/slider/')).body.data as { _id: string }[];
        await page.locator(`[id="slide-${slides[0]!._id}"]`).waitFor();
        await page.getByText(w.summary).waitFor();
        assert.equal(
          await page.locator('.slide-row .badge-demo').count(),
          slides.filter((s) => demo.has(s._id)).length,
        );
        assert.ok((await page.locator('.slide-row .badge-demo').count()) > 0);
        await expectNoAxeViolations(page, `slides with demo badges (${lang}, ${viewport.width})`);
        assert.equal((await admin.delete(`/api/card/${own.body.data._id}`)).status, 200);
      }));
  }
});
