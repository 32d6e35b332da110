import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { dictionaryFor } from '../../src/shared/i18n/index.ts';
import { browserSuite, DESKTOP, PHONE, type Viewport } from '../helpers/browser.ts';
import { createSiteData, enPath, type SiteData } from '../pages/site-data.ts';
import { cardPath } from '../../src/shared/paths.ts';

/**
 * The public site in Chromium with JavaScript turned off (issue 33): pages are plain HTML, so every
 * page reads in full, every link leads where it says, call, WhatsApp and email are ordinary links,
 * and the language toggle and the navigation work, at a phone's width and a computer's.
 */
describe('public pages with scripts off', () => {
  const suite = browserSuite();
  let site: SiteData;
  before(async () => {
    site = await createSiteData(await suite.server().admin());
  });
  const pathIn = (lang: 'ar' | 'en', path: string) => (lang === 'ar' ? path : enPath(path));
  const paths = () => [
    '/',
    '/about',
    '/portfolio',
    '/products',
    '/contact',
    `/card-details?id=${site.detailed._id}`,
    '/privacy',
    '/no-such-page',
  ];

  async function withoutScripts<T>(viewport: Viewport, fn: (context: BrowserContext) => Promise<T>): Promise<T> {
    const context = await suite.browser().browser.newContext({ viewport, javaScriptEnabled: false, locale: 'ar-SA' });
    try {
      return await fn(context);
    } finally {
      await context.close();
    }
  }

  for (const viewport of [PHONE, DESKTOP]) {
    it(`shows every page and every link of it in both languages at ${viewport.width} px`, () =>
      withoutScripts(viewport, async (context) => {
        const page = await context.newPage();
        const { url } = suite.server();
        const checked = new Map<string, number>();
        for (const lang of ['ar', 'en'] as const) {
          const t = dictionaryFor(lang);
          for (const path of paths()) {
            const where = `${pathIn(lang, path)} at ${viewport.width} px`;
            const res = await page.goto(url + pathIn(lang, path));
            assert.equal(res?.status(), path === '/no-such-page' ? 404 : 200, where);
            assert.equal(await page.getAttribute('html', 'data-hydrated'), null, `${where}: no script ran`);
            assert.equal(await page.getAttribute('html', 'lang'), lang, where);
            // Readable: the heading and the main content are on screen, not waiting for a script.
            assert.ok(await page.locator('h1').first().isVisible(), `${where}: its heading`);
            const text = await page.locator('main').innerText();
            assert.ok(text.trim().length > 40, `${where}: the main content`);
            if (path === '/')
              assert.ok(await page.getByText(site.slides[0]!.title).isVisible(), `${where}: the first slide`);
            if (path === '/products') assert.ok(text.includes(site.plain.description), `${where}: the products`);

            const hrefs = await page
              .locator('a[href]')
              .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
            // Call, WhatsApp and email are plain links with the owner's details.
            assert.ok(hrefs.includes('tel:+966551234567'), `${where}: call`);
            const whatsapp = hrefs.filter((h) => h.startsWith('https://wa.me/'));
            assert.ok(whatsapp.length >= 2, `${where}: WhatsApp links`);
            for (const h of whatsapp) assert.equal(new URL(h).pathname, '/966507654321', `${where}: ${h}`);
            assert.ok(hrefs.includes(`mailto:${site.contact.email}`), `${where}: email`);
            // Every page of the site it links to is there.
            for (const href of hrefs.filter((h) => h.startsWith('/'))) {
              const target = new URL(href, url).pathname + new URL(href, url).search;
              if (!checked.has(target)) checked.set(target, (await fetch(url + target)).status);
              // The not-found page's language toggle leads to the same unknown address in the other language.
              assert.equal(
                checked.get(target),
                target.endsWith('/no-such-page') ? 404 : 200,
                `${where}: the link to ${href}`,
              );
            }
            // The way on to every page is on screen: the top navigation on a computer, the footer's on a phone.
            const navigation = viewport === PHONE ? page.locator('footer nav') : page.locator('#site-nav');
            for (const name of [t.nav.home, t.nav.about, t.nav.portfolio, t.nav.products, t.nav.contact]) {
              assert.ok(
                await navigation.getByRole('link', { name, exact: true }).isVisible(),
                `${where}: "${name}" in reach`,
              );
            }
          }
        }
        assert.ok(checked.size >= 12, `site links checked: ${[...checked.keys()].join(' ')}`);
      }));
  }

  it('switches language and follows the navigation with plain links', () =>
    withoutScripts(PHONE, async (context) => {
      const page = await context.newPage();
      const { url } = suite.server();
      await page.goto(`${url}/card-details?id=${site.detailed._id}`);
      assert.equal(page.url(), url + cardPath(site.detailed, 'ar'), 'an old link lands on the address');
      await page.getByRole('link', { name: 'English' }).click();
      await page.waitForURL(url + cardPath(site.detailed, 'en'));
      assert.equal(await page.getAttribute('html', 'dir'), 'ltr');
      assert.ok(await page.getByRole('heading', { level: 1, name: site.detailed.title }).isVisible());
      await page.getByRole('link', { name: 'العربية' }).click();
      await page.waitForURL(url + cardPath(site.detailed, 'ar'));
      assert.equal(await page.getAttribute('html', 'dir'), 'rtl');

      await page.locator('footer').getByRole('link', { name: 'من نحن', exact: true }).click();
      await page.waitForURL(`${url}/about`);
      assert.ok(await page.getByText(site.about.ar.description2).isVisible());
      await page.getByRole('link', { name: 'English' }).click();
      await page.waitForURL(`${url}/en/about`);
      assert.ok(await page.getByText(site.about.en.description2).isVisible());
      await page.locator('footer').getByRole('link', { name: 'Products', exact: true }).click();
      await page.waitForURL(`${url}/en/products`);
      await page.getByRole('link', { name: `Details: ${site.detailed.title}` }).click();
      await page.waitForURL(url + cardPath(site.detailed, 'en'));
      assert.ok(await page.getByRole('heading', { name: site.detail.title }).isVisible());
    }));
});
