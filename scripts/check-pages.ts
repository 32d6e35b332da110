/**
 * The last step of `npm run build`: every public page, in both languages, as the built server sends
 * it (started as `npm start` starts it, on a throw-away SQLite database with the demo content), held
 * to its budgets (scripts/budgets/limits.ts). Fails the build, naming the page and the figure, when:
 * - the page loads more than 15 KB gzip of JavaScript (its scripts and everything they import), or
 *   a script for an island its markup does not mark, or misses one it marks;
 * - a page script holds framework code (checked in the bundle too: scripts/budgets/vite-plugins.ts);
 * - its HTML is larger than before the islands, or its inlined CSS larger than the stylesheet was then.
 * And the admin's sign-in page, in both languages: more than its budget of JavaScript (SIGN_IN_JS_GZIP,
 * the scripts it loads and everything they import), framework code in any of them, or an inline script.
 * Prints what each page loads. `node scripts/check-pages.ts --no-check` only prints.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startApp } from '../bench/app-process.ts';
import {
  CITY_STYLESHEET,
  FAQ_STYLESHEET,
  HTML_BEFORE,
  PAGE_JS_GZIP,
  REQUEST_STYLESHEET,
  SIGN_IN_JS_GZIP,
  STYLESHEET_BEFORE,
} from './budgets/limits.ts';
import { frameworkOf } from './budgets/vite-plugins.ts';

const CLIENT = 'dist/client';
const PUBLIC_URL = 'http://localhost:3000';
const check = !process.argv.includes('--no-check');

interface Chunk {
  file: string;
  imports?: string[];
  src?: string;
}
// Both builds' manifests: the public pages' scripts, and the admin's (the sign-in page's among them).
const manifest = Object.assign(
  {},
  ...['manifest.json', 'manifest-public.json'].map((f) => JSON.parse(readFileSync(join(CLIENT, '.vite', f), 'utf8'))),
) as Record<string, Chunk>;
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, { key, chunk }]));
const gzip = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
/** What a page script is, by its source: `beacons` (boot.ts), an island's name, else the key itself. */
const scriptName = (key: string) =>
  key === 'src/web/public/boot.ts' ? 'beacons' : (/^src\/web\/public\/islands\/([a-z-]+)\.ts$/.exec(key)?.[1] ?? key);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** A script and every chunk it imports (statically: what the browser fetches before running it). */
function closure(url: string, seen = new Set<string>()): string[] {
  if (seen.has(url)) return [];
  seen.add(url);
  const entry = byFile.get(url);
  return [url, ...(entry?.chunk.imports ?? []).flatMap((key) => closure(`/${manifest[key]!.file}`, seen))];
}

/** Framework code in a built file, by the package paths its source map names. */
function frameworkIn(url: string): string[] {
  let sources: string[] = [];
  try {
    sources = (JSON.parse(readFileSync(join(CLIENT, `${url}.map`), 'utf8')) as { sources: string[] }).sources;
  } catch {
    /* no map: the bundle check has looked at its modules */
  }
  return [...new Set(sources.map(frameworkOf).filter((name) => name !== undefined))];
}

