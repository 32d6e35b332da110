import react from '@vitejs/plugin-react';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { publicBudget, signInBudget } from './scripts/budgets/vite-plugins.ts';

/**
 * Two browser builds that share nothing at run time:
 * - `admin` (`vite build`): the owner's single-page React app (admin area, password-reset screens,
 *   upload test page), each screen a chunk of its own loaded when its route is opened (router.tsx),
 *   and the sign-in page's own script, without React (src/web/admin/sign-in.ts, decision 029).
 * - `public` (`vite build --mode public`): what public pages load. No React: the beacons every page
 *   loads first (src/web/public/boot.ts), the islands, one small script each
 *   (src/web/public/islands/*.ts, named as the `data-island` markers the server render puts in a
 *   page), and the stylesheet the server inlines into every page (decision 029).
 * The server-side renderer (public pages and the sign-in page) is built with `vite build --ssr` (see package.json), and so is the
 * production server itself (`--mode server`: dist/server/server.js, what `npm start` runs).
 * Both browser builds check their budgets and fail when one is exceeded (scripts/budgets/).
 */
const PUBLIC_MANIFEST = '.vite/manifest-public.json'; // read by src/server/features/pages/manifest.ts
const ISLANDS = 'src/web/public/islands';
/** What the server renders with React, read at run time from dist/ssr (entry-server.js, sign-in.js). */
const SSR_INPUTS = {
  'entry-server': 'src/web/public/entry-server.tsx',
  'sign-in': 'src/web/admin/sign-in-server.tsx',
};

const islandInputs = (): Record<string, string> =>
  Object.fromEntries(
    readdirSync(ISLANDS)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => [f.replace(/\.ts$/, ''), `${ISLANDS}/${f}`]),
  );

export default defineConfig(({ isSsrBuild, mode }) => {
  const publicPass = mode === 'public';
  return {
    plugins: publicPass ? [publicBudget()] : isSsrBuild ? [react()] : [react(), signInBudget()],
    publicDir: 'src/web/static',
    resolve: {
      // React Router's package exports point every bundler at its development build; the
      // production build is smaller and skips dev-only checks (the admin app; `npm run routes`).
      alias: [
        { find: /^react-router$/, replacement: resolve('node_modules/react-router/dist/production/index.mjs') },
        {
          find: /^react-router\/dom$/,
          replacement: resolve('node_modules/react-router/dist/production/dom-export.mjs'),
        },
      ],
    },
    // Bundled into the renderer so the alias above applies there too (and a single copy is used).
    // The server also takes in TypeBox and Kysely, ES modules of 700 and 150 files: loaded one by one,
    // every module costs its own record, scope and source, and the two came to 7 MB of the server's
    // resident memory at rest more than the same code bundled (see docs/decisions/009).
    ssr: { noExternal: mode === 'server' ? ['react-router', 'typebox', 'kysely'] : ['react-router'] },
    build: isSsrBuild
      ? {
          target: 'node24',
          copyPublicDir: false,
          emptyOutDir: true,
          sourcemap: mode === 'server',
          // The renderer (`vite build --ssr`): the public pages and the admin's sign-in page.
          ...(mode === 'server' ? {} : { rollupOptions: { input: SSR_INPUTS } }),
        }
      : {
          outDir: 'dist/client',
          // The admin pass runs first and starts from an empty folder; the public pass adds to it.
          emptyOutDir: !publicPass,
          copyPublicDir: !publicPass,
          manifest: publicPass ? PUBLIC_MANIFEST : true,
          sourcemap: true,
          target: 'es2022',
          rollupOptions: {
            input: publicPass
              ? {
                  boot: 'src/web/public/boot.ts',
                  ...islandInputs(),
                  site: 'src/web/public/styles/site.css',
                  request: 'src/web/public/styles/request.css',
                  city: 'src/web/public/styles/city.css',
                  faq: 'src/web/public/styles/faq.css',
                  quotes: 'src/web/public/styles/quotes.css',
                }
              : // The sign-in page's script, without React (decision 029): the app loads after it.
                ({ admin: 'src/web/admin/main.tsx', 'sign-in': 'src/web/admin/sign-in.ts' } as Record<string, string>),
          },
        },
  };
});
