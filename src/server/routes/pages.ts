import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { registerAdminShell } from '../pages/admin-shell.ts';
import { CLIENT_DIR } from '../pages/manifest.ts';

/** Built front-end files, the admin shell and (below) the public pages. */
export async function registerPages(app: FastifyInstance): Promise<void> {
  const assets = join(CLIENT_DIR, 'assets');
  mkdirSync(assets, { recursive: true });
  // Vite names every built asset by its content hash, so it can be cached forever.
  await app.register(fastifyStatic, { root: assets, prefix: '/assets/', decorateReply: false, immutable: true, maxAge: '365d', index: false });

  registerAdminShell(app);

  // Until the public site is rendered here, the root answers with a simple page that points to the API.
  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>طارد الحمام | Bird Barrier</title></head>
<body><h1>طارد الحمام — Bird Barrier</h1><p>The site is being prepared. The API is documented at <a href="/api/docs">/api/docs</a>.</p></body></html>`;
  });
}
