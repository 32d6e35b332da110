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

/** The modules the sign-in page runs: the app's entry and the routes of /auth/login. */
const SIGN_IN_MODULES = [
  'src/web/admin/main.tsx',
  'src/web/admin/app/root.tsx',
  'src/web/admin/app/auth-layout.tsx',
  'src/web/admin/features/auth/login-page.tsx',
];

/** The admin build: the JavaScript the sign-in page loads stays within its budget. */
export function signInBudget(): Plugin {
  return {
    name: 'sign-in-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
      const files = new Set<Chunk>();
      for (const module of SIGN_IN_MODULES) {
        const holder = chunks.find((c) => c.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith(module)));
        if (!holder)
          this.error(
            `${module} is in no chunk of the admin build: update SIGN_IN_MODULES (scripts/budgets/vite-plugins.ts)`,
          );
        for (const c of closure(bundle, holder.fileName)) files.add(c);
      }
      const js = [...files].reduce((sum, c) => sum + gzip(c.code), 0);
      if (js > SIGN_IN_JS_GZIP) {
        this.error(
          `Sign-in page budget exceeded: ${kb(js)} of JavaScript gzip, over ${kb(SIGN_IN_JS_GZIP)}: ${[...files].map((c) => `${c.fileName} ${kb(gzip(c.code))}`).join(', ')}`,
        );
      }
      this.info(`sign-in page: ${kb(js)} of JavaScript gzip (budget ${kb(SIGN_IN_JS_GZIP)})`);
    },
  };
}
