import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { dayIn } from '../../src/server/features/leads/classify.ts';
import { signInThroughApi } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE, type Viewport } from '../helpers/browser.ts';
import { createSiteData } from '../pages/site-data.ts';

/** Ordinary browsers' User-Agents (headless Chromium's own names it a bot, which is not counted). */
const UA = {
  phone: (v: number) =>
    `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Mobile Safari/537.36`,
  desktop: (v: number) =>
    `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`,
};

/** Taps on the site's call, WhatsApp and email links, counted in the CSV the owner downloads. */
describe('leads: real taps in Chromium', () => {
  const suite = browserSuite({ LEADS_FLUSH_MS: '600000' });
  before(async () => {
    await createSiteData(await suite.server().admin());
  });

  let owner: Awaited<ReturnType<ReturnType<typeof suite.server>['admin']>> | undefined;
  async function csv(): Promise<string[]> {
    await suite.server().app.ctx.leads.settled();
    owner ??= await suite.server().admin();
    const admin = owner;
    const day = dayIn('Asia/Riyadh');
    return ((await admin.get(`/api/leads.csv?from=${day}&to=${day}`)).body as string)
      .split('\r\n')
      .filter(Boolean)
      .slice(1);
  }

  const runs: { lang: 'ar' | 'en'; viewport: Viewport; device: 'mobile' | 'desktop'; ua: string }[] = [
    { lang: 'ar', viewport: PHONE, device: 'mobile', ua: UA.phone(131) },
    { lang: 'en', viewport: PHONE, device: 'mobile', ua: UA.phone(130) },
    { lang: 'ar', viewport: DESKTOP, device: 'desktop', ua: UA.desktop(131) },
    { lang: 'en', viewport: DESKTOP, device: 'desktop', ua: UA.desktop(130) },
  ];
  for (const run of runs) {
    it(`counts a view and every kind of tap, even before the page's other scripts load [${run.lang}, ${run.viewport.width} px]`, async () => {
      const { url } = suite.server();
      const context = await suite
        .browser()
        .browser.newContext({ viewport: run.viewport, userAgent: run.ua, locale: 'ar-SA' });
      try {
        // WhatsApp opens wa.me in a new tab: not for a test to reach.
        await context.route(/wa\.me|whatsapp\.com/, (route) => route.abort());
        // A tel: or mailto: link hands over to the system's dialer or mail app, which this machine does not
        // have: headless Chromium on Linux then runs xdg-open, and while it does the page drops the next
        // clicks. The test stops that hand-over in the last listener of all (window, bubbling), after the
        // site's own counting listener (document, capturing) has run, so what is measured is unchanged.
        await context.addInitScript(() => {
          addEventListener('click', (event) => {
            if ((event.target as Element | null)?.closest?.('a[href^="tel:"], a[href^="mailto:"]'))
              event.preventDefault();
          });
        });
        // The page's other scripts are held back, so the first taps land before they load: only the beacons are there.
        let release!: () => void;
        const held = new Promise<void>((done) => {
          release = done;
        });
        await context.route(/\/assets\/(?!boot-)[^/]*\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        const page = await context.newPage();
        const prefix = run.lang === 'en' ? '/en' : '';
        const viewed = page.waitForRequest((r) => r.url().endsWith('/api/leads') && /"k":"v"/.test(r.postData() ?? ''));
        await page.goto(`${url}${prefix}/contact`, { waitUntil: 'commit' });
        await viewed;
        assert.equal(await page.getAttribute('html', 'data-hydrated'), null, 'not hydrated yet');
        // The page's own call link.
        await tap(page, 'main a[href^="tel:"]');
        release();
        await page.waitForSelector('html[data-hydrated="true"]');
        // The next page is a view of its own; a tap there counts for that page.
        const contactTitle = await page.title();
        await page
          .locator('footer')
          .getByRole('link', { name: run.lang === 'en' ? 'Products' : 'منتجاتنا', exact: true })
          .first()
          .click();
        await page.waitForURL(`${url}${prefix}/products`, { timeout: 10_000 });
        await page.waitForFunction((was) => document.title !== was, contactTitle);
        await tap(page, 'footer a[href^="tel:"]');
        await tap(page, 'footer a[href^="mailto:"]');
        // Last: WhatsApp opens a new tab (the footer's link).
        await tap(page, 'footer a[href*="wa.me"]');
        const day = dayIn('Asia/Riyadh');
        // The page's title closes the first ten columns, then its visitors, those who got in touch (on their first tap) and requests.
        const expected = [
          `${day},/contact,${run.lang},${run.device},direct,1,1,1,0,0,تواصل معنا,1,1,0`,
          `${day},/products,${run.lang},${run.device},direct,1,0,1,1,1,منتجاتنا,1,0,0`,
        ];
        // A beacon is on its way when the click returns: asked again until it has landed (or 5 s).
        let rows = await csv();
        for (let i = 0; i < 50 && !expected.every((e) => rows.includes(e)); i++) {
          await new Promise((done) => setTimeout(done, 100));
          rows = await csv();
        }
        for (const e of expected) assert.ok(rows.includes(e), `${e} in\n${rows.join('\n')}`);
      } finally {
        await context.close();
      }
    });
  }

  it('shows the same figures as the CSV on the Results screen, in both languages', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      const rows = (await csv()).map((r) => r.split(','));
      const calls = rows.reduce((n, r) => n + Number(r[7]), 0);
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/admin/results`);
      const figure = (name: string) =>
        page.locator('.results-total', { has: page.getByText(name, { exact: true }) }).locator('.results-figure');
      await figure('Calls').waitFor();
      assert.equal(await figure('Calls').textContent(), String(calls));
      assert.ok(await page.getByRole('link', { name: 'Download CSV' }).isVisible());
      await expectNoAxeViolations(page);
      if (process.env.SCREENSHOT_DIR)
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/results-en-390.png`, fullPage: true });
      await page.goto(`${server.url}/admin/results`);
      await page.getByRole('heading', { name: 'النتائج' }).waitFor();
      assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
      assert.equal(await figure('الاتصالات').textContent(), new Intl.NumberFormat('ar').format(calls));
      await expectNoAxeViolations(page);
      if (process.env.SCREENSHOT_DIR) {
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/results-ar-390.png`, fullPage: true });
        await page.setViewportSize(DESKTOP);
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/results-ar-1280.png`, fullPage: true });
      }
    }));
});

/** A real click (the tel:, mailto: or wa.me link is followed as far as the browser goes), and the beacon it sends. */
async function tap(page: Page, selector: string): Promise<void> {
  const link = page.locator(selector).first();
  await link.scrollIntoViewIfNeeded();
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/leads') && /"k":"[cwe]"/.test(r.postData() ?? ''), {
    timeout: 10_000,
  });
  await link.click({ noWaitAfter: true });
  await sent;
}
