import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, beforeEach, describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { dictionaryFor } from '../../src/shared/i18n/index.ts';
import { browserSuite, expectNoAxeViolations, type Viewport } from '../helpers/browser.ts';
import { jpegWithGps } from '../helpers/images.ts';
import { forgetRequestSenders } from '../helpers/requests.ts';

/**
 * The request form (issue 35) in Chromium, by its visible labels, in both languages, at 360 and
 * 1280 px. Without scripts: a visitor fills it, attaches a photo and sends it as a plain form, or
 * gets it back with the errors beside the fields and what they typed kept. Screenshots of the form
 * go to SCREENSHOT_DIR when it is set.
 */
const NARROW = { width: 360, height: 800 } as const;
const WIDE = { width: 1280, height: 900 } as const;

describe('the request form with scripts off', () => {
  const suite = browserSuite();
  // Each case is a new visitor: the bounds on one sender (tests/api/requests.test.ts) start afresh.
  beforeEach(() => forgetRequestSenders(suite.server().app.ctx.db));
  let photo: string;
  before(async () => {
    const admin = await suite.server().admin();
    assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '+966 13 555 0000' })).status, 200);
    const dir = join(suite.server().dataDir, 'fixtures');
    mkdirSync(dir, { recursive: true });
    photo = join(dir, 'ledge.jpg');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(photo, (await jpegWithGps()).bytes);
  });

  async function withoutScripts<T>(viewport: Viewport, fn: (context: BrowserContext) => Promise<T>): Promise<T> {
    const context = await suite.browser().browser.newContext({ viewport, javaScriptEnabled: false });
    try {
      return await fn(context);
    } finally {
      await context.close();
    }
  }

  for (const viewport of [NARROW, WIDE]) {
    for (const lang of ['ar', 'en'] as const) {
      const t = dictionaryFor(lang).request;
      const base = lang === 'ar' ? '' : '/en';
      it(`is sent with a photo, or comes back with its errors, in ${lang} at ${viewport.width} px`, () =>
        withoutScripts(viewport, async (context) => {
          const page = await context.newPage();
          const { url } = suite.server();
          // Reached from the contact page's link.
          await page.goto(`${url}${base}/contact`);
          await page.getByRole('link', { name: t.link }).first().click();
          assert.equal(new URL(page.url()).pathname, `${base}/request`);
          assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), t.heading);
          // Nothing is wider than the screen.
          assert.ok(
            await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
            'no sideways scrolling',
          );

          // Sent with a wrong number: the form comes back with the error beside the field, values kept.
          await page.getByLabel(t.name, { exact: false }).first().fill('Khalid');
          await page.getByLabel(t.phone, { exact: false }).first().fill('123');
          await page.getByRole('combobox', { name: t.city, exact: true }).selectOption({ index: 1 });
          await page.getByLabel(t.building, { exact: false }).selectOption('mosque');
          await page.getByLabel(t.problem, { exact: false }).fill('Pigeons on the dome');
          await page.getByLabel(t.photos, { exact: false }).setInputFiles(photo);
          await page.getByRole('checkbox', { name: t.consent }).check();
          // The browser's own check passes (the field is filled); the server refuses the number.
          await page.getByRole('button', { name: t.send }).click();
          await page.waitForLoadState('domcontentloaded');
          assert.ok(await page.getByRole('alert').isVisible(), 'the list of errors');
          assert.equal(await page.locator('#rq-phone-error').innerText(), t.errors.phone);
          assert.equal(await page.getByLabel(t.name, { exact: false }).first().inputValue(), 'Khalid');
          assert.equal(await page.getByLabel(t.problem, { exact: false }).inputValue(), 'Pigeons on the dome');
          assert.equal(await page.getByLabel(t.building, { exact: false }).inputValue(), 'mosque');
          assert.ok(await page.getByRole('checkbox', { name: t.consent }).isChecked());
          assert.ok(await page.getByText(t.photosAgain).isVisible(), 'the photo must be chosen again');
          if (process.env.SCREENSHOT_DIR)
            await page.screenshot({
              path: join(process.env.SCREENSHOT_DIR, `request-errors-${lang}-${viewport.width}.png`),
              fullPage: true,
            });
          // axe runs as a script: checked on the same page, refused, in a browser with scripts (below).

          await page.getByLabel(t.phone, { exact: false }).first().fill('050 123 4567');
          await page.getByLabel(t.photos, { exact: false }).setInputFiles(photo);
          await page.getByRole('button', { name: t.send }).click();
          await page.waitForURL(/\/request\/sent\?ref=[0-9]{6}$/);
          const ref = new URL(page.url()).searchParams.get('ref')!;
          assert.ok((await page.locator('main').innerText()).includes(ref), 'the reference is shown');
          assert.ok(
            await page
              .getByRole('link', { name: dictionaryFor(lang).callNow })
              .first()
              .isVisible(),
            'call button',
          );
          const row = await suite
            .server()
            .app.ctx.db.selectFrom('requests')
            .select(['photo_count', 'lang', 'building'])
            .where('reference', '=', ref)
            .executeTakeFirstOrThrow();
          assert.deepEqual({ ...row }, { photo_count: 1, lang, building: 'mosque' });
        }));
    }
  }

  for (const viewport of [NARROW, WIDE]) {
    it(`has no accessibility violations, empty, refused and thanked, in both languages at ${viewport.width} px`, () =>
      suite.withPage(viewport, async ({ page, server }) => {
        for (const base of ['', '/en']) {
          await page.goto(`${server.url}${base}/request`);
          await expectNoAxeViolations(page, `${base}/request at ${viewport.width} px`);
          if (process.env.SCREENSHOT_DIR)
            await page.screenshot({
              path: join(process.env.SCREENSHOT_DIR, `request-${base ? 'en' : 'ar'}-${viewport.width}.png`),
              fullPage: true,
            });
          // The refused form as the server sends it back, put in the page as it arrives.
          const form = new FormData();
          for (const [k, v] of Object.entries({ name: '', phone: '1', city: '', building: '', problem: '' }))
            form.append(k, v);
          const refused = await fetch(`${server.url}${base}/request`, { method: 'POST', body: form });
          assert.equal(refused.status, 400);
          await page.route(`${server.url}${base}/request?refused`, (route) =>
            route.fulfill({ status: 200, contentType: 'text/html', body: '' }),
          );
          await page.setContent(await refused.text(), { waitUntil: 'load' });
          await expectNoAxeViolations(page, `${base}/request refused at ${viewport.width} px`);
          await page.goto(`${server.url}${base}/request/sent?ref=123456`);
          await expectNoAxeViolations(page, `${base}/request/sent at ${viewport.width} px`);
        }
      }));
  }
});

