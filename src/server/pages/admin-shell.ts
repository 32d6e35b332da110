import type { FastifyInstance, FastifyReply } from 'fastify';
import { entryAssets, readManifest } from './manifest.ts';

const ADMIN_ENTRY = 'src/web/admin/main.tsx';

/**
 * The admin area, the sign-in screens and the upload test page are one browser app. The server
 * answers each of their URLs with the same small shell; public pages never reference this bundle.
 */
export function registerAdminShell(app: FastifyInstance): void {
  let html: string | undefined;
  const shell = (reply: FastifyReply) => {
    if (!html) {
      const manifest = readManifest();
      if (!manifest) return reply.status(503).type('text/plain; charset=utf-8').send('The front end is not built yet: run npm run build.');
      const assets = entryAssets(manifest, ADMIN_ENTRY);
      html = `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="theme-color" content="#0f4c5c">
<title>لوحة التحكم</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${assets.css.map((h) => `<link rel="stylesheet" href="${h}">`).join('\n')}
${assets.preload.map((h) => `<link rel="modulepreload" href="${h}">`).join('\n')}
<script type="module" src="${assets.script}"></script>
</head>
<body><div id="root"></div></body>
</html>`;
    }
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  };
  for (const url of ['/admin', '/admin/*', '/auth/*', '/upload', '/en/admin', '/en/admin/*', '/en/auth/*', '/en/upload']) {
    app.get(url, { schema: { hide: true } }, (_request, reply) => shell(reply));
  }
}
