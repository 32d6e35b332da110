import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { addDays, dayIn } from '../../src/server/features/leads/classify.ts';
import { signInThroughApi, uploadViaApi } from '../helpers/admin-page.ts';
import { sendBeacon } from '../helpers/beacon.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE, type Viewport } from '../helpers/browser.ts';
import { fillLeadRows } from '../helpers/lead-rows.ts';

const PRODUCT = { title: 'أشواك ستانلس', titleEn: 'Stainless spikes' };
const PROJECT = { title: 'فيلا في الدمام', titleEn: 'A villa in Dammam' };
const AR_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const latin = (text: string) => text.replace(/[٠-٩]/g, (d) => String(AR_DIGITS.indexOf(d))).replace(/[٬,]/g, '');

/** The Results screen as the owner reads it (issue 31, point 7), in both languages, on a phone and a desktop. */
describe('admin: the Results screen an owner reads', () => {
  const suite = browserSuite({ LEADS_FLUSH_MS: '600000' });

  before(async () => {
    const server = suite.server();
    const admin = await server.admin();
    const image = await uploadViaApi(admin);
    const product = (
      await admin.post('/api/card/?type=product', { ...PRODUCT, description: 'وصف', descriptionEn: 'Details', image })
    ).body.data;
    const project = (
      await admin.post('/api/card/?type=portfolio', { ...PROJECT, description: 'وصف', descriptionEn: 'Details', image })
    ).body.data;
    // The six days before: a quiet week of the site's own pages, so the chart has days to show
    // (written first: its totals are built from the rows, then today's beacons add to them).
    const today = dayIn('Asia/Riyadh');
    await fillLeadRows(server.app.ctx.db, {
      last: addDays(today, -1),
      days: 6,
      pages: ['/', '/products', '/contact'],
      sources: 2,
    });
    // A visitor arrives on the home page, reads the product and calls from it; others read the
    // privacy page and the project, or follow an old link to a product no longer there.
    const a = { from: '127.0.0.21' };
    await sendBeacon(server, { k: 'v', p: '/' }, a);
    await sendBeacon(server, { k: 'v', p: `/card-details?id=${product._id}`, r: `${server.url}/` }, a);
    await sendBeacon(server, { k: 'c', p: `/card-details?id=${product._id}`, r: `${server.url}/` }, a);
    await sendBeacon(server, { k: 'c', p: `/card-details?id=${product._id}`, r: `${server.url}/` }, a);
    await sendBeacon(server, { k: 'w', p: `/card-details?id=${product._id}`, r: `${server.url}/` }, a);
    await sendBeacon(server, { k: 'v', p: '/en/privacy', r: 'https://www.google.com/' }, { from: '127.0.0.22' });
    await sendBeacon(server, { k: 'v', p: `/en/card-details?id=${project._id}` }, { from: '127.0.0.22' });
    await sendBeacon(server, { k: 'v', p: '/card-details?id=no-such-card' }, { from: '127.0.0.23' });
    await server.app.ctx.leads.settled();
  });

  async function open(page: Page, lang: 'ar' | 'en') {
    await signInThroughApi(page, suite.server());
    await page.goto(`${suite.server().url}${lang === 'en' ? '/en' : ''}/admin/results`);
    await page.locator('.results-total').first().waitFor();
  }

  /** The pages list: each row's name and its visitors. */
  async function pageRows(page: Page): Promise<Map<string, string>> {
    const list = page.locator('.results-list', {
      has: page.getByRole('heading', { name: /^(الصفحات والمنتجات|Pages and products)$/ }),
    });
    const rows = await list
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [tr.querySelector('th')!.textContent!, tr.querySelectorAll('td')[3]!.textContent!] as const),
      );
    return new Map(rows);
  }

  async function checkChart(page: Page, lang: 'ar' | 'en') {
    const dates = page.locator('.results-days span');
    assert.equal(await dates.count(), 7, 'a date under each day of the week');
    const month = new Intl.DateTimeFormat(lang === 'ar' ? 'ar' : 'en-GB', { month: 'short', timeZone: 'UTC' }).format(
      new Date(`${dayIn('Asia/Riyadh')}T00:00:00Z`),
    );
    assert.ok((await dates.last().textContent())!.includes(month));
    assert.equal(await page.locator('.results-scale span').count(), 3, 'a scale of three values');
    // Pointing at the last day shows its date and figures.
    const area = page.locator('.results-area');
    await area.scrollIntoViewIfNeeded();
    const box = (await area.boundingBox())!;
    await area.hover({ position: { x: box.width - 4, y: box.height / 2 } });
    const tip = page.locator('.results-tip');
    await tip.waitFor();
    const longDate = new Intl.DateTimeFormat(lang === 'ar' ? 'ar' : 'en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${dayIn('Asia/Riyadh')}T00:00:00Z`));
    assert.equal(await tip.locator('strong').textContent(), longDate);
    assert.match(
      latin((await tip.textContent())!),
      lang === 'ar' ? /الزوار: 3.*التواصل: 2/ : /Visitors: 3.*Contacts: 2/,
    );
    // And for a screen reader, the same days in a table, each with its date.
    const cells = await page.locator('.results-chart table tbody th').allTextContents();
    assert.equal(cells.length, 7);
    assert.equal(cells.at(-1), longDate);
  }

  const runs: { lang: 'ar' | 'en'; viewport: Viewport }[] = [
    { lang: 'ar', viewport: PHONE },
    { lang: 'en', viewport: DESKTOP },
    { lang: 'ar', viewport: DESKTOP },
    { lang: 'en', viewport: PHONE },
  ];
  for (const { lang, viewport } of runs) {
    it(`names every row in words, counts each page's own visitors and dates the chart [${lang}, ${viewport.width} px]`, () =>
      suite.withPage(viewport, async ({ page }) => {
        await open(page, lang);
        const ar = lang === 'ar';
        // Periods in the plural their number takes (the digits are the browser's: Arabic-Indic or Latin).
        const periods = (await page.locator('.results-periods button').allTextContents()).map(latin);
        assert.deepEqual(
          periods,
          ar ? ['آخر 7 أيام', 'آخر 30 يومًا', 'آخر 90 يومًا'] : ['Last 7 days', 'Last 30 days', 'Last 90 days'],
        );
        const rows = await pageRows(page);
        const product = ar ? `منتج: ${PRODUCT.title}` : `Product: ${PRODUCT.titleEn}`;
        assert.equal(latin(rows.get(product)!), '1', 'the visitor who entered on the home page saw the product');
        assert.ok(rows.has(ar ? `مشروع: ${PROJECT.title}` : `Project: ${PROJECT.titleEn}`));
        assert.ok(rows.has(ar ? 'الخصوصية' : 'Privacy'));
        assert.ok(rows.has(ar ? 'صفحة تفاصيل برابط خاطئ أو قديم' : 'A details page with a wrong or old link'));
        for (const name of rows.keys()) assert.doesNotMatch(name, /\//, `no raw path: ${name}`);
        // Of 100 visitors, how many got in touch: never more than 100.
        const per100 = page.locator('.results-total', {
          has: page.getByText(ar ? /^تواصلوا من كل (100|١٠٠) زائر$/ : 'Got in touch, per 100 visitors', {
            exact: true,
          }),
        });
        const figure = Number(latin((await per100.locator('.results-figure').textContent())!));
        assert.ok(figure > 0 && figure <= 100, `${figure}`);
        assert.match(
          (await page.getByRole('link', { name: ar ? 'تنزيل CSV' : 'Download CSV' }).getAttribute('href'))!,
          new RegExp(`language=${lang}$`),
        );
        await checkChart(page, lang);
        await expectNoAxeViolations(page);
        if (process.env.SCREENSHOT_DIR)
          await page.screenshot({
            path: `${process.env.SCREENSHOT_DIR}/results-${lang}-${viewport.width}.png`,
            fullPage: true,
          });
        const scroll = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const wide = [...document.querySelectorAll('body *')].filter(
            (e) => e.getBoundingClientRect().right > width + 1 || e.getBoundingClientRect().left < -1,
          );
          return {
            by: document.documentElement.scrollWidth - width,
            wide: wide.slice(0, 5).map((e) => `${e.tagName}.${e.className}`),
          };
        });
        assert.equal(scroll.by, 0, `nothing scrolls sideways: ${scroll.wide.join(' ')}`);
      }));
  }

  it('writes the weekly email in the language the owner reads the admin in, without the Results writing', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      assert.equal((await (await server.admin()).put('/api/leads/options', { language: 'ar' })).status, 200);
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/leads/options') && r.request().method() === 'PUT',
      );
      await open(page, 'en');
      await saved;
      const row = await server.app.ctx.db.selectFrom('lead_options').select('language').executeTakeFirstOrThrow();
      assert.equal(row.language, 'en');
    }));
});
