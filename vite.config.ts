import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * Two browser bundles that share nothing at run time: `public` hydrates the server-rendered pages,
 * `admin` is the owner's single-page app (admin area, sign-in screens, upload test page).
 * The server-side renderer is built separately with `vite build --ssr` (see package.json).
 */
export default defineConfig(({ isSsrBuild }) => ({
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
  ssr: { noExternal: ['react-router'] },
  build: isSsrBuild
    ? { target: 'node24', copyPublicDir: false, emptyOutDir: true, sourcemap: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        sourcemap: true,
        target: 'es2022',
        rollupOptions: {
          input: {
            public: 'src/web/public/entry-client.tsx',
            admin: 'src/web/admin/main.tsx',
          },
        },
      },
}));
