import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_APP_PATHS, RENAMED_ADMIN_SCREENS } from '../../../shared/admin-screens.ts';
import type { Language } from '../../../shared/language.ts';
import { entryAssets, MANIFEST_FILES, readManifest, SSR_DIR } from '../pages/manifest.ts';

const ADMIN_ENTRY = 'src/web/admin/main.tsx';
/** The sign-in page's script (no React) and its server render (decision 029). */
const SIGN_IN_ENTRY = 'src/web/admin/sign-in.ts';
const SIGN_IN_RENDERER = join(SSR_DIR, 'sign-in.js');

/** What dist/ssr/sign-in.js exports (src/web/admin/sign-in-server.tsx). */
interface SignInRenderer {
  renderSignIn(lang: Language, app: string): { title: string; html: string };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const HEAD: Record<Language, { dir: string; title: string }> = {
  ar: { dir: 'rtl', title: 'لوحة التحكم' },
  en: { dir: 'ltr', title: 'Dashboard' },
};

/** Last-modified times of the build manifests: a rebuild (npm run dev) changes the asset names. */
const buildStamp = (): string =>
  [...MANIFEST_FILES, SIGN_IN_RENDERER]
    .map((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0)
    .join(':');

/**
 * The admin area, the password-reset screens and the upload test page are one browser app. The
 * server answers each of their URLs with the same small shell, in the URL's language so the first
 * paint already has the right direction; public pages never reference this bundle. The sign-in page
 * is rendered here with React and loads a small script of its own, not the app (decision 029): the
 * script loads the app in place once the owner is signed in.
 */
const adminShell: FastifyPluginAsync = async (app) => {
  let cache: { stamp: string; html: Record<Language, string>; signIn: Record<Language, string> } | undefined;

  const render = async (): Promise<Omit<NonNullable<typeof cache>, 'stamp'> | undefined> => {
    const manifest = readManifest();
    // A build in progress can leave the manifest without our entries for a moment: answer 503, not 500.
    if (!manifest?.[ADMIN_ENTRY] || !manifest[SIGN_IN_ENTRY]) return undefined;
    let renderer: SignInRenderer;
    try {
      const stamp = statSync(SIGN_IN_RENDERER).mtimeMs;
      renderer = (await import(`${pathToFileURL(SIGN_IN_RENDERER).href}?v=${stamp}`)) as SignInRenderer;
    } catch {
      return undefined;
    }
    const assets = entryAssets(manifest, ADMIN_ENTRY);
    const signInAssets = entryAssets(manifest, SIGN_IN_ENTRY);
    const signIn = (lang: Language) => {
      const { title, html } = renderer.renderSignIn(lang, assets.script);
      return `<!doctype html>
<html lang="${lang}" dir="${HEAD[lang].dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="theme-color" content="#0f4c5c">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${assets.css.map((h) => `<link rel="stylesheet" href="${h}">`).join('\n')}
${signInAssets.preload.map((h) => `<link rel="modulepreload" href="${h}">`).join('\n')}
<script type="module" src="${signInAssets.script}"></script>
</head>
<body><div id="root">${html}</div></body>
</html>`;
    };
    const page = (lang: Language) => `<!doctype html>
<html lang="${lang}" dir="${HEAD[lang].dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="theme-color" content="#0f4c5c">
<title>${HEAD[lang].title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${assets.css.map((h) => `<link rel="stylesheet" href="${h}">`).join('\n')}
${assets.preload.map((h) => `<link rel="modulepreload" href="${h}">`).join('\n')}
<script type="module" src="${assets.script}"></script>
</head>
<body><div id="root"></div></body>
</html>`;
    return { html: { ar: page('ar'), en: page('en') }, signIn: { ar: signIn('ar'), en: signIn('en') } };
  };

  const answer = (which: 'html' | 'signIn') => async (request: FastifyRequest, reply: FastifyReply) => {
    // Only outside production can the build change under a running server (npm run dev).
    const stamp = cache && app.ctx.config.production ? cache.stamp : buildStamp();
    if (cache?.stamp !== stamp) {
      const pages = await render();
      if (!pages)
        return reply
          .status(503)
          .header('retry-after', '5')
          .type('text/plain; charset=utf-8')
          .send('The front end is not built yet: run npm run build.');
      cache = { stamp, ...pages };
    }
    const lang: Language = /^\/en(\/|\?|$)/.test(request.url) ? 'en' : 'ar';
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(cache[which][lang]);
  };
  const shell = answer('html');
  // The sign-in page, server-rendered (a more specific path than /auth/*, so it wins).
  for (const path of ['/auth/login', '/en/auth/login']) {
    app.get(path, { schema: { hide: true } }, answer('signIn'));
  }
  // The addresses the admin app draws (src/shared/admin-screens.ts, which its router reads too).
  for (const path of ADMIN_APP_PATHS.flatMap((p) => [p, `/en${p}`])) {
    app.get(path, { schema: { hide: true } }, shell);
  }

  // A renamed screen's old address, in either language: moved for good, to the new one with the same query.
  for (const [from, to] of Object.entries(RENAMED_ADMIN_SCREENS)) {
    for (const lang of ['', '/en']) {
      app.get(`${lang}/admin/${from}`, { schema: { hide: true } }, async (request, reply) => {
        const query = request.url.indexOf('?');
        return reply.redirect(`${lang}/admin/${to}${query === -1 ? '' : request.url.slice(query)}`, 301);
      });
    }
  }
};

export default adminShell;
