import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { dictionaryFor } from '../../src/shared/i18n/index.ts';
import { browserSuite, DESKTOP, PHONE, type Viewport } from '../helpers/browser.ts';
import { createSiteData, enPath, type SiteData } from '../pages/site-data.ts';

/**
 * The public site asks for the call: hero buttons in the first screen, a WhatsApp question naming
 * each product, the number shown on computers, nothing off the screen (and call and WhatsApp in
 * reach everywhere: tests/e2e/public-reach.test.ts).
 */
const NARROW = { width: 360, height: 740 } as const;
const WIDTHS: [string, Viewport][] = [
  ['360 px', NARROW],
  ['390 px', PHONE],
  ['1280 px', DESKTOP],
];
const LANGS = ['ar', 'en'] as const;

type Box = { x: number; y: number; width: number; height: number };

describe('public site contact actions in Chromium', () => {
  const suite = browserSuite();
  let site: SiteData;
  before(async () => {
    site = await createSiteData(await suite.server().admin());
  });

  async function open(page: Page, path: string) {
    await page.goto(suite.server().url + path);
    await page.waitForSelector('html[data-hydrated="true"]');
  }
  const pathIn = (lang: 'ar' | 'en', path: string) => (lang === 'ar' ? path : enPath(path));
  /** The ?text= of a wa.me link. */
  const waText = (href: string | null) => new URL(href ?? '').searchParams.get('text');

  for (const [label, viewport] of WIDTHS) {
    for (const lang of LANGS) {
      it(`shows the hero's call and WhatsApp buttons in the first screen (${lang}, ${label})`, () =>
        suite.withPage(viewport, async ({ page }) => {
          await open(page, pathIn(lang, '/'));
          // Call and WhatsApp; the third, "request a free inspection", shows from 600 px (tests/e2e/request-form.test.ts).
          const buttons = page.locator('.slider .contact-buttons a:not(.btn-request)');
          assert.equal(await buttons.count(), 2);
          assert.match(
            (await page.locator('.slider .contact-buttons a.btn-request').first().getAttribute('href')) ?? '',
            /\/request$/,
          );
          for (const button of await buttons.all()) {
            const box = await button.boundingBox();
            assert.ok(
              box && box.y >= 0 && box.y + box.height <= viewport.height,
              `${await button.innerText()} in the first screen: ${JSON.stringify(box)}`,
            );
            assert.ok(box.x >= 0 && box.x + box.width <= viewport.width);
          }
          assert.match((await buttons.nth(0).getAttribute('href')) ?? '', /^tel:\+966551234567$/);
          assert.match((await buttons.nth(1).getAttribute('href')) ?? '', /^https:\/\/wa\.me\/966507654321\?text=/);
          if (viewport === DESKTOP) {
            // The next section's heading shows under the hero, its first line at least.
            const heading = await page.locator('#home-heading').boundingBox();
            assert.ok(
              heading && heading.y + 48 <= viewport.height,
              `the next section is in view: ${JSON.stringify(heading)}`,
            );
          }
        }));

      it(`keeps every page within the screen's width (${lang}, ${label})`, () =>
        suite.withPage(viewport, async ({ page }) => {
          for (const path of [
            '/',
            '/about',
            '/portfolio',
            '/products',
            '/contact',
            `/card-details?id=${site.detailed._id}`,
          ]) {
            await open(page, pathIn(lang, path));
            const [scroll, inner] = await page.evaluate(() => [
              document.scrollingElement!.scrollWidth,
              window.innerWidth,
            ]);
            assert.ok(scroll <= inner, `${path}: ${scroll} > ${inner}`);
            for (const box of await page
              .locator('.site-header a:visible, .site-header button:visible')
              .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as Box))) {
              assert.ok(
                box.x >= 0 && box.x + box.width <= inner,
                `${path}: a header control leaves the screen: ${JSON.stringify(box)}`,
              );
            }
          }
        }));
    }
  }

  it('keeps every page within 320 px, in both languages', () =>
    suite.withPage({ width: 320, height: 640 }, async ({ page }) => {
      for (const lang of LANGS) {
        for (const path of [
          '/',
          '/about',
          '/portfolio',
          '/products',
          '/contact',
          `/card-details?id=${site.detailed._id}`,
        ]) {
          await open(page, pathIn(lang, path));
          const [scroll, inner] = await page.evaluate(() => [
            document.scrollingElement!.scrollWidth,
            window.innerWidth,
          ]);
          assert.ok(scroll <= inner, `${lang} ${path}: ${scroll} > ${inner}`);
        }
      }
    }));

  for (const lang of LANGS) {
    const t = dictionaryFor(lang);
    it(`asks about the exact product or project on WhatsApp, in ${lang}`, () =>
      suite.withPage(PHONE, async ({ page }) => {
        await open(page, pathIn(lang, '/products'));
        for (const card of [site.detailed, site.plain]) {
          const title = lang === 'en' ? card.titleEn || card.title : card.title;
          const link = page.getByRole('link', { name: `${t.ask.label}: ${title}` });
          assert.equal(await link.count(), 1, `${title} has its WhatsApp question`);
          assert.equal(waText(await link.getAttribute('href')), t.ask.message(title));
        }
        await open(page, pathIn(lang, '/portfolio'));
        const project = page.getByRole('link', { name: `${t.ask.label}: ${site.portfolio.title}` });
        assert.equal(waText(await project.getAttribute('href')), t.ask.message(site.portfolio.title));

        await open(page, pathIn(lang, `/card-details?id=${site.detailed._id}`));
        const onDetails = page.getByRole('link', { name: `${t.ask.label}: ${site.detailed.title}` });
        assert.ok(await onDetails.isVisible());
        assert.equal(waText(await onDetails.getAttribute('href')), t.ask.message(site.detailed.title));
      }));
  }

  it('lines the card actions up at the bottom of the cards of a row', () =>
    suite.withPage(DESKTOP, async ({ page }) => {
      await open(page, '/en/products');
      const boxes = await page.locator('.card-tile').evaluateAll((cards) =>
        cards.map((card) => ({
          top: card.getBoundingClientRect().top,
          ask: card.querySelector('.ask-whatsapp')!.getBoundingClientRect().bottom,
        })),
      );
      const rows = Map.groupBy(boxes, (b) => Math.round(b.top));
      const shared = [...rows.values()].filter((row) => row.length > 1);
      assert.ok(shared.length > 0, 'two cards share a row');
      for (const row of shared)
        assert.ok(
          row.every((b) => Math.abs(b.ask - row[0]!.ask) < 1),
          JSON.stringify(row),
        );
    }));

  it('shows the number as text on a computer and "Call now" on a touch screen', async () => {
    await suite.withPage(DESKTOP, async ({ page }) => {
      for (const lang of LANGS) {
        const t = dictionaryFor(lang);
        await open(page, pathIn(lang, '/contact'));
        for (const call of ['.header-call', '.cta-band .btn-call']) {
          // site.phone (+966 55 123 4567) as the site shows numbers: in national form.
          assert.equal(await page.locator(`${call} .call-number`).innerText(), '055 123 4567');
          assert.ok(await page.locator(`${call} .call-number`).isVisible(), `${call} shows the number`);
          // The words stay in the link's name, out of sight.
          assert.equal((await page.locator(`${call} .call-words`).boundingBox())?.width, 1);
          assert.match((await page.locator(call).getAttribute('href')) ?? '', /^tel:/);
        }
        assert.ok(await page.getByText(t.contact.phoneHintDesk).isVisible());
        assert.ok(!(await page.getByText(t.contact.phoneHint, { exact: true }).isVisible()), 'no "tap" for a mouse');
      }
    });
    const context = await suite
      .browser()
      .browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'ar-SA' });
    try {
      const page = await context.newPage();
      for (const lang of LANGS) {
        const t = dictionaryFor(lang);
        await open(page, pathIn(lang, '/contact'));
        assert.equal(await page.locator('.cta-band .btn-call').innerText(), t.callNow);
        assert.ok(!(await page.locator('.cta-band .btn-call .call-number').isVisible()));
        assert.ok(await page.getByText(t.contact.phoneHint, { exact: true }).isVisible());
        assert.ok(!(await page.getByText(t.contact.phoneHintDesk).isVisible()));
      }
    } finally {
      await context.close();
    }
  });
});
