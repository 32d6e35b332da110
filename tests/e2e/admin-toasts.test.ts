import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { expectToast, signInThroughApi } from '../helpers/admin-page.ts';
import { DESKTOP, browserSuite } from '../helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';

/** Lifetimes of toasts as the page saw them: when each appeared and left the screen (performance.now(), ms). */
interface Seen {
  text: string;
  kind: string;
  shown: number;
  gone?: number;
}

/** Records every toast that appears and disappears, in the page itself, so the test's own delays do not count. */
async function watchToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Seen[] = [];
    const live = new Map<Element, Seen>();
    (window as unknown as { toastLog: Seen[] }).toastLog = seen;
    new MutationObserver(() => {
      const now = performance.now();
      const present = new Set(document.querySelectorAll('.toast'));
      for (const el of present) {
        if (live.has(el)) continue;
        const entry = { text: el.querySelector('.toast-message')?.textContent ?? '', kind: el.className, shown: now };
        live.set(el, entry);
        seen.push(entry);
      }
      for (const [el, entry] of live)
        if (!present.has(el)) {
          entry.gone = now;
          live.delete(el);
        }
    }).observe(document, { childList: true, subtree: true });
  });
}
const toastLog = (page: Page) => page.evaluate(() => (window as unknown as { toastLog: Seen[] }).toastLog);

/** Fills the sign-in form; submitting is left to the caller (Enter, so the mouse stays where it is). */
async function fillLogin(page: Page, url: string, password: string): Promise<void> {
  await page.goto(`${url}/en/auth/login`);
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

describe('admin toasts: how long they stay, how many at once, and the catalogue messages', () => {
  const suite = browserSuite();

  test('an error toast stays about 4 s and a success toast about 2 s, each leaving by itself', (t) =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await watchToasts(page);
      // The pointer rests away from the toasts: hovering them pauses their timers.
      await page.mouse.move(5, DESKTOP.height - 5);
      await fillLogin(page, server.url, 'not the password');
      await page.keyboard.press('Enter');
      await expectToast(page, 'Incorrect email or password.');
      const waitGone = async (count: number) => {
        let log: Seen[] = [];
        for (let i = 0; i < 60; i++) {
          log = await toastLog(page);
          if (log.length === count && log.every((x) => x.gone !== undefined)) break;
          await new Promise((r) => setTimeout(r, 250));
        }
        return log;
      };
      // The refusal is left to leave by itself (a later success of the form would take it down at once).
      await waitGone(1);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
      await page.keyboard.press('Enter');
      await expectToast(page, 'Welcome Back');
      await page.waitForURL('**/en/admin');
      const log = await waitGone(2);

      const error = log.find((x) => x.text === 'Incorrect email or password.');
      const success = log.find((x) => x.text === 'Welcome Back');
      assert.ok(
        error?.gone !== undefined && success?.gone !== undefined,
        `both toasts left by themselves within 15 s: ${JSON.stringify(log)}`,
      );
      assert.match(error.kind, /toast-error/);
      assert.match(success.kind, /toast-success/);
      const errorMs = error.gone - error.shown;
      const successMs = success.gone - success.shown;
      t.diagnostic(`on screen: success ${successMs.toFixed(0)} ms, error ${errorMs.toFixed(0)} ms`);
      // Timers only fire late on a loaded machine, never early: the lower bounds are firm, the order is the point.
      assert.ok(successMs >= 1500, `the success toast stayed ${successMs.toFixed(0)} ms (about 2000)`);
      assert.ok(errorMs >= 3500, `the error toast stayed ${errorMs.toFixed(0)} ms (about 4000)`);
      assert.ok(
        errorMs > successMs + 1000,
        `the error toast (${errorMs.toFixed(0)} ms) outlasts the success toast (${successMs.toFixed(0)} ms)`,
      );
    }));

  test('at most 20 toasts at once: of 25 raised, the 20 newest are shown', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      let answered = 0;
      // Refusals made up in the browser: the server's own sign-in limits are not what is tested here.
      await page.route('**/api/auth/login', (route) =>
        route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ message: `Refusal ${++answered}` }),
        }),
      );
      await fillLogin(page, server.url, 'wrong');
      await page.keyboard.press('Enter');
      await expectToast(page, 'Refusal 1');
      // Resting the pointer on a toast pauses every timer, so none leaves while the rest are raised.
      await page.locator('.toast').first().hover();
      for (let n = 2; n <= 25; n++) {
        await page.keyboard.press('Enter');
        await expectToast(page, `Refusal ${n}`);
      }
      const shown = await page.locator('.toast .toast-message').allTextContents();
      assert.equal(answered, 25);
      assert.equal(shown.length, 20, `20 toasts at once, not ${shown.length}`);
      assert.deepEqual(
        new Set(shown),
        new Set(Array.from({ length: 20 }, (_, i) => `Refusal ${i + 6}`)),
        'the newest 20',
      );
    }));

  test('the catalogue messages when the server gives no message: "Error occurred" and "Error saving data"', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await page.route(
        '**/api/auth/login',
        (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
        { times: 1 },
      );
      await fillLogin(page, server.url, ADMIN_PASSWORD);
      await page.keyboard.press('Enter');
      await expectToast(page, 'Error occurred');

      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/admin/about-admin`);
      const text = page.getByRole('region', { name: 'Page text' });
      await text.getByRole('button', { name: 'Edit' }).click();
      await text.getByRole('group', { name: 'Section 1' }).getByLabel('Title').fill('Not saved');
      await page.route('**/api/aboutus**', (route) =>
        route.request().method() === 'GET'
          ? route.fallback()
          : route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
      );
      await text.getByRole('button', { name: 'Confirm' }).click();
      await expectToast(page, 'Error saving data');
      assert.notEqual((await server.anon().get('/api/aboutus?language=en')).body.data.title, 'Not saved');
    }));
});