const dataDir = mkdtempSync(join(tmpdir(), 'page-budgets-'));
const app = await startApp(dataDir, { PUBLIC_URL, LOG_LEVEL: 'error' });
const failures: string[] = [];
try {
  const products = (await (await fetch(`${app.url}/api/card?type=product`)).json()) as {
    data: { _id: string; isDetailed: boolean }[];
  };
  const detailed = products.data.find((c) => c.isDetailed);
  const pages: [string, string][] = [
    ['/', '/'],
    ['/about', '/about'],
    ['/portfolio', '/portfolio'],
    ['/products', '/products'],
    ['/contact', '/contact'],
    ['/privacy', '/privacy'],
    ['/card-details', `/card-details?id=${detailed?._id ?? ''}`],
    ['/404', '/no-such-page'],
    // A city's page (issue 34): the demo's Riyadh, with its own introduction and projects.
    ['/cities/riyadh', '/cities/riyadh'],
    // The questions and answers (issue 34 point 4): the demo's general questions.
    ['/faq', '/faq'],
    ['/request', '/request'],
    ['/request/sent', '/request/sent?ref=123456'],
  ];
  const lines: string[] = [];
  for (const [name, path] of pages) {
    for (const lang of ['ar', 'en'] as const) {
      const key = lang === 'ar' ? name : name === '/' ? '/en' : `/en${name}`;
      const url = lang === 'ar' ? path : path === '/' ? '/en' : `/en${path}`;
      const html = Buffer.from(await (await fetch(app.url + url)).arrayBuffer());
      const text = html.toString('utf8');
      const scripts = [...text.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      const inline = scripts.filter(
        (attrs) => !/\ssrc="/.test(attrs) && !/type="application\/(ld\+)?json"/.test(attrs),
      );
      if (inline.length > 0) failures.push(`${key}: an inline script that runs`);
      const files = new Set(
        scripts.flatMap((attrs) => closure(/\ssrc="([^"]+)"/.exec(attrs)?.[1] ?? '')).filter(Boolean),
      );
      let js = 0;
      const loaded: string[] = [];
      for (const file of files) {
        const size = gzip(readFileSync(join(CLIENT, file)));
        js += size;
        loaded.push(`${scriptName(byFile.get(file)?.key ?? file)} ${kb(size)}`);
        for (const name of frameworkIn(file)) failures.push(`${key}: ${file} holds ${name}`);
      }
      // The islands the markup marks, and the beacons on every page: exactly those scripts, no others.
      const marked = new Set(['beacons', ...[...text.matchAll(/\sdata-island="([a-z-]+)"/g)].map((m) => m[1]!)]);
      const entries = scripts
        .flatMap((attrs) => /\ssrc="([^"]+)"/.exec(attrs)?.[1] ?? [])
        .map((src) => byFile.get(src)?.key ?? src);
      const islands = new Set(entries.map(scriptName));
      if ([...islands].some((i) => !marked.has(i)) || [...marked].some((i) => !islands.has(i))) {
        failures.push(`${key}: loads ${[...islands].join(', ')} for the islands ${[...marked].join(', ')}`);
      }
      const css = [...text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
      const figures = { raw: html.length, gzip: gzip(html) };
      const before = HTML_BEFORE[key];
      if (js > PAGE_JS_GZIP) failures.push(`${key}: ${kb(js)} of JavaScript, over ${kb(PAGE_JS_GZIP)}`);
      // The request form's two pages carry its own stylesheet too, within a budget of its own.
      // A page showing questions carries the questions' stylesheet as well (a city's may, besides its own).
      const own = [
        name.startsWith('/request') ? REQUEST_STYLESHEET : undefined,
        name.startsWith('/cities/') ? CITY_STYLESHEET : undefined,
        /<details class="faq-item"/.test(text) ? FAQ_STYLESHEET : undefined,
      ].filter((b) => b !== undefined);
      const cssBudget = own.reduce((sum, b) => ({ raw: sum.raw + b.raw, gzip: sum.gzip + b.gzip }), STYLESHEET_BEFORE);
      if (Buffer.byteLength(css) > cssBudget.raw || gzip(css) > cssBudget.gzip)
        failures.push(
          `${key}: CSS ${Buffer.byteLength(css)} bytes (${gzip(css)} gzip), over ${cssBudget.raw} (${cssBudget.gzip})`,
        );
      if (!before) failures.push(`${key}: no HTML figure from before in scripts/budgets/limits.ts`);
      else if (figures.raw > before.raw || figures.gzip > before.gzip)
        failures.push(
          `${key}: HTML ${figures.raw} bytes (${figures.gzip} gzip), over ${before.raw} (${before.gzip}) before`,
        );
      lines.push(
        `${key.padEnd(18)} HTML ${String(figures.raw).padStart(6)} B (${before ? `${before.raw} before` : 'new'}), gzip ${String(figures.gzip).padStart(5)} B  CSS ${kb(gzip(css))}  JS ${kb(js)}: ${loaded.join(' + ')}`,
      );
      if (process.argv.includes('--json')) lines.push(`  ${JSON.stringify({ [key]: figures })}`);
    }
  }
  // The admin's sign-in page (decision 029): what it loads, as served.
  for (const path of ['/auth/login', '/en/auth/login']) {
    const text = await (await fetch(app.url + path)).text();
    const scripts = [...text.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    if (scripts.some((attrs) => !/\ssrc="/.test(attrs))) failures.push(`${path}: an inline script`);
    const files = new Set(scripts.flatMap((attrs) => closure(/\ssrc="([^"]+)"/.exec(attrs)?.[1] ?? '')));
    if (files.size === 0) failures.push(`${path}: loads no script`);
    let js = 0;
    for (const file of files) {
      js += gzip(readFileSync(join(CLIENT, file)));
      for (const name of frameworkIn(file)) failures.push(`${path}: ${file} holds ${name}`);
    }
    if (js > SIGN_IN_JS_GZIP) failures.push(`${path}: ${kb(js)} of JavaScript, over ${kb(SIGN_IN_JS_GZIP)}`);
    lines.push(`${path.padEnd(18)} JS ${kb(js)} (budget ${kb(SIGN_IN_JS_GZIP)}): ${[...files].join(' + ')}`);
  }
  console.log(
    `Public pages as served (demo content), against their budgets: JavaScript ≤ ${kb(PAGE_JS_GZIP)} gzip, HTML and CSS no larger than before the islands; the sign-in page's JavaScript ≤ ${kb(SIGN_IN_JS_GZIP)}.\n${lines.join('\n')}`,
  );
} finally {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (check && failures.length > 0) {
  console.error(`\nPage budgets exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
