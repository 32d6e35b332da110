import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSuite, DESKTOP, PHONE } from '../helpers/browser.ts';
import { createSiteData, type SiteData } from '../pages/site-data.ts';
import { uploadImage } from '../helpers/factories.ts';
import { uniqueImage } from '../helpers/images.ts';
import { cardPath } from '../../src/shared/paths.ts';

/** The default headline of the titles: the service and the site data's cities. */
const HEADLINE = {
  ar: 'شوك وشبك طارد للحمام في الدمام والرياض والمدينة المنورة وجدة والخبر',
  en: 'Anti-pigeon spikes and nets in Dammam, Riyadh, Madinah, Jeddah and Khobar',
};

/** What a visitor does on the public site: switch language, open details, drive the slider, use the menu. */
describe('public site interactions in Chromium', () => {
  const suite = browserSuite();
  let site: SiteData;
  before(async () => {
    site = await createSiteData(await suite.server().admin());
  });

  async function open(page: Page, path: string) {
    await page.goto(suite.server().url + path);
    await page.waitForSelector('html[data-hydrated="true"]');
  }

  it('switches language, keeping the page and the card', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      // An old link lands on the product's own address (decision 035), and the toggle keeps the product.
      await open(page, `/card-details?id=${site.detailed._id}`);
      assert.equal(page.url(), server.url + cardPath(site.detailed, 'ar'));
      assert.equal(await page.title(), `${site.detailed.title} | طارد الحمام`);
      await page.getByRole('link', { name: 'English' }).click();
      await page.waitForURL(server.url + cardPath(site.detailed, 'en'));
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      assert.equal(await page.getAttribute('html', 'dir'), 'ltr');
      assert.equal(await page.title(), `${site.detailed.title} | Bird Barrier`);
      assert.ok(await page.getByRole('link', { name: 'Back to products' }).isVisible());

      await page.goto(`${server.url}/about`);
      await page.waitForSelector('html[data-hydrated="true"]');
      assert.ok(await page.getByText(site.about.ar.description2).isVisible());
      await page.getByRole('link', { name: 'English' }).click();
      await page.waitForURL(`${server.url}/en/about`);
      await page.getByText(site.about.en.description2).waitFor();
      assert.equal(await page.title(), `About | ${HEADLINE.en}`);
      assert.equal(await page.getAttribute('html', 'lang'), 'en');
      assert.ok(!(await page.getByText(site.about.ar.description2).isVisible()));
      await page.getByRole('link', { name: 'العربية' }).click();
      await page.waitForURL(`${server.url}/about`);
      await page.getByText(site.about.ar.description2).waitFor();
      assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
      assert.equal(await page.title(), `من نحن | ${HEADLINE.ar}`);
    }));

  it('shows Details only on detailed products and opens the card details page', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      await open(page, '/en/products');
      const detailsLinks = page.getByRole('link', { name: /^Details:/ });
      assert.equal(await detailsLinks.count(), 1);
      assert.equal(await page.getByRole('link', { name: `Details: ${site.plain.title}` }).count(), 0);
      await page.getByRole('link', { name: `Details: ${site.detailed.title}` }).click();
      await page.waitForURL(server.url + cardPath(site.detailed, 'en'));
      await page.getByRole('heading', { level: 1, name: site.detailed.title }).waitFor();
      assert.ok(await page.getByRole('heading', { name: site.detail.title }).isVisible());
    }));

  it('asks for the view beacon and the next slide only once the first frame is drawn', () =>
    suite.withPage(PHONE, async ({ page }) => {
      // On a slow connection both would share it with the fonts and the first slide, the page's largest paint.
      // The site data's slides share one picture: the second gets its own, to be told apart.
      const admin = await suite.server().admin();
      const second = site.slides[1]!;
      const image = await uploadImage(admin, await uniqueImage('jpeg', 1400, 900));
      const edited = await admin.put(`/api/slider/${second._id}`, {
        title: second.title,
        details: second.details,
        image,
      });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      await open(page, '/');
      const found = await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.slide[data-state="next"] img');
        const entry = (name: string) => performance.getEntriesByName(name, 'resource')[0]?.startTime;
        const next = img?.complete && img.currentSrc ? entry(img.currentSrc) : undefined;
        const beacon = entry(new URL('/api/leads', location.href).href);
        if (next === undefined || beacon === undefined) return false;
        const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN;
        const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
        return { paint, load, next, beacon };
      });
      const t = (await found.jsonValue()) as { paint: number; load: number; next: number; beacon: number };
      assert.ok(t.paint > 0, JSON.stringify(t));
      assert.ok(t.beacon >= t.paint, `the beacon before the first paint: ${JSON.stringify(t)}`);
      assert.ok(
        t.next >= t.paint && t.next >= t.load,
        `the next slide before the load or the first paint: ${JSON.stringify(t)}`,
      );
    }));

  it('drives the slider with the keyboard: next, previous, dots and pause', () =>
    suite.withPage(DESKTOP, async ({ page }) => {
      // The server draws the first slide alone (tests/pages/public-html.test.ts); once the page has
      // loaded, the next one is laid out, invisibly, so that its picture is there for the move.
      await open(page, '/en');
      await page.waitForFunction(() => document.readyState === 'complete');
      await page.locator('.slide[data-state="next"]').nth(0).waitFor({ state: 'attached' });
      assert.equal(await page.locator('.slide[data-state="next"]').count(), 1);
      const current = () => page.locator('.slide[data-state="current"] .slide-title').textContent();
      assert.equal(await current(), site.slides[0]!.title);
      const next = page.getByRole('button', { name: 'Next slide' });
      await next.focus();
      await page.keyboard.press('Enter');
      assert.equal(await current(), site.slides[1]!.title);
      // Focus inside the slider holds autoplay, so the slide stays put while we work.
      await page.keyboard.press('Space');
      assert.equal(await current(), site.slides[2]!.title);
      await page.keyboard.press('Enter');
      assert.equal(await current(), site.slides[0]!.title, 'wraps around');
      await page.getByRole('button', { name: 'Previous slide' }).focus();
      await page.keyboard.press('Enter');
      assert.equal(await current(), site.slides[2]!.title);
      await page.getByRole('button', { name: 'Go to slide 2' }).focus();
      await page.keyboard.press('Enter');
      assert.equal(await current(), site.slides[1]!.title);
      assert.equal(await page.getByRole('button', { name: 'Go to slide 2' }).getAttribute('aria-current'), 'true');
      const pause = page.getByRole('button', { name: 'Pause slideshow' });
      await pause.focus();
      await page.keyboard.press('Enter');
      assert.ok(await page.getByRole('button', { name: 'Play slideshow' }).isVisible());
      // Hidden slides are out of the accessibility tree; only the current one is exposed.
      assert.equal(await page.locator('.slide:not([aria-hidden])').count(), 1);
      // A swipe towards the start shows the next slide.
      await page.mouse.move(0, 0);
      const box = (await page.locator('.slider').boundingBox())!;
      await page
        .locator('.slider')
        .dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: box.x + 600, clientY: box.y + 200 }] });
      await page
        .locator('.slider')
        .dispatchEvent('touchend', { changedTouches: [{ identifier: 1, clientX: box.x + 300, clientY: box.y + 210 }] });
      assert.equal(await current(), site.slides[2]!.title);
    }));

  it('opens and closes the phone menu with the keyboard and navigates from it', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      await open(page, '/');
      const button = page.getByRole('button', { name: 'فتح القائمة' });
      assert.equal(await button.getAttribute('aria-expanded'), 'false');
      await button.focus();
      await page.keyboard.press('Enter');
      const close = page.getByRole('button', { name: 'إغلاق القائمة' });
      assert.equal(await close.getAttribute('aria-expanded'), 'true');
      const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
      assert.ok(await nav.isVisible());
      await page.keyboard.press('Escape');
      assert.ok(!(await nav.isVisible()));
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('aria-controls')),
        'site-nav',
        'focus back on the button',
      );
      await page.keyboard.press('Enter');
      assert.equal(await close.getAttribute('aria-expanded'), 'true', 'open again');
      await nav.getByRole('link', { name: 'منتجاتنا' }).click();
      await page.waitForURL(`${server.url}/products`);
      await page.getByRole('heading', { level: 1, name: 'منتجاتنا' }).waitFor();
      assert.ok(!(await nav.isVisible()), 'the menu closes after navigating');
      assert.equal(await page.title(), `منتجاتنا | ${HEADLINE.ar}`);
      assert.equal(await page.locator('#site-nav a[aria-current="page"]').textContent(), 'منتجاتنا');
    }));

  it('shows a 404 page with a way home, in the current language', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      const res = await page.goto(`${server.url}/en/missing-page`);
      assert.equal(res?.status(), 404);
      await page.waitForSelector('html[data-hydrated="true"]');
      assert.ok(await page.getByRole('heading', { level: 1, name: 'Page not found' }).isVisible());
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await page.waitForURL(`${server.url}/en`);
      await page.getByText(site.slides[0]!.title).waitFor();
      assert.equal(await page.title(), `${HEADLINE.en} | Bird Barrier`);
    }));
});