describe('the request form with scripts on', () => {
  const suite = browserSuite();
  beforeEach(() => forgetRequestSenders(suite.server().app.ctx.db));
  let bigPhoto: string;
  let bigBytes: number;
  before(async () => {
    const admin = await suite.server().admin();
    assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '+966 13 555 0000' })).status, 200);
    // A phone's photo: 4000 × 3000 of noise, several MB as a JPEG.
    const sharp = (await import('sharp')).default;
    const { randomBytes } = await import('node:crypto');
    const { writeFileSync } = await import('node:fs');
    const raw = randomBytes(4000 * 3000 * 3);
    const bytes = await sharp(raw, { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const dir = join(suite.server().dataDir, 'fixtures');
    mkdirSync(dir, { recursive: true });
    bigPhoto = join(dir, 'balcony.jpg');
    writeFileSync(bigPhoto, bytes);
    bigBytes = bytes.length;
  });

  const stored = (ref: string) =>
    suite
      .server()
      .app.ctx.db.selectFrom('requests')
      .select(['photo_count', 'unchallenged', 'name'])
      .where('reference', '=', ref)
      .executeTakeFirstOrThrow();

  for (const viewport of [NARROW, WIDE]) {
    for (const lang of ['ar', 'en'] as const) {
      const t = dictionaryFor(lang).request;
      const base = lang === 'ar' ? '' : '/en';
      it(`checks as typed, shrinks the photo and sends with a proof of work, in ${lang} at ${viewport.width} px`, () =>
        suite.withPage(viewport, async ({ page, server }) => {
          await page.goto(`${server.url}${base}/request`);
          await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
          const phone = page.getByLabel(t.phone, { exact: false }).first();
          // A wrong number is said as soon as the visitor leaves the field, before any sending.
          await phone.fill('12');
          await page.getByLabel(t.name, { exact: false }).first().focus();
          assert.equal(await page.locator('#rq-phone-error').innerText(), t.errors.phone);
          assert.equal(await phone.getAttribute('aria-invalid'), 'true');
          // And goes as it is corrected.
          await phone.fill('050 123 4567');
          assert.equal(await page.locator('#rq-phone-error').count(), 0);
          assert.equal(await phone.getAttribute('aria-invalid'), null);

          await page.getByLabel(t.name, { exact: false }).first().fill('Salem');
          await page.getByRole('combobox', { name: t.city, exact: true }).selectOption({ index: 1 });
          await page.getByLabel(t.building, { exact: false }).selectOption('villa');
          await page.getByLabel(t.problem, { exact: false }).fill('Pigeons nest behind the AC units.');
          await page.getByLabel(t.photos, { exact: false }).setInputFiles(bigPhoto);
          await page.getByRole('checkbox', { name: t.consent }).check();
          const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/requests'));
          await page.getByRole('button', { name: t.send }).click();
          const sentBytes = Number(await (await posted).headerValue('content-length'));
          await page.waitForURL(/\/request\/sent\?ref=[0-9]{6}$/, { timeout: 30_000 });
          assert.ok(
            sentBytes > 10_000 && sentBytes < bigBytes / 4,
            `the photo went smaller: ${sentBytes} bytes sent for a ${bigBytes}-byte photo`,
          );
          const ref = new URL(page.url()).searchParams.get('ref')!;
          const row = await stored(ref);
          assert.equal(Number(row.photo_count), 1);
          // The server keeps up to 2400 px: a 1600-px photo was made smaller by the browser.
          const kept = await server.app.ctx.db
            .selectFrom('request_photos')
            .innerJoin('requests', 'requests.id', 'request_photos.request_id')
            .select(['width', 'height'])
            .where('reference', '=', ref)
            .executeTakeFirstOrThrow();
          assert.deepEqual({ width: Number(kept.width), height: Number(kept.height) }, { width: 1600, height: 1200 });
          assert.equal(Number(row.unchallenged), 0, 'the browser solved the proof of work');
          if (process.env.SCREENSHOT_DIR)
            await page.screenshot({
              path: join(process.env.SCREENSHOT_DIR, `request-sent-js-${lang}-${viewport.width}.png`),
              fullPage: true,
            });
        }));
    }
  }

  for (const lang of ['ar', 'en'] as const) {
    const t = dictionaryFor(lang).request;
    const base = lang === 'ar' ? '' : '/en';
    it(`keeps what was typed through a failed connection and a reload, in ${lang}`, () =>
      suite.withPage(NARROW, async ({ page, server }) => {
        await page.goto(`${server.url}${base}/request`);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        await page.getByLabel(t.name, { exact: false }).first().fill('Noura');
        await page.getByLabel(t.phone, { exact: false }).first().fill('055 444 3322');
        await page.getByRole('combobox', { name: t.city, exact: true }).selectOption({ index: 2 });
        await page.getByLabel(t.building, { exact: false }).selectOption('shop');
        await page.getByLabel(t.problem, { exact: false }).fill('Birds on the shop sign.');
        await page.getByRole('checkbox', { name: t.consent }).check();
        // The connection drops as the request goes (the post only: the challenge is fetched as before).
        const thePost = (url: URL) => url.pathname === '/api/requests';
        await page.route(thePost, (route) => route.abort('internetdisconnected'));
        await page.getByRole('button', { name: t.send }).click();
        await page.getByText(t.failed).waitFor();
        assert.equal(await page.getByLabel(t.name, { exact: false }).first().inputValue(), 'Noura');
        assert.equal(await page.getByRole('button', { name: t.send }).isEnabled(), true, 'can be sent again');
        if (process.env.SCREENSHOT_DIR)
          await page.screenshot({
            path: join(process.env.SCREENSHOT_DIR, `request-failed-${lang}-360.png`),
            fullPage: true,
          });

        // The tab is closed or reloaded: the browser still has the draft.
        await page.reload();
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        await page.getByText(t.draftKept).waitFor();
        assert.equal(await page.getByLabel(t.name, { exact: false }).first().inputValue(), 'Noura');
        assert.equal(await page.getByLabel(t.phone, { exact: false }).first().inputValue(), '055 444 3322');
        assert.equal(await page.getByLabel(t.building, { exact: false }).inputValue(), 'shop');
        assert.equal(await page.getByLabel(t.problem, { exact: false }).inputValue(), 'Birds on the shop sign.');
        assert.ok(await page.getByRole('checkbox', { name: t.consent }).isChecked());

        // Back online: sent, and the draft is forgotten.
        await page.unroute(thePost);
        await page.getByRole('button', { name: t.send }).click();
        await page.waitForURL(/\/request\/sent\?ref=[0-9]{6}$/, { timeout: 30_000 });
        assert.equal((await stored(new URL(page.url()).searchParams.get('ref')!)).name, 'Noura');
        await page.goto(`${server.url}${base}/request`);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        assert.equal(await page.getByLabel(t.name, { exact: false }).first().inputValue(), '');
      }));
  }

  it('lists every refused field at once when sent empty, without leaving the page', () =>
    suite.withPage(WIDE, async ({ page, server }) => {
      const t = dictionaryFor('ar').request;
      await page.goto(`${server.url}/request`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      let posts = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST') posts++;
      });
      await page.getByRole('button', { name: t.send }).click();
      const summary = page.locator('#request-errors');
      await summary.waitFor();
      assert.equal(await summary.getAttribute('role'), 'alert');
      assert.match(await summary.innerText(), new RegExp(t.errorsHeading(6).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      assert.equal(await page.locator('#rq-consent-error').innerText(), t.errors.consent);
      // Each line names its field as the page labels it, the consent box too.
      assert.ok((await summary.innerText()).includes(`${t.consent}: ${t.errors.consent}`), 'the consent line');
      assert.equal(posts, 0, 'nothing was sent');
      await expectNoAxeViolations(page, '/request refused by the island');
    }));
});
