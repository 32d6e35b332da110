import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { build, type Plugin } from 'vite';
import { SIGN_IN_JS_GZIP } from '../../scripts/budgets/limits.ts';

type Chunk = { fileName: string; moduleIds: string[]; imports: string[]; type: 'chunk' };

/**
 * The admin app loads each screen's code with its route (router.tsx), so the sign-in page carries
 * the app's frame and the sign-in screen only, and the phone-number metadata comes with the screens
 * that edit numbers. Run as `npm run build` runs the admin pass (vite.config.ts), without writing.
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

  it('keeps the screens and the phone metadata out of the sign-in page', async () => {
    const { holder, modules } = await buildAdmin();
    const signIn = new Set(
      [
        'src/web/admin/main.tsx',
        'src/web/admin/app/auth-layout.tsx',
        'src/web/admin/features/auth/login-page.tsx',
      ].flatMap((f) => modules(holder(f))),
    );
    assert.ok(
      [...signIn].some((id) => id.includes('node_modules/react-dom/')),
      'the sign-in page runs React',
    );
    for (const screen of [
      'app/admin-layout.tsx',
      'features/auth/security-page.tsx',
      'features/contact/contact-admin-page.tsx',
      'features/leads/results-page.tsx',
    ]) {
      assert.ok(![...signIn].some((id) => id.endsWith(screen)), `${screen} is not in the sign-in page`);
    }
    assert.ok(![...signIn].some((id) => id.includes('libphonenumber-js')), 'no phone metadata on the sign-in page');
    assert.ok(
      modules(holder('src/web/admin/features/contact/contact-admin-page.tsx')).some((id) =>
        id.includes('libphonenumber-js/metadata.min'),
      ),
      'the contact screen has it',
    );
  });

  it('fails when the sign-in page grows past its budget', async () => {
    // The sign-in screen made to import the phone metadata (about 40 KB gzip) and the whole admin frame.
    const heavier: Plugin = {
      name: 'heavier-sign-in',
      enforce: 'pre',
      transform: (code, id) =>
        id.endsWith('src/web/admin/features/auth/login-page.tsx')
          ? `import 'libphonenumber-js/max/metadata';\nimport './security-page.tsx';\n${code}`
          : undefined,
    };
    await assert.rejects(
      buildAdmin([heavier]),
      new RegExp(
        `Sign-in page budget exceeded: [\\d.]+ KB of JavaScript gzip, over ${(SIGN_IN_JS_GZIP / 1024).toFixed(1).replace('.', '\\.')} KB`,
      ),
    );
  });
});
