import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { dictionaryFor } from '../../src/shared/i18n/index.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';
import { createSiteData, enPath, type SiteData } from '../pages/site-data.ts';

/**
 * Every public page in both languages at a phone and a desktop width: the content from the
 * database is visible, the layout's call and WhatsApp links are there, and axe finds nothing.
 */
describe('public pages in Chromium', () => {
  const suite = browserSuite();
  let site: SiteData;
  before(async () => {
    site = await createSiteData(await suite.server().admin());
  });

  const routes = () => [
    { path: '/', visible: [site.slides[0]!.title, site.portfolio.title] },
    { path: '/about', visible: [] as string[] },
    { path: '/portfolio', visible: [site.portfolio.title, site.portfolio.description] },
    { path: '/products', visible: [site.detailed.title, site.plain.title] },
    { path: '/contact', visible: [site.contact.email] },
    { path: `/card-details?id=${site.detailed._id}`, visible: [site.detailed.title, site.detail.title] },
    { path: '/no-such-page', visible: ['404'] },
  ];

  async function open(page: Page, path: string) {
    await page.goto(suite.server().url + path);
    await page.waitForSelector('html[data-hydrated="true"]');
  }

  for (const [label, viewport] of [
    ['390 px', PHONE],
    ['1280 px', DESKTOP],
  ] as const) {
    for (const lang of ['ar', 'en'] as const) {
      it(`shows every page in ${lang} at ${label} with its content and no axe violations`, () =>
        suite.withPage(viewport, async ({ page }) => {
          const errors: string[] = [];
          page.on('pageerror', (e) => errors.push(e.message));
          for (const route of routes()) {
            const path = lang === 'ar' ? route.path : enPath(route.path);
            await open(page, path);
            assert.equal(await page.getAttribute('html', 'lang'), lang, path);
            assert.equal(await page.getAttribute('html', 'dir'), lang === 'ar' ? 'rtl' : 'ltr', path);
            const texts = [...route.visible];
            if (route.path === '/about') texts.push(site.about[lang].title, site.about[lang].description3);
            for (const text of texts) {
              assert.ok(
                await page.getByText(text, { exact: false }).first().isVisible(),
                `${path} at ${label}: "${text}" visible`,
              );
            }
            // The floating call and WhatsApp buttons are on every page (shown on wide screens; phones have
            // the pair in the top bar: tests/e2e/public-reach.test.ts).
            const call = page.locator('.floating-contact a[href^="tel:"]');
            const whatsapp = page.locator('.floating-contact a[href^="https://wa.me/"]');
            assert.equal(await call.count(), 1, `${path}: call button`);
            assert.equal(await whatsapp.count(), 1, `${path}: WhatsApp button`);
            assert.equal(await call.getAttribute('href'), 'tel:+966551234567');
            const wa = new URL((await whatsapp.getAttribute('href'))!);
            assert.equal(
              wa.pathname,
              '/' + site.contact.whatsapp.replace(/\D/g, ''),
              'the WhatsApp number the owner set, not the phone',
            );
            assert.equal(
              wa.searchParams.get('text'),
              dictionaryFor(lang).whatsappGreeting,
              'the greeting in the page language',
            );
            // The top navigation is either shown or behind the menu button, never both.
            const menuButton = page.locator('.menu-button');
            const nav = page.locator('#site-nav');
            if (viewport === PHONE) {
              assert.ok(await menuButton.isVisible(), `${path}: menu button at ${label}`);
              assert.ok(!(await nav.isVisible()), `${path}: navigation collapsed at ${label}`);
            } else {
              assert.ok(!(await menuButton.isVisible()));
              assert.ok(await nav.isVisible());
            }
            // Nothing sticks out sideways.
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            assert.ok(overflow <= 0, `${path} at ${label}: horizontal overflow ${overflow}px`);
            await expectNoAxeViolations(page, `${path} at ${label}`);
          }
          assert.deepEqual(errors, []);
        }));
    }
  }

  // Each page language has its own pair of font files (src/web/shared/fonts.css): an English page
  // fetches no Arabic face (not even for the language toggle's Arabic label, set in the system
  // font), and an Arabic page no Latin one: its Arabic faces hold the ASCII letters, digits and
  // signs of an email, a name or the footer's ©. Both preload their own bold face.
  // Every page gets a fresh context: a face another page fetched would be in the browser's cache.
  it('fetches only the font files of the page language', async () => {
    let englishOnly = 0;
    const fontsOf = (page: Page) =>
      page.evaluate(async () => {
        await document.fonts.ready;
        // Content the owner wrote only in Arabic is shown as written (and needs the Arabic face).
        let otherText = false;
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n && !otherText; n = walker.nextNode()) {
          otherText =
            /[\u0600-\u06FF]/.test(n.textContent ?? '') && !n.parentElement?.closest('.lang-toggle, script, style');
        }
        const files = performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.endsWith('.woff2'));
        const preloaded = [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=font]')].map(
          (l) => new URL(l.href).pathname,
        );
        return { fonts: files, otherText, preloaded };
      });
    for (const route of routes()) {
      await suite.withPage(PHONE, async ({ page }) => {
        await open(page, enPath(route.path));
        const { fonts, otherText, preloaded } = await fontsOf(page);
        assert.ok(
          fonts.some((f) => f.includes('plex-latin-400')),
          `${enPath(route.path)}: the Latin face, got ${fonts.join(', ')}`,
        );
        assert.deepEqual(
          preloaded.map((f) => f.replace(/-[\w-]{8}\.woff2$/, '')),
          ['/assets/plex-latin-400', '/assets/plex-latin-700'],
          `${enPath(route.path)}: its own two faces preloaded`,
        );
        if (otherText) return;
        englishOnly++;
        assert.deepEqual(
          fonts.filter((f) => f.includes('plex-arabic')),
          [],
          `${enPath(route.path)}: no Arabic face`,
        );
      });
      await suite.withPage(PHONE, async ({ page }) => {
        await open(page, route.path);
        const { fonts, preloaded } = await fontsOf(page);
        assert.deepEqual(
          preloaded.map((f) => f.replace(/-[\w-]{8}\.woff2$/, '')),
          ['/assets/plex-arabic-400', '/assets/plex-arabic-700'],
          `${route.path}: its own two faces preloaded`,
        );
        // The demo's Arabic pages hold an email, a Latin name and ©, and still need no Latin face.
        assert.deepEqual(
          fonts.filter((f) => f.includes('plex-latin')),
          [],
          `${route.path}: no Latin face, got ${fonts.join(', ')}`,
        );
      });
    }
    assert.ok(englishOnly >= 2, `pages without Arabic text checked: ${englishOnly}`);
    await suite.withPage(PHONE, async ({ page }) => {
      await open(page, '/about');
      const covering = await page.evaluate(async () => {
        await document.fonts.ready;
        // The loaded Arabic faces whose range covers the space (U+20), the digits (U+30-39) and the
        // ASCII letters (up to U+7E).
        return [...document.fonts].filter(
          (f) =>
            f.status === 'loaded' &&
            f.family.replace(/"/g, '') === 'Plex Arabic' &&
            /(^|, )U\+20-7E(,|$)/i.test(f.unicodeRange),
        ).length;
      });
      assert.ok(covering > 0, 'a loaded Arabic face covers the space, the digits and the ASCII letters');
    });
  });
});
