import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { build, type Plugin } from 'vite';
import { SIGN_IN_JS_GZIP } from '../../scripts/budgets/limits.ts';

type Chunk = { fileName: string; moduleIds: string[]; imports: string[]; type: 'chunk' };

/**
 * The admin app loads each screen's code with its route (router.tsx), and the phone-number metadata
 * comes with the screens that edit numbers; the sign-in page loads no React at all, only its own
 * script (src/web/admin/sign-in.ts, decision 029), and the build refuses it framework code or more
 * than its budget. Run as `npm run build` runs the admin pass (vite.config.ts), without writing.
 */
describe('the admin build, split by screen', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'admin-build-'));
  after(() => rmSync(outDir, { recursive: true, force: true }));

  const buildAdmin = async (extra: Plugin[] = []) => {
    const chunks: Chunk[] = [];
    const spy: Plugin = {
      name: 'spy',
      generateBundle(_o, bundle) {
        for (const c of Object.values(bundle)) if (c.type === 'chunk') chunks.push(c as Chunk);
      },
    };
    await build({
      configFile: 'vite.config.ts',
      logLevel: 'silent',
      plugins: [...extra, spy],
      build: { write: false, outDir, emptyOutDir: false },
    });
    const byName = new Map(chunks.map((c) => [c.fileName, c]));
    const holder = (file: string) => chunks.find((c) => c.moduleIds.some((id) => id.endsWith(file)))!;
    /** The modules a chunk runs with everything it imports statically. */
    const modules = (chunk: Chunk, seen = new Set<string>()): string[] => {
      if (seen.has(chunk.fileName)) return [];
      seen.add(chunk.fileName);
      return [...chunk.moduleIds, ...chunk.imports.flatMap((f) => modules(byName.get(f)!, seen))];
    };
    return { holder, modules };
  };

  it('keeps React, the screens and the phone metadata out of the sign-in page', async () => {
    const { holder, modules } = await buildAdmin();
    const signIn = modules(holder('src/web/admin/sign-in.ts'));
    assert.ok(
      signIn.some((id) => id.endsWith('src/web/admin/lib/passkey.ts')),
      'the sign-in script has what sign-in needs',
    );
    for (const framework of ['node_modules/react/', 'node_modules/react-dom/', 'node_modules/react-router/']) {
      assert.ok(!signIn.some((id) => id.includes(framework)), `no ${framework} on the sign-in page`);
    }
    for (const screen of [
      'app/root.tsx',
      'app/admin-layout.tsx',
      'features/auth/security-page.tsx',
      'features/contact/contact-admin-page.tsx',
      'features/leads/results-page.tsx',
      'i18n/ar.ts',
    ]) {
      assert.ok(!signIn.some((id) => id.endsWith(screen)), `${screen} is not in the sign-in page`);
    }
    assert.ok(!signIn.some((id) => id.includes('libphonenumber-js')), 'no phone metadata on the sign-in page');
    const app = modules(holder('src/web/admin/main.tsx'));
    assert.ok(
      app.some((id) => id.includes('node_modules/react-dom/')),
      'the admin app, loaded after sign-in, runs React',
    );
    assert.ok(
      modules(holder('src/web/admin/features/contact/contact-admin-page.tsx')).some((id) =>
        id.includes('libphonenumber-js/metadata.min'),
      ),
      'the contact screen has the phone metadata',
    );
  });

  /** The sign-in script made to import more than it needs, before its own code. */
  const importing = (what: string): Plugin => ({
    name: 'heavier-sign-in',
    enforce: 'pre',
    transform: (code, id) => (id.endsWith('src/web/admin/sign-in.ts') ? `${what}\n${code}` : undefined),
  });

  it('fails when React is imported into the sign-in script', async () => {
    await assert.rejects(
      buildAdmin([importing(`import { createElement } from 'react';\nconsole.log(createElement);`)]),
      /Sign-in page budget exceeded:[\s\S]*holds react: the sign-in page runs no framework/,
    );
  });

  it('fails when the sign-in page grows past its budget', async () => {
    // The phone metadata (about 40 KB gzip), which no framework check would catch.
    await assert.rejects(
      buildAdmin([importing(`import metadata from 'libphonenumber-js/max/metadata';\nconsole.log(metadata);`)]),
      new RegExp(
        `Sign-in page budget exceeded:\\s+[\\d.]+ KB of JavaScript gzip, over ${(SIGN_IN_JS_GZIP / 1024).toFixed(1).replace('.', '\\.')} KB`,
      ),
    );
  });
});
