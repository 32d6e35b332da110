import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { dictionaryFor } from '../../src/shared/i18n/index.ts';
import { browserSuite, type Viewport } from '../helpers/browser.ts';
import { createSiteData, enPath, type SiteData } from '../pages/site-data.ts';

/**
 * Call and WhatsApp within reach on every public page, in both languages, at 320, 360, 390 and
 * 1280 px, with every contact field the owner can fill in filled (issue 31, point 1): a call and a
 * WhatsApp link wholly in view when the page opens and at every point of the way down, the floating
 * buttons never over a line of text, a link or a button, and nothing wider than the screen. The
 * same before any script runs. Measured from the elements' rectangles.
 */
const NARROW: Viewport = { width: 360, height: 740 };
const WIDE: Viewport = { width: 1280, height: 800 };
const WIDTHS: Viewport[] = [{ width: 320, height: 568 }, NARROW, { width: 390, height: 844 }, WIDE];
const LANGS = ['ar', 'en'] as const;

const day = (...ranges: [string, string][]) => ranges.map(([from, to]) => ({ from, to }));
/** Every field set, the long ones long: two periods on the longest day names, a long email and address. */
const CONTACT = {
  email: 'reservations.riyadh-branch@bird-barrier-services.com.sa',
  whatsapp: '+966 50 765 4321',
  instagram: 'https://www.instagram.com/bird.barrier.sa',
  x: 'https://x.com/birdbarriersa',
  tiktok: 'https://www.tiktok.com/@bird.barrier.sa',
  snapchat: 'https://www.snapchat.com/add/birdbarriersa',
  facebook: 'https://www.facebook.com/birdbarriersa',
  citiesAr: ['الدمام', 'الرياض', 'المدينة المنورة', 'جدة', 'الخبر', 'الأحساء', 'حفر الباطن'],
  citiesEn: ['Dammam', 'Riyadh', 'Madinah', 'Jeddah', 'Khobar', 'Al-Ahsa', 'Hafar Al-Batin'],
  hours: {
    sun: day(['08:00', '12:00'], ['16:00', '22:00']),
    mon: day(['08:00', '12:00'], ['16:00', '22:00']),
    tue: day(['08:00', '22:00']),
    wed: day(['08:00', '12:00'], ['16:00', '22:00']),
    thu: day(['08:00', '12:00'], ['16:00', '23:30']),
    fri: day(['16:00', '23:00']),
    sat: day(['09:30', '23:59']),
  },
  hoursNoteAr: 'الجمعة بعد صلاة العصر، وفي رمضان من العاشرة مساءً حتى الثانية فجرًا',
  hoursNoteEn: 'Friday after the afternoon prayer; in Ramadan from 10 PM to 2 AM',
  addressAr: 'مبنى 4321، طريق الملك فهد، حي العليا\nالرياض 12214، المملكة العربية السعودية',
  addressEn: 'Building 4321, King Fahd Road, Al Olaya District\nRiyadh 12214, Saudi Arabia',
  location: { lat: 24.7136, lng: 46.6753 },
};
/** Quotes whose names are in one script whatever the page's language, and a city written only in Arabic. */
const QUOTES = [
  {
    id: '',
    textAr: 'ركّبوا الشبك في يوم واحد ولم نرَ حمامة منذ سنتين.',
    textEn: 'The net went up in a day; no pigeon in two years.',
    name: 'أبو فهد',
    cityAr: 'الرياض',
    cityEn: '',
  },
  { id: '', textAr: 'شغل نظيف ومرتب.', textEn: 'Neat, tidy work.', name: 'Sara M.', cityAr: 'جدة', cityEn: 'Jeddah' },
];

/** What the page shows at the current scroll position, measured in the page. */
interface Reach {
  /** Call and WhatsApp links wholly inside the window and on top at their centre. */
  calls: string[];
  whatsapps: string[];
  /** Floating buttons shown, and what of the page's text, links and buttons lies under them. */
  floating: number;
  covered: string[];
  scrollWidth: number;
  innerWidth: number;
}

