import assert from 'node:assert/strict';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../../bench/chromium-flags.ts';
import { startServer, type Engine, type TestServer } from './server.ts';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export interface Viewport {
  width: number;
  height: number;
}

interface TestBrowser {
  browser: Browser;
  /** A fresh context (own cookies and storage) at the given viewport. */
  newPage(viewport?: Viewport): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

/**
 * Debian's headless build of Chromium (package chromium-headless-shell): the same Blink, V8 and
 * DevTools protocol as the browser, without its windows and their WebUI, which is what Playwright
 * itself drives for headless tests. The suite's 35 browser files took 217 s of CPU with the full
 * browser and 160–167 s with it, on this 2-core machine. CHROMIUM_PATH=/usr/bin/chromium runs them
 * in the full browser (the Lighthouse bench uses it).
 */
const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/**
 * Features turned off on top of Playwright's own list, for the full browser (CHROMIUM_PATH). Its headless mode opens a browser window per
 * context, and every window loaded the address bar's suggestion popup (chrome://omnibox-popup, two
 * WebUI pages) in a renderer of its own: about 1.8 s of CPU per context on this 2-core machine,
 * measured with process accounting (eight pages, each in a context of its own: 25–31 s of
 * Chromium's CPU with it, 11.4 s without). No test uses the address bar.
 */
const FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Chromium keeps the last `--disable-features` it is given, so ours must carry Playwright's list
 * too. Playwright's list is its own (it changes between versions), so it is read from a browser
 * launched with Playwright's defaults, which reports its command line (CDP's
 * Browser.getBrowserCommandLine, which answers only with --enable-automation), once per run and
 * Playwright version: the answer is kept in the temporary folder (the run's own, under npm test).
 */
async function playwrightDisabledFeatures(): Promise<string | undefined> {
  const { version } = createRequire(import.meta.url)('playwright-core/package.json') as { version: string };
  const kept = join(tmpdir(), `playwright-${version}-disable-features.txt`);
  try {
    return readFileSync(kept, 'utf8') || undefined;
  } catch {
    // Not asked yet in this run.
  }
  const probe = await chromium.launch({
    executablePath: EXECUTABLE,
    headless: true,
    args: [...CHROMIUM_FLAGS, '--enable-automation'],
  });
  let arg: string | undefined;
  try {
    const cdp = await probe.newBrowserCDPSession();
    const { arguments: argv } = await cdp.send('Browser.getBrowserCommandLine');
    arg = argv.find((a) => a.startsWith('--disable-features='));
  } finally {
    await probe.close();
  }
  const partial = `${kept}.${process.pid}`;
  writeFileSync(partial, arg ?? '');
  renameSync(partial, kept);
  return arg;
}

/**
 * Says so, once per process, when a window still loads the address bar's popup (Chromium renamed
 * the features of FEATURES_OFF, say): the tests pass either way, at over twice the CPU per context.
 */
let omniboxChecked = false;
async function warnOfOmniboxPopup(browser: Browser): Promise<void> {
  if (omniboxChecked) return;
  omniboxChecked = true;
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  await cdp.detach();
  const popups = targetInfos.filter((t) => t.url.startsWith('chrome://omnibox-popup'));
  if (popups.length > 0)
    console.warn(
      `tests/helpers/browser.ts: Chromium still opens ${popups.map((t) => t.url).join(', ')} for every context; find the features that turn it off now and set FEATURES_OFF`,
    );
}

/** Debian's Chromium, headless, through playwright-core. */
async function launchBrowser(): Promise<TestBrowser> {
  const theirs = await playwrightDisabledFeatures();
  // Playwright gives every launch a fresh, empty profile folder (its own --user-data-dir).
  const browser = await chromium.launch({
    executablePath: EXECUTABLE,
    headless: true,
    ignoreDefaultArgs: theirs ? [theirs] : [],
    args: [...CHROMIUM_FLAGS, `${theirs ?? '--disable-features='}${theirs ? ',' : ''}${FEATURES_OFF.join(',')}`],
  });
  return {
    browser,
    async newPage(viewport = DESKTOP) {
      const context = await browser.newContext({ viewport, locale: 'ar-SA' });
      const page = await context.newPage();
      await warnOfOmniboxPopup(browser);
      return { page, context };
    },
    async close() {
      await browser.close();
    },
  };
}

/**
 * One Chromium per test process, launched by the first suite that needs it and closed after the
 * file's last test: every suite and test gets contexts of its own (own cookies and storage) in it.
 */
let shared: Promise<TestBrowser> | undefined;
function processBrowser(): Promise<TestBrowser> {
  shared ??= launchBrowser();
  return shared;
}
after(async () => {
  const browser = await shared?.catch(() => undefined);
  shared = undefined;
  await browser?.close();
});

/** Runs fn on a fresh page (own context) and closes the context afterwards, whether fn passed or threw. */
async function withPage<T>(
  browser: TestBrowser,
  viewport: Viewport | undefined,
  fn: (opened: { page: Page; context: BrowserContext }) => Promise<T>,
): Promise<T> {
  const opened = await browser.newPage(viewport);
  try {
    return await fn(opened);
  } finally {
    await opened.context.close();
  }
}

export interface BrowserSuite {
  /** The suite's server; available inside hooks and tests, not while the describe body runs. */
  server(): TestServer;
  browser(): TestBrowser;
  /** withPage on the suite's browser; fn also gets the suite's server. */
  withPage<T>(
    viewport: Viewport | undefined,
    fn: (opened: { page: Page; context: BrowserContext; server: TestServer }) => Promise<T>,
  ): Promise<T>;
}

/**
 * Registers, in the calling describe, hooks that start a server (SQLite unless `opts.engine` says
 * otherwise; at http://localhost:PORT with `opts.localhost`, as passkeys need) before its tests and
 * close it after them, and give its tests the process's Chromium. `env` may be a function, for values known only once earlier
 * hooks (an SMTP receiver, say) have run. Hooks the describe registers later run after these.
 */
export function browserSuite(
  env: Record<string, string> | (() => Record<string, string>) = {},
  opts: { engine?: Engine; localhost?: boolean } = {},
): BrowserSuite {
  let server: TestServer | undefined;
  let browser: TestBrowser | undefined;
  before(async () => {
    server = await startServer(opts.engine ?? 'sqlite', typeof env === 'function' ? env() : env, {
      localhost: opts.localhost ?? false,
    });
    browser = await processBrowser();
  });
  after(async () => {
    await server?.close();
  });
  const suite: BrowserSuite = {
    server() {
      if (!server) throw new Error('the suite server is not running (used outside a hook or test?)');
      return server;
    },
    browser() {
      if (!browser) throw new Error('the suite browser is not running (used outside a hook or test?)');
      return browser;
    },
    withPage: (viewport, fn) =>
      withPage(suite.browser(), viewport, (opened) => fn({ ...opened, server: suite.server() })),
  };
  return suite;
}

/**
 * Runs axe on the page and fails with a readable list when anything is violated. Finite CSS
 * animations and transitions (a dialog fading in) are let finish first: half-way through a fade,
 * colours are part-transparent and axe would measure a contrast that no one ever sees.
 */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Every rule runs as before; only violations are written out node by node (axe builds a unique
  // selector for each node of every result type otherwise, passes included: about a quarter of its time, measured on the request page).
  // Legacy mode runs axe in the page itself. The default mode runs it in each frame and then opens
  // a blank page of the context to put the frames' results together: a page more per check,
  // over half its time (measured: 240–430 ms a check against 570–1,300 ms). The public pages and
  // the admin have no frames, so nothing is checked less; a page that gets one fails here first.
  assert.equal(page.frames().length, 1, `${label}: a page with frames needs axe's default mode`);
  // AxeBuilder evaluates axe's whole source (over 500 KB) twice on every check, and V8 parses and
  // compiles it each time. It is evaluated here once per document instead, and AxeBuilder is given
  // an empty statement in its place: axe stays on window until the page navigates.
  if (await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'undefined'))
    await page.evaluate(axe.source);
  const results = await new AxeBuilder({ page, axeSource: ';' })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  if (results.violations.length > 0) {
    const lines = results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join('\n    ')}`,
    );
    throw new Error(`axe found ${results.violations.length} violation(s) on ${label}:\n  ${lines.join('\n  ')}`);
  }
}
