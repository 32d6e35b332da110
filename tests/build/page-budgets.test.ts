import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { build, type Plugin } from 'vite';

/**
 * The public build refuses what would make a page heavy (scripts/budgets/vite-plugins.ts): it is run
 * here as `npm run build` runs it (vite.config.ts, mode public), with one more island, a script made
 * up for the test, beside the real ones.
 */
describe('the public build keeps its budgets', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'budget-build-'));
  after(() => rmSync(outDir, { recursive: true, force: true }));

  /** The public build with an extra island whose source is `code`; resolves to the build's output. */
  const buildWith = (code: string | undefined) => {
    const island: Plugin = {
      name: 'test-island',
      resolveId: (id) => (id === 'virtual:test-island' ? '\0test-island' : undefined),
      load: (id) => (id === '\0test-island' ? code : undefined),
    };
    return build({
      configFile: 'vite.config.ts',
      mode: 'public',
      logLevel: 'silent',
      plugins: code === undefined ? [] : [island],
      build: {
        write: false,
        outDir,
        emptyOutDir: false,
        ...(code === undefined ? {} : { rollupOptions: { input: { 'test-island': 'virtual:test-island' } } }),
      },
    });
  };

  it('builds the islands as they are', async () => {
    await buildWith(undefined);
    await buildWith('document.querySelector("[data-island]")?.setAttribute("data-seen", "");');
  });

  it('fails when a public page script imports React', async () => {
    const react = `import { createRoot } from 'react-dom/client';
      import { createElement } from 'react';
      createRoot(document.body).render(createElement('p', null, 'hello'));`;
    await assert.rejects(buildWith(react), (err: Error) => {
      assert.match(err.message, /Public page budget exceeded/);
      assert.match(err.message, /holds react-dom: public pages send no framework code/);
      assert.match(err.message, /holds react\b/);
      return true;
    });
  });

  it('fails when the islands together weigh more than a page may load', async () => {
    // 24 KB of text that does not compress (random letters), kept by the minifier as a live string.
    const noise = Array.from({ length: 24 * 1024 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
    await assert.rejects(
      buildWith(`document.body.dataset.noise = ${JSON.stringify(noise)};`),
      /the islands together are [\d.]+ KB gzip, over the 15\.0 KB a public page may load/,
    );
  });
});