function measure(): Reach {
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
      return false;
    if (getComputedStyle(el).visibility !== 'visible') return false;
    // Wholly in the window and not under anything else (the fixed top bar, say).
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && (top === el || el.contains(top));
  };
  const name = (el: Element) =>
    `${el.className || el.tagName} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
  const calls = [...document.querySelectorAll('a[href^="tel:"]')].filter(shown).map(name);
  const whatsapps = [...document.querySelectorAll('a[href^="https://wa.me/"]')].filter(shown).map(name);

  const fabs = [...document.querySelectorAll('.floating-contact a')]
    .map((a) => a.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  const covered: string[] = [];
  if (fabs.length > 0) {
    const under: [DOMRect, string][] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text || node.parentElement?.closest('.floating-contact, script, style')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) under.push([r, `text "${text.slice(0, 30)}"`]);
    }
    for (const el of document.querySelectorAll('a, button, input, select, textarea, [role="button"]')) {
      if (!el.closest('.floating-contact')) under.push([el.getBoundingClientRect(), name(el)]);
    }
    for (const fab of fabs) {
      for (const [r, what] of under) {
        // Screen-reader-only words are clipped to 1 px; they show nowhere.
        if (r.width <= 1 || r.height <= 1) continue;
        if (fab.left < r.right && r.left < fab.right && fab.top < r.bottom && r.top < fab.bottom)
          covered.push(`${what} at y=${Math.round(r.top)}`);
      }
    }
  }
  return {
    calls,
    whatsapps,
    floating: fabs.length,
    covered,
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth,
  };
}

describe('call and WhatsApp in reach on every public page in Chromium', () => {
  const suite = browserSuite();
  let site: SiteData;
  before(async () => {
    const admin = await suite.server().admin();
    site = await createSiteData(admin);
    const contact = await admin.put('/api/contact', CONTACT);
    assert.equal(contact.status, 200, JSON.stringify(contact.body));
    const proof = await admin.put('/api/proof', {
      yearsInBusiness: 14,
      jobsDone: 12500,
      citiesServed: 7,
      guaranteeAr: 'ضمان 5 سنوات على التركيب',
      guaranteeEn: '5-year installation guarantee',
      crNumber: '1010000000',
      vatNumber: '300000000000003',
      quotes: QUOTES,
    });
    assert.equal(proof.status, 200, JSON.stringify(proof.body));
  });

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
  const pathIn = (lang: 'ar' | 'en', path: string) => (lang === 'ar' ? path : enPath(path));

  /**
   * Checks the page at the top, then every half screen down to the end; answers how many positions
   * showed the floating buttons. The page is scrolled and measured at every position in one call
   * (no script of the site moves anything as the page scrolls, and scrolling lays the page out at
   * once): two round trips to the browser at every position were a third of this file's time.
   */
  async function walk(page: Page, where: string): Promise<number> {
    const { height } = page.viewportSize()!;
    const positions = (await page.evaluate(`(() => {
      const measure = ${measure.toString()};
      const seen = [];
      for (let y = 0, last = false; !last; y += ${height} / 2) {
        window.scrollTo(0, y);
        last = window.scrollY >= document.documentElement.scrollHeight - innerHeight - 1;
        seen.push({ y, reach: measure() });
      }
      return seen;
    })()`)) as { y: number; reach: Reach }[];
    let withFloating = 0;
    for (const { y, reach } of positions) {
      const at = `${where} at scroll ${Math.round(y)}`;
      assert.ok(reach.calls.length > 0, `${at}: no call link wholly in view`);
      assert.ok(reach.whatsapps.length > 0, `${at}: no WhatsApp link wholly in view`);
      assert.deepEqual(reach.covered, [], `${at}: the floating buttons cover the page`);
      assert.ok(
        reach.scrollWidth <= reach.innerWidth,
        `${at}: ${reach.scrollWidth} px wide in a ${reach.innerWidth} px window`,
      );
      if (reach.floating > 0) withFloating++;
    }
    return withFloating;
  }

  for (const viewport of WIDTHS) {
    it(`keeps call and WhatsApp in view, covers nothing and never scrolls sideways at ${viewport.width} px`, () =>
      suite.withPage(viewport, async ({ page, server }) => {
        // A Sunday morning: the hours table has its widest row, today's, with its badge.
        await page.clock.setFixedTime(new Date('2026-11-22T09:15:00+03:00'));
        for (const lang of LANGS) {
          for (const path of paths()) {
            const where = `${pathIn(lang, path)} at ${viewport.width} px`;
            await page.goto(server.url + pathIn(lang, path));
            await page.waitForSelector('html[data-hydrated="true"]');
            const onTop = await page.evaluate(measure);
            const withFloating = await walk(page, where);
            if (viewport.width >= 1260) {
              // Wide screens: the floating pair in the margin, at every position.
              assert.equal(onTop.floating, 2, `${where}: the floating buttons`);
              assert.ok(withFloating > 0);
            } else {
              // Phones: the pair is in the top bar, which covers nothing of the page.
              assert.equal(onTop.floating, 0, `${where}: no floating buttons over a phone's page`);
              assert.ok(
                onTop.calls.some((c) => c.includes('header-call')) &&
                  onTop.whatsapps.some((w) => w.includes('header-whatsapp')),
                `${where}: the top bar's pair`,
              );
            }
          }
        }
      }));
  }

  it('keeps call and WhatsApp in view and the pages within the screen before any script runs', async () => {
    for (const viewport of WIDTHS) {
      const context = await suite.browser().browser.newContext({ viewport, javaScriptEnabled: false, locale: 'ar-SA' });
      try {
        const page = await context.newPage();
        for (const lang of LANGS) {
          for (const path of paths()) {
            await page.goto(suite.server().url + pathIn(lang, path));
            assert.equal(await page.getAttribute('html', 'data-hydrated'), null, 'no script ran');
            await walk(page, `${pathIn(lang, path)} at ${viewport.width} px without scripts`);
          }
        }
      } finally {
        await context.close();
      }
    }
  });

  for (const lang of LANGS) {
    const t = dictionaryFor(lang);
    it(`puts WhatsApp beside the call in the phone's top bar, greeting in ${lang}`, () =>
      suite.withPage(NARROW, async ({ page, server }) => {
        await page.goto(server.url + pathIn(lang, '/products'));
        const call = page.locator('.site-header .header-call');
        const whatsapp = page.getByRole('banner').getByRole('link', { name: t.whatsappUs, exact: true });
        assert.ok(await whatsapp.isVisible());
        const [a, b] = [(await call.boundingBox())!, (await whatsapp.boundingBox())!];
        assert.equal(Math.round(a.y), Math.round(b.y), 'on one row');
        assert.ok(
          Math.abs(a.x < b.x ? b.x - (a.x + a.width) : a.x - (b.x + b.width)) <= 8,
          `side by side: ${JSON.stringify([a, b])}`,
        );
        const href = new URL((await whatsapp.getAttribute('href'))!);
        assert.equal(href.pathname, '/966507654321');
        assert.equal(href.searchParams.get('text'), t.whatsappGreeting);
        assert.equal(await whatsapp.getAttribute('target'), '_blank');
        assert.match((await whatsapp.getAttribute('rel')) ?? '', /\bnoopener\b/);
      }));

    it(`opens every general WhatsApp chat with the greeting in ${lang}, an item's in its question`, async () => {
      for (const path of paths()) {
        const body = await (await fetch(suite.server().url + pathIn(lang, path))).text();
        const texts = [...body.matchAll(/href="https:\/\/wa\.me\/\d+\?text=([^"]*)"/g)].map((m) =>
          decodeURIComponent(m[1]!.replace(/&amp;/g, '&')),
        );
        assert.ok(texts.length >= 3, `${path}: WhatsApp links ${texts.length}`);
        for (const text of texts) {
          assert.ok(
            text === t.whatsappGreeting || text.startsWith(t.ask.message('')),
            `${pathIn(lang, path)}: "${text}"`,
          );
        }
        assert.ok(
          texts.filter((text) => text === t.whatsappGreeting).length >= 3,
          `${path}: header, floating and footer greet`,
        );
      }
    });
  }

  it('marks Arabic names and every other Arabic-only text of the English pages lang="ar"', () =>
    suite.withPage(WIDE, async ({ page, server }) => {
      let arabicSeen = 0;
      for (const path of paths()) {
        await page.goto(server.url + enPath(path));
        const { unmarked, seen } = await page.evaluate(() => {
          const arabic = /[\u0600-\u06FF]/;
          const langOf = (el: Element) => el.closest('[lang]')?.getAttribute('lang');
          const out: string[] = [];
          let count = 0;
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const el = node.parentElement!;
            if (!arabic.test(node.textContent ?? '') || el.closest('script, style')) continue;
            count++;
            if (langOf(el) !== 'ar') out.push(`${el.tagName}.${el.className}: ${node.textContent!.trim()}`);
          }
          // An image's alt is read in its element's language.
          for (const img of document.querySelectorAll('img[alt]')) {
            if (!arabic.test(img.getAttribute('alt')!)) continue;
            count++;
            if (langOf(img) !== 'ar') out.push(`img alt: ${img.getAttribute('alt')}`);
          }
          return { unmarked: out, seen: count };
        });
        assert.deepEqual(unmarked, [], enPath(path));
        arabicSeen += seen;
      }
      // The site data's Arabic-only product, the quote's name and city, the language toggle.
      assert.ok(arabicSeen >= 6, `Arabic text seen: ${arabicSeen}`);
      await page.goto(server.url + '/en/about');
      assert.equal(await page.locator('.quote-name', { hasText: 'أبو فهد' }).getAttribute('lang'), 'ar');
      assert.equal(
        await page.locator('.quote-city', { hasText: 'الرياض' }).getAttribute('lang'),
        'ar',
        'a city written only in Arabic',
      );
      assert.equal(
        await page.locator('.quote-name', { hasText: 'Sara M.' }).getAttribute('lang'),
        null,
        'an English name on an English page',
      );
      await page.goto(server.url + '/about');
      assert.equal(
        await page.locator('.quote-name', { hasText: 'Sara M.' }).getAttribute('lang'),
        'en',
        'and a Latin name on an Arabic page',
      );
    }));
});
