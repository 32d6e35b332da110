import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * Two browser bundles that share nothing at run time: `public` hydrates the server-rendered pages,
 * `admin` is the owner's single-page app (admin area, sign-in screens, upload test page).
 * They are built in separate passes (`vite build`, then `vite build --mode public`): built
 * together, the bundler would put React and React Router into one shared chunk holding every
 * part either app uses, and public pages would download the admin's share of the router.
 * The server-side renderer is built with `vite build --ssr` (see package.json), and so is the
 * production server itself (`--mode server`: dist/server/server.js, what `npm start` runs).
 */
const PUBLIC_MANIFEST = '.vite/manifest-public.json'; // read by src/server/pages/manifest.ts

export default defineConfig(({ isSsrBuild, mode }) => {
  const publicPass = mode === 'public';
  return {
    plugins: [react()],
    publicDir: 'src/web/static',
    resolve: {
      // React Router's package exports point every bundler at its development build; the
      // production build is smaller and skips dev-only checks. Both bundles and the renderer use it.
      alias: [
        { find: /^react-router$/, replacement: resolve('node_modules/react-router/dist/production/index.mjs') },
        { find: /^react-router\/dom$/, replacement: resolve('node_modules/react-router/dist/production/dom-export.mjs') },
      ],
    },
    // Bundled into the renderer so the alias above applies there too (and a single copy is used).
    // The server also takes in TypeBox and Kysely, ES modules of 700 and 150 files: loaded one by one,
    // every module costs its own record, scope and source, and the two came to 7 MB of the server's
    // resident memory at rest more than the same code bundled (see docs/decisions/009).
    ssr: { noExternal: mode === 'server' ? ['react-router', 'typebox', 'kysely'] : ['react-router'] },
    build: isSsrBuild
      ? { target: 'node24', copyPublicDir: false, emptyOutDir: true, sourcemap: mode === 'server' }
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
              ? ({ public: 'src/web/public/entry-client.tsx', boot: 'src/web/public/boot.ts' } as Record<string, string>)
              : { admin: 'src/web/admin/main.tsx' },
          },
        },
  };
});
