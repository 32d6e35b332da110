import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listCards } from '../cards/cards-service.ts';
import { listServedCities } from '../cities/cities-service.ts';
import { sendReady } from '../../lib/ready-bytes.ts';
import { CLIENT_DIR } from './manifest.ts';
import { createPublicPages, FrontEndMissing } from './public-pages.ts';
import { fixedPageDates } from './page-data.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '../../lib/unavailable.ts';
import { robotsTxt, sitemapXml } from './seo.ts';
import { pageKey, pagePath, resolvePage } from '../../../shared/paths.ts';
import { receiveRequest } from '../requests/receive.ts';
import { FormNotMultipart } from '../requests/request-form.ts';
import { requestFormView } from '../requests/request-view.ts';

/** Paths other parts of the server own; the public pages' catch-all leaves them alone. */
const NOT_PAGES = /^\/(api|uploads|assets)(\/|$)/;

/** Built front-end files, the public pages and the files search engines read. */
const pageRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.ctx;
  const assets = join(CLIENT_DIR, 'assets');
  mkdirSync(assets, { recursive: true });
  // Vite names every built asset by its content hash, so it can be cached forever.
  await app.register(fastifyStatic, {
    root: assets,
    prefix: '/assets/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
    // .br/.gz twins written at build time (scripts/precompress.ts)
    preCompressed: true,
    // The maps hold the admin's whole source: a production site does not hand them out unless asked to.
    allowedPath: (path) => config.serveSourceMaps || !path.endsWith('.map'),
  });

  const UNAVAILABLE_PAGE = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>الموقع غير متاح مؤقتًا | Temporarily unavailable</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.6"><h1>الموقع غير متاح مؤقتًا</h1><p>نعتذر، تعذّر تحميل هذه الصفحة الآن. يُرجى المحاولة بعد لحظات.</p><div lang="en" dir="ltr"><h2>Temporarily unavailable</h2><p>${UNAVAILABLE_MESSAGE}</p></div></body></html>`;
  const pages = createPublicPages(app.ctx, app.log, config.pageCache);
  const unavailable = (reply: FastifyReply, err: unknown) => {
    if (err instanceof FrontEndMissing) return reply.status(503).type('text/plain; charset=utf-8').send(err.message);
    if (isDatabaseUnavailable(err)) {
      // Not the 404 page, not an empty list and no noindex: a search engine keeps the page and comes back.
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(UNAVAILABLE_PAGE);
    }
    throw err;
  };

  let favicon: Buffer | undefined;
  app.get('/favicon.svg', { schema: { hide: true } }, async (_request, reply) => {
    favicon ??= readFileSync(join(CLIENT_DIR, 'favicon.svg'));
    return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(favicon);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(config.publicUrl)),
  );

  // Made again only when the content changed (the content version every server follows), so a
  // stranger asking for it in a loop costs no database reads.
  let sitemap: { version: number; xml: string } | undefined;
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const version = app.ctx.content.version;
    if (sitemap?.version !== version) {
      // Every product has a page (issue 34), with or without detail items; so has every project.
      const cards = [...(await listCards(app.ctx.db, 'product')), ...(await listCards(app.ctx.db, 'portfolio'))];
      // Only published cities: a city without its own introduction or a project has no page.
      const cities = (await listServedCities(app.ctx.db)).filter((c) => c.published);
      const xml = sitemapXml(
        config.publicUrl,
        cards.map((c) => ({ type: c.type, slug: c.slug, slugEn: c.slugEn, updatedAt: c.updatedAt })),
        cities,
        await fixedPageDates(app.ctx.db),
      );
      sitemap = { version, xml };
    }
    return reply.type('application/xml; charset=utf-8').send(sitemap.xml);
  });

  // The request form posted by a browser without script: the thank-you page (303, so a reload does
  // not send it twice) or the form again with every refused field and every value typed.
  const postRequest = (lang: 'ar' | 'en') => async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pagePath('request', lang);
    let result;
    try {
      result = await receiveRequest(app, request, lang);
    } catch (err) {
      if (err instanceof FormNotMultipart) return reply.status(415).type('text/plain; charset=utf-8').send(err.message);
      return unavailable(reply, err);
    }
    if (result.ok) return reply.redirect(`${pagePath('request-sent', lang)}?ref=${result.reference}`, 303);
    try {
      const view = await requestFormView(
        app.ctx,
        lang,
        path,
        result.values,
        result.errors,
        result.photosChosen,
        result.limited ? 429 : 400,
      );
      const { bytes, csp } = await pages.once(view, request.headers['accept-encoding']);
      reply.header('content-security-policy', csp);
      return sendReady(request, reply, bytes, 'no-store');
    } catch (err) {
      return unavailable(reply, err);
    }
  };
  app.post('/request', { compress: false, schema: { hide: true } }, postRequest('ar'));
  app.post('/en/request', { compress: false, schema: { hide: true } }, postRequest('en'));

  /**
   * Where a product's or project's page is now, when the address asked is not it (decision 035):
   * an old /card-details?id= link, a former slug, the other language's slug, another section or
   * spelling of the address. The query is kept, less the old link's id. Undefined: serve the address.
   */
  const addresses = app.ctx.cardAddresses;
  async function movedCard(url: URL): Promise<string | undefined> {
    const { page, lang, slug } = resolvePage(url.pathname);
    if (page !== 'card-details') return undefined;
    const query = new URLSearchParams(url.search);
    let target: string | undefined;
    if (slug === undefined) {
      const id = query.get('id');
      target = id === null || id.length > 100 ? undefined : (await addresses.ofId(id, lang))?.path;
      query.delete('id');
    } else {
      target = (await addresses.ofSlug(slug, lang))?.path;
    }
    if (target === undefined || target === url.pathname) return undefined;
    const rest = query.toString();
    return rest ? `${target}?${rest}` : target;
  }

  // Every other GET is a public page (or the 404 page) in Arabic or, under /en, English.
  // The page is sent as it was kept: already compressed, with its entity tag (304 when unchanged).
  app.get('/*', { compress: false, schema: { hide: true } }, async (request, reply) => {
    const url = new URL(request.url, 'http://local');
    if (NOT_PAGES.test(url.pathname)) return reply.callNotFound();
    try {
      const moved = await movedCard(url);
      if (moved) return reply.header('cache-control', 'public, max-age=600').redirect(moved, 301);
      const key = pageKey(url.pathname, url.search);
      const { bytes, csp, version, until } = await pages.page(
        url.pathname,
        url.search,
        key,
        request.headers['accept-encoding'],
      );
      reply.header('content-security-policy', csp);
      // Only the plain address of a page goes to the lane: made-up query strings would crowd it.
      if (request.url === key && request.headers.origin === undefined)
        app.ctx.lane.put(request.url, version, bytes, 'no-cache', { 'content-security-policy': csp }, until);
      return sendReady(request, reply, bytes, 'no-cache');
    } catch (err) {
      return unavailable(reply, err);
    }
  });
};

export default pageRoutes;
