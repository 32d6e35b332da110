/**
 * Budgets checked while Vite writes the browser bundles (vite.config.ts): the build fails, naming
 * the file and the figure, when one is exceeded. What each page actually loads, as served, is
 * checked after the build by scripts/check-pages.ts.
 */
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { FRAMEWORK_PACKAGES, PAGE_JS_GZIP, SIGN_IN_JS_GZIP, STYLESHEET_BEFORE } from './limits.ts';

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

const gzip = (text: string | Uint8Array) => gzipSync(text, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The package a module id belongs to when it is a framework, else undefined. */
export function frameworkOf(moduleId: string): string | undefined {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(moduleId.replace(/\\/g, '/'));
  return match && FRAMEWORK_PACKAGES.includes(match[1]!) ? match[1] : undefined;
}

/** A chunk and every chunk it imports statically (what the browser fetches before running it). */
function closure(bundle: Bundle, fileName: string, seen = new Set<string>()): Chunk[] {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return [];
  seen.add(fileName);
  return [chunk, ...chunk.imports.flatMap((f) => closure(bundle, f, seen))];
}

/**
 * The public build: no island may hold framework code, all islands together (more than any page
 * loads) stay within a page's JavaScript budget, and the stylesheet is no larger than before.
 */
export function publicBudget(): Plugin {
  return {
    name: 'public-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const problems: string[] = [];
      const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
      for (const chunk of chunks) {
        const found = new Set(chunk.moduleIds.map(frameworkOf).filter(Boolean));
        for (const name of found)
          problems.push(
            `${chunk.fileName} holds ${name}: public pages send no framework code (React renders them on the server)`,
          );
      }
      const islands = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => closure(bundle, c.fileName)));
      const js = [...islands].reduce((sum, c) => sum + gzip(c.code), 0);
      if (js > PAGE_JS_GZIP)
        problems.push(`the islands together are ${kb(js)} gzip, over the ${kb(PAGE_JS_GZIP)} a public page may load`);
      for (const asset of Object.values(bundle)) {
        if (asset.type !== 'asset' || !asset.fileName.endsWith('.css')) continue;
        const raw = typeof asset.source === 'string' ? Buffer.byteLength(asset.source) : asset.source.length;
        if (raw > STYLESHEET_BEFORE.raw || gzip(asset.source) > STYLESHEET_BEFORE.gzip) {
          problems.push(
            `${asset.fileName} is ${raw} bytes (${gzip(asset.source)} gzip), over the ${STYLESHEET_BEFORE.raw} (${STYLESHEET_BEFORE.gzip}) a page had`,
          );
        }
      }
      if (problems.length > 0) this.error(`Public page budget exceeded:\n  ${problems.join('\n  ')}`);
      this.info(`islands: ${kb(js)} gzip in all (budget ${kb(PAGE_JS_GZIP)} a page)`);
    },
  };
}

/** The sign-in page's script (decision 029): what the page loads, besides nothing. */
const SIGN_IN_SCRIPT = 'src/web/admin/sign-in.ts';

/**
 * The admin build: the sign-in page's script, with everything it imports statically, holds no
 * framework code and stays within its budget. (The app it loads once the owner is signed in is not
 * the sign-in page's weight: it comes after.) What the served page actually loads is checked again by
 * scripts/check-pages.ts.
 */
export function signInBudget(): Plugin {
  return {
    name: 'sign-in-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.replace(/\\/g, '/').endsWith(SIGN_IN_SCRIPT));
      if (!entry) this.error(`${SIGN_IN_SCRIPT} is not an entry of the admin build (vite.config.ts)`);
      const files = closure(bundle, entry.fileName);
      const problems: string[] = [];
      for (const chunk of files) {
        for (const name of new Set(chunk.moduleIds.map(frameworkOf).filter(Boolean)))
          problems.push(`${chunk.fileName} holds ${name}: the sign-in page runs no framework (decision 029)`);
      }
      const js = files.reduce((sum, c) => sum + gzip(c.code), 0);
      if (js > SIGN_IN_JS_GZIP)
        problems.push(
          `${kb(js)} of JavaScript gzip, over ${kb(SIGN_IN_JS_GZIP)}: ${files.map((c) => `${c.fileName} ${kb(gzip(c.code))}`).join(', ')}`,
        );
      if (problems.length > 0) this.error(`Sign-in page budget exceeded:\n  ${problems.join('\n  ')}`);
      this.info(`sign-in page: ${kb(js)} of JavaScript gzip (budget ${kb(SIGN_IN_JS_GZIP)})`);
    },
  };
}
