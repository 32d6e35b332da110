/**
 * How Debian's Chromium is started here, by the browser tests (tests/helpers/browser.ts) and the
 * Lighthouse bench alike: headless, without the sandbox (the tests run as root), a GPU or QUIC, and
 * without the background traffic whose connections this machine's closed network refuses.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
