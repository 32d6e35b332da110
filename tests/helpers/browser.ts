import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export interface TestBrowser {
  browser: Browser;
  /** A fresh context (own cookies and storage) at the given viewport. */
  newPage(viewport?: { width: number; height: number }): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, through playwright-core. */
export async function launchBrowser(): Promise<TestBrowser> {
  // Playwright gives every launch a fresh, empty profile folder (its own --user-data-dir).
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  return {
    browser,
    async newPage(viewport = DESKTOP) {
      const context = await browser.newContext({ viewport, locale: 'ar-SA' });
      const page = await context.newPage();
      return { page, context };
    },
    async close() {
      await browser.close();
    },
  };
}

/** Runs axe on the page and fails with a readable list when anything is violated. */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  if (results.violations.length > 0) {
    const lines = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n    ')}`);
    throw new Error(`axe found ${results.violations.length} violation(s) on ${label}:\n  ${lines.join('\n  ')}`);
  }
}
