/**
 * Lighthouse (mobile) on every public page in both languages, against the app started as in
 * production with the demo content. Lighthouse is large and only this script needs it, so it is
 * not a dependency: `npm install --no-save lighthouse` first, then `npm run bench:lighthouse`.
 * LIGHTHOUSE_PAGES (a comma-separated list of paths) measures only those pages.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp } from './app-process.ts';

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Audit { numericValue?: number; details?: { items?: Record<string, unknown>[] } }
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: { categories: Record<string, { score: number | null }>; audits: Record<string, Audit> } } | undefined>;

const BUDGET = { performance: 98, lcpMs: 1800 };

/** What the largest paint was (an image, a heading…), from Lighthouse's largest-contentful-paint-element audit. */
function lcpElement(audits: Record<string, Audit>): string {
  const items = audits['largest-contentful-paint-element']?.details?.items ?? [];
  const first = (items[0] as { items?: { node?: { nodeLabel?: string; snippet?: string } }[] } | undefined)?.items?.[0]?.node;
  return (first?.snippet ?? first?.nodeLabel ?? '?').replace(/\s+/g, ' ').slice(0, 70);
}
let lighthouse: Lighthouse;
let launch: (opts: Record<string, unknown>) => Promise<{ port: number; kill(): Promise<void> | void }>;
try {
  lighthouse = (await import('lighthouse' as string)).default as Lighthouse;
  launch = (await import('chrome-launcher' as string)).launch;
} catch {
  console.error('Lighthouse is not installed: run `npm install --no-save lighthouse` first.');
  process.exit(2);
}

const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-site-'));
const app = await startApp(dataDir, {});
const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
try {
  const products = (await (await fetch(`${app.url}/api/card?type=product`)).json()) as { data: { _id: string; isDetailed: boolean }[] };
  const detailed = products.data.find((c) => c.isDetailed);
  const paths = ['/', '/about', '/portfolio', '/products', '/contact', ...(detailed ? [`/card-details?id=${detailed._id}`] : [])];
  console.log(`Lighthouse, mobile (default throttling). Budget: performance ≥ ${BUDGET.performance}, largest contentful paint ≤ ${BUDGET.lcpMs} ms; accessibility, best practices, SEO 100.\n`);
  let failures = 0;
  // LIGHTHOUSE_PAGES=/portfolio,/en/portfolio measures just those pages (exact paths, before any query string).
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
  const all = paths.flatMap((p) => [p, p === '/' ? '/en' : `/en${p}`]).filter((p) => !only || only.includes(p.split('?')[0]!));
  // Visitors get kept pages (rendered once per content version): ask each page once first, so the
  // first visit's render is not what is measured.
  for (const path of all) await (await fetch(app.url + path)).arrayBuffer();
  for (const path of all) {
    // One retry: a run now and then errors out on this shared machine and scores 0.
    let scores: Record<string, number> = {};
    let audits: Record<string, Audit> = {};
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = await lighthouse(app.url + path, { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile' });
      scores = Object.fromEntries(Object.entries(result?.lhr.categories ?? {}).map(([k, v]) => [k, Math.round((v.score ?? 0) * 100)]));
      audits = result?.lhr.audits ?? {};
      if (Object.values(scores).every((s) => s > 0)) break;
    }
    const lcp = audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
    const ok = (scores.performance ?? 0) >= BUDGET.performance && lcp <= BUDGET.lcpMs
      && ['accessibility', 'best-practices', 'seo'].every((k) => scores[k] === 100);
    if (!ok) failures++;
    console.log(`${ok ? 'ok  ' : 'LOW '} ${path.padEnd(40)} ${Object.entries(scores).map(([k, v]) => `${k} ${v}`).join('  ')}  LCP ${Math.round(lcp)} ms  (${lcpElement(audits)})`);
  }
  console.log(`\n${failures === 0 ? 'Every page meets the budget.' : `${failures} page(s) under the budget.`}`);
} finally {
  await chrome.kill();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
