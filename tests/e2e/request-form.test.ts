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
