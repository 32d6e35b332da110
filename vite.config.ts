import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Two browser bundles that share nothing at run time: `public` hydrates the server-rendered pages,
 * `admin` is the owner's single-page app (admin area, sign-in screens, upload test page).
 * The server-side renderer is built separately with `vite build --ssr` (see package.json).
 */
export default defineConfig({
  plugins: [react()],
  publicDir: 'src/web/static',
  build: {
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
});
