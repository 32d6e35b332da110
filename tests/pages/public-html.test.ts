import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, it } from 'node:test';
import { entryAssets, readManifest } from '../../src/server/features/pages/manifest.ts';
import { dictionaryFor } from '../../src/shared/i18n/index.ts';
import { cardLink, cardPath } from '../../src/shared/paths.ts';
import { describeEachEngine } from '../helpers/server.ts';
import { attrs, createSiteData, enPath, html, jsonLd, tags, type SiteData } from './site-data.ts';

/** The raw HTML of every public page, as a search engine or a visitor without JavaScript gets it. */
describeEachEngine('public pages: server-rendered HTML', (server) => {
  let site: SiteData;
  const get = async (path: string) => {
    const res = await fetch(server().url + path);
    return { status: res.status, headers: res.headers, body: await res.text() };
  };

  before(async () => {
    site = await createSiteData(await server().admin());
  });

  // `images`: the <img> tags the site data puts on the page, one per slide and card shown (on the
  // card page: the card and its detail).
  const routes = () => [
    {
      path: '/',
      title: { ar: 'شوك وشبك طارد للحمام في', en: 'Anti-pigeon spikes and nets in' },
      content: [site.slides[0]!.title, site.slides[1]!.details, site.portfolio.title],
      images: site.slides.length + 1,
    },
    {
      path: '/home',
      title: { ar: 'شوك وشبك طارد للحمام في', en: 'Anti-pigeon spikes and nets in' },
      content: [site.slides[2]!.title, site.portfolio.description],
      images: site.slides.length + 1,
    },
    { path: '/about', title: { ar: 'من نحن', en: 'About' }, content: [], images: 0 },
    {
      path: '/portfolio',
      title: { ar: 'أعمالنا', en: 'Portfolio' },
      content: [site.portfolio.title, site.portfolio.description],
      images: 1,
    },
    {
      path: '/products',
      title: { ar: 'منتجاتنا', en: 'Products' },
      content: [site.detailed.title, site.plain.title, site.plain.description],
      images: 2,
    },
    { path: '/contact', title: { ar: 'تواصل معنا', en: 'Contact' }, content: ['get-in-touch'], images: 0 },
    {
      path: `/card-details?id=${site.detailed._id}`,
      title: { ar: site.detailed.title, en: site.detailed.title },
      content: [site.detailed.description, site.detail.title, site.detail.description],
      images: 2,
    },
  ];

  for (const lang of ['ar', 'en'] as const) {
    it(`renders every page in ${lang} with its content, language, title and links`, async () => {
      for (const route of routes()) {
        const path = lang === 'ar' ? route.path : enPath(route.path);
        const page = await get(path);
        assert.equal(page.status, 200, path);
        assert.match(page.headers.get('content-type') ?? '', /text\/html/);
        assert.ok(
          page.body.includes(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`),
          `${path}: lang/dir`,
        );
        const title = /<title>([^<]*)<\/title>/.exec(page.body)?.[1] ?? '';
        assert.ok(title.startsWith(html(route.title[lang])), `${path}: title "${title}"`);
        for (const text of route.content) assert.ok(page.body.includes(html(text)), `${path}: missing "${text}"`);
        if (route.path === '/contact')
          assert.ok(
            page.body.includes(lang === 'ar' ? 'تواصل معنا</span>' : 'Get In Touch</span>'),
            'Get In Touch button',
          );
        // One h1 per page.
        assert.equal(tags(page.body, 'h1').length, 1, `${path}: h1 count`);

        // Canonical, hreflang alternates and x-default, all absolute.
        const canonical = attrs(page.body, 'link', 'href').filter((_, i) =>
          tags(page.body, 'link')[i]!.includes('rel="canonical"'),
        );
        assert.equal(canonical.length, 1, `${path}: canonical`);
        assert.match(canonical[0]!, /^https?:\/\//);
        const alternates = tags(page.body, 'link').filter((t) => t.includes('rel="alternate"'));
        const hreflangs = alternates.map((t) => /hreflang="([^"]+)"/.exec(t)![1]).sort();
        assert.deepEqual(hreflangs, ['ar', 'en', 'x-default'], path);
        const enHref = /href="([^"]+)"/.exec(alternates.find((t) => t.includes('hreflang="en"'))!)![1]!;
        assert.ok(enHref.includes('/en'), `${path}: en alternate ${enHref}`);

        // Search and sharing metadata.
        for (const prop of ['og:title', 'og:description', 'og:url', 'og:locale'])
          assert.ok(page.body.includes(`property="${prop}"`), `${path}: ${prop}`);
        assert.ok(page.body.includes('name="twitter:card"'), `${path}: twitter card`);
        assert.ok(page.body.includes('name="description"'), `${path}: description`);
        const keywords = /<meta name="keywords" content="([^"]*)"/.exec(page.body)?.[1] ?? '';
        // Arabic-script keywords feed the Arabic pages, the others the English pages.
        const [arabicKeyword, latinKeyword] = site.keywords as [string, string];
        const [mine, theirs] = lang === 'ar' ? [arabicKeyword, latinKeyword] : [latinKeyword, arabicKeyword];
        assert.ok(keywords.includes(html(mine)), `${path}: keyword ${mine}`);
        assert.ok(!keywords.includes(html(theirs)), `${path}: keyword of the other language ${theirs}`);

        // Structured data: a LocalBusiness with the phone and the four cities.
        const business = jsonLd(page.body).find((d) => d['@type'] === 'LocalBusiness');
        assert.ok(business, `${path}: LocalBusiness JSON-LD`);
        assert.equal(business.telephone, '+966551234567', 'the phone in international form');
        assert.deepEqual(
          business.areaServed.map((c: { name: string }) => c.name),
          site.contact.citiesEn,
        );
        assert.equal(business.email, site.contact.email);
        assert.deepEqual(
          business.sameAs,
          [site.contact.instagram, site.contact.snapchat],
          'only the social links that are set',
        );

        // Layout on every page: call and WhatsApp links with the stored phone, footer cities, year.
        assert.ok(page.body.includes('href="tel:+966551234567"'), `${path}: tel link`);
        assert.ok(page.body.includes('>055 123 4567</span>'), `${path}: the phone shown in the national format`);
        assert.ok(!page.body.includes('>+966551234567<'), `${path}: never shown in international form`);
        // WhatsApp goes to the owner's WhatsApp number (set apart from the phone), greeting in the page's language.
        const greeting = `href="https://wa.me/966507654321?text=${html(encodeURIComponent(dictionaryFor(lang).whatsappGreeting))}"`;
        assert.ok(page.body.includes(greeting), `${path}: WhatsApp link with the ${lang} greeting`);
        assert.ok(
          !page.body.includes(
            `text=${html(encodeURIComponent(dictionaryFor(lang === 'ar' ? 'en' : 'ar').whatsappGreeting))}"`,
          ),
          `${path}: no greeting in the other language`,
        );
        assert.ok(
          !page.body.includes('href="https://wa.me/966551234567'),
          `${path}: no WhatsApp link to the phone when a WhatsApp number is set`,
        );
        assert.ok(page.body.includes(`href="mailto:${site.contact.email}"`), `${path}: footer email`);
        assert.ok(
          page.body.includes(`href="${site.contact.instagram}"`) &&
            page.body.includes(`href="${site.contact.snapchat}"`),
          `${path}: social links`,
        );
        assert.ok(
          !page.body.includes('facebook.com') && !page.body.includes('tiktok.com'),
          `${path}: unset social links are not shown`,
        );
        for (const city of lang === 'ar' ? site.contact.citiesAr : site.contact.citiesEn) {
          assert.ok(page.body.includes(city), `${path}: city ${city}`);
        }
        assert.ok(page.body.includes(`© ${new Date().getFullYear()}`), `${path}: copyright year`);

        // Every image has its size set, so nothing shifts while it loads. Counted first: a page whose
        // images are no longer rendered on the server would otherwise pass with nothing to check.
        const images = tags(page.body, 'img');
        assert.equal(images.length, route.images, `${path}: one img per slide and card shown`);
        for (const img of images) {
          assert.match(img, /\swidth="\d+"/, `${path}: img width`);
          assert.match(img, /\sheight="\d+"/, `${path}: img height`);
          assert.match(img, /\salt="[^"]+"/, `${path}: img alt`);
        }
      }
    });

    it(`shows the about text of the ${lang} language`, async () => {
      const page = await get(lang === 'ar' ? '/about' : '/en/about');
      for (const text of Object.values(site.about[lang])) assert.ok(page.body.includes(html(text)), `about: "${text}"`);
      const other = site.about[lang === 'ar' ? 'en' : 'ar'];
      assert.ok(!page.body.includes(html(other.description2)), "the other language's text is not shown");
    });

    it(`answers unknown ${lang} paths and unknown cards with a 404 page in ${lang}`, async () => {
      for (const path of ['/no-such-page', '/products/extra', `/card-details?id=${'0'.repeat(8)}`, '/card-details']) {
        const page = await get(lang === 'ar' ? path : enPath(path));
        assert.equal(page.status, 404, path);
        assert.ok(page.body.includes(`<html lang="${lang}"`), `${path}: 404 in ${lang}`);
        assert.ok(page.body.includes('<meta name="robots" content="noindex">'), `${path}: noindex`);
        assert.ok(page.body.includes(lang === 'ar' ? 'الصفحة الرئيسية' : 'home page'), `${path}: a way back`);
      }
    });
  }

  it('marks the way home on every inner page as a BreadcrumbList named as the page shows it', async () => {
    const text = (h: string) =>
      h
        .replace(/<[^>]+>/g, '')
        .replace(/&#x27;/g, "'")
        .replace(/&amp;/g, '&')
        .trim();
    const h1 = (body: string) => text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1] ?? '');
    const cases = [
      { path: '/about', trail: (t: ReturnType<typeof dictionaryFor>) => [t.nav.home, t.nav.about] },
      { path: '/contact', trail: (t: ReturnType<typeof dictionaryFor>) => [t.nav.home, t.nav.contact] },
      { path: '/request', trail: (t: ReturnType<typeof dictionaryFor>) => [t.nav.home, t.request.heading] },
      {
        path: `/card-details?id=${site.detailed._id}`,
        // The card has only an Arabic title: the English page shows it too.
        trail: (t: ReturnType<typeof dictionaryFor>) => [t.nav.home, t.nav.products, site.detailed.title],
      },
    ];
    for (const lang of ['ar', 'en'] as const) {
      const t = dictionaryFor(lang);
      for (const { path, trail } of cases) {
        const url = lang === 'en' ? enPath(path) : path;
        const page = await get(url);
        assert.equal(page.status, 200, url);
        const crumbs = jsonLd(page.body).filter((d) => d['@type'] === 'BreadcrumbList');
        assert.equal(crumbs.length, 1, `${url}: one BreadcrumbList`);
        const items = crumbs[0]!.itemListElement as {
          '@type': string;
          position: number;
          name: string;
          item?: string;
        }[];
        assert.deepEqual(
          items.map((i) => i.name),
          trail(t),
          url,
        );
        assert.deepEqual(
          items.map((i) => [i['@type'], i.position]),
          items.map((_, n) => ['ListItem', n + 1]),
        );
        // Every step but the last links to a page of this site in the page's language; the last is this page, shown as its heading.
        const site = new URL(/<link rel="canonical" href="([^"]+)"/.exec(page.body)![1]!).origin;
        assert.equal(items[0]!.item, `${site}${lang === 'en' ? '/en' : '/'}`);
        assert.equal(items.at(-1)!.item, undefined);
        if (items.length === 3) assert.equal(items[1]!.item, `${site}${lang === 'en' ? '/en' : ''}/products`);
        // Named only as the page shows it: each step is a link of the navigation or the page's heading.
        for (const step of items) assert.ok(page.body.includes(`>${html(step.name)}<`), `${url}: ${step.name} shown`);
        if (path === '/request' || path.startsWith('/card-details'))
          assert.equal(h1(page.body), items.at(-1)!.name, `${url}: the heading`);
      }
    }
    // A product's page also describes the service it is, as the page shows it: no price, no rating.
    for (const url of [`/card-details?id=${site.detailed._id}`, `/en/card-details?id=${site.detailed._id}`]) {
      const page = await get(url);
      const data = jsonLd(page.body);
      const business = data.find((d) => d['@type'] === 'LocalBusiness')!;
      const service = data.find((d) => d['@type'] === 'Service');
      assert.ok(service, `${url}: Service`);
      assert.equal(service.name, site.detailed.title);
      assert.equal(h1(page.body), service.name, `${url}: named by its heading`);
      assert.ok(page.body.includes(html(service.description)), `${url}: its description is shown`);
      assert.deepEqual(service.provider, { '@id': business['@id'] }, 'provided by the business');
      const og = /<meta property="og:image" content="([^"]+)"/.exec(page.body)?.[1];
      assert.equal(service.image, og, "the page's picture");
      const cities = url.startsWith('/en') ? site.contact.citiesEn : site.contact.citiesAr;
      assert.deepEqual(
        service.areaServed.map((c: { name: string }) => c.name),
        cities,
      );
      for (const city of cities) assert.ok(page.body.includes(`>${html(city)}<`), `${url}: ${city} shown`);
      for (const invented of ['offers', 'aggregateRating', 'review', 'price'])
        assert.equal(service[invented], undefined, invented);
    }
    assert.equal(jsonLd((await get('/about')).body).filter((d) => d['@type'] === 'Service').length, 0, '/about');

    // The home page and a page that is not found have none.
    for (const url of ['/', '/en', '/no-such-page']) {
      assert.equal(jsonLd((await get(url)).body).filter((d) => d['@type'] === 'BreadcrumbList').length, 0, url);
    }
  });

  it("puts the Details button only on detailed products, and links every product's title to its page", async () => {
    for (const path of ['/products', '/en/products']) {
      const page = await get(path);
      const lang = path.startsWith('/en') ? 'en' : 'ar';
      const details = [...page.body.matchAll(/<a href="([^"]+)" class="btn btn-outline card-details-link"/g)].map(
        (m) => m[1],
      );
      // Each product's own address (decision 035), its Arabic letters as they are.
      assert.deepEqual(details, [cardLink(site.detailed, lang)], path);
      for (const card of [site.detailed, site.plain]) {
        const title = `<a href="${html(cardLink(card, lang))}">`;
        assert.ok(page.body.includes(title), `${path}: ${card.title}`);
      }
    }
  });

  it('gives a product without details a page of its own: the cities served and the other products, linked', async () => {
    for (const prefix of ['', '/en']) {
      const lang = prefix ? 'en' : 'ar';
      const page = await get(cardPath(site.plain, lang));
      assert.equal(page.status, 200);
      assert.ok(page.body.includes(`>${html(site.plain.title)}</h1>`), `${prefix}: its heading`);
      const hrefs = attrs(page.body, 'a', 'href');
      assert.ok(hrefs.includes(cardLink(site.detailed, lang)), 'another product');
      assert.ok(!hrefs.includes(cardLink(site.plain, lang)), 'not itself');
      const words = dictionaryFor(prefix ? 'en' : 'ar').cardDetails;
      for (const heading of [words.citiesHeading, words.othersHeading])
        assert.ok(page.body.includes(`>${html(heading)}</h2>`), `${prefix}: ${heading}`);
      const cities = prefix ? site.contact.citiesEn : site.contact.citiesAr;
      for (const city of cities) assert.ok(page.body.includes(`>${html(city)}<`), `${prefix}: ${city}`);
    }
    // A project's page is not a product's: no cities heading, no other products.
    const project = await get(cardPath(site.portfolio, 'ar'));
    assert.equal(project.status, 200);
    assert.ok(!project.body.includes(dictionaryFor('ar').cardDetails.othersHeading));
  });

  it('loads only the first slide eagerly, with responsive variants', async () => {
    const page = await get('/');
    const slideImgs = tags(page.body, 'img').filter((t) => t.includes('slide-image'));
    assert.equal(slideImgs.length, site.slides.length);
    assert.match(slideImgs[0]!, /loading="eager"/);
    assert.match(slideImgs[0]!, /fetchpriority="high"/i);
    // The others lie under the first, in the viewport: fetched last, not beside the first.
    for (const img of slideImgs.slice(1)) {
      assert.match(img, /loading="lazy"/);
      assert.match(img, /fetchpriority="low"/i);
    }
    assert.match(slideImgs[0]!, /srcset="\/uploads\/[a-f0-9]+-320\.webp 320w, /i);
    assert.match(slideImgs[0]!, /sizes="100vw"/);
    // Slides appear in their stored order.
    const positions = site.slides.map((s) => page.body.indexOf(html(s.title)));
    assert.deepEqual(
      [...positions].sort((a, b) => a - b),
      positions,
    );
  });

  it('sets a strict CSP that allows the inline stylesheet by its hash and runs no inline script', async () => {
    const a = await get('/products');
    const csp = a.headers.get('content-security-policy')!;
    assert.doesNotMatch(csp, /unsafe-inline|nonce-/);
    assert.match(csp, /script-src 'self'(;|$)/);
    const styles = [...a.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    assert.ok(styles.length > 0, 'the stylesheet is inlined');
    for (const css of styles)
      assert.ok(
        csp.includes(`'sha256-${createHash('sha256').update(css).digest('base64')}'`),
        'the inline style is allowed by hash',
      );
    // The only inline scripts are JSON data blocks, which browsers never run.
    for (const script of tags(a.body, 'script'))
      assert.match(script, /type="application\/(ld\+)?json"|src="\/assets\//, script);
    assert.equal(a.headers.get('x-content-type-options'), 'nosniff');
  });

  it('sends a page as the same kept bytes in Brotli or gzip, with an ETag and 304 when unchanged', async () => {
    const ask = (encoding: string, etag?: string) =>
      fetch(server().url + '/en/products', {
        headers: { 'accept-encoding': encoding, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const plain = await ask('identity');
    const body = Buffer.from(await plain.arrayBuffer());
    const etag = plain.headers.get('etag')!;
    assert.match(etag, /^"[\w-]+"$/);
    assert.equal(plain.headers.get('content-encoding'), null);
    assert.match(plain.headers.get('vary') ?? '', /accept-encoding/i);
    // undici decodes br and gzip bodies itself: the decoded bytes must be the same document.
    const br = await ask('gzip, deflate, br, zstd');
    assert.equal(br.headers.get('content-encoding'), 'br');
    assert.equal(br.headers.get('etag'), etag);
    assert.deepEqual(Buffer.from(await br.arrayBuffer()), body);
    const gz = await ask('gzip');
    assert.equal(gz.headers.get('content-encoding'), 'gzip');
    assert.deepEqual(Buffer.from(await gz.arrayBuffer()), body);
    const refused = await ask('br;q=0, gzip');
    assert.equal(refused.headers.get('content-encoding'), 'gzip');
    await refused.arrayBuffer();
    const again = await ask('br', etag);
    assert.equal(again.status, 304);
    assert.equal((await again.arrayBuffer()).byteLength, 0);
    const other = await ask('br', '"something-else"');
    assert.equal(other.status, 200);
    await other.arrayBuffer();
  });

  it("draws the slider's first slide alone: no other slide laid out, so no other picture fetched", async () => {
    const page = await get('/');
    const states = [...page.body.matchAll(/class="slide" data-state="(\w+)"/g)].map((m) => m[1]);
    assert.ok(states.length >= 2, 'the home page has several slides');
    assert.deepEqual(states, ['current', ...states.slice(1).map(() => 'hidden')]);
  });

  it('loads the islands its markup marks and nothing else: no React, no admin bundle, no page data', async () => {
    const manifest = readManifest()!;
    const island = (name: string) =>
      entryAssets(manifest, name === 'beacons' ? 'src/web/public/boot.ts' : `src/web/public/islands/${name}.ts`).script;
    const admin = entryAssets(manifest, 'src/web/admin/main.tsx');
    const adminFiles = new Set([admin.script, ...admin.preload, ...admin.css]);
    const beacons = `<script type="module" async src="${island('beacons')}" fetchpriority="low">`;
    const expected: [string, string[]][] = [
      ['/', ['menu', 'slider']],
      ['/en/products', ['menu']],
      ['/about', ['menu']],
      ['/nope', ['menu']],
    ];
    for (const [path, islands] of expected) {
      const page = await get(path);
      const scripts = tags(page.body, 'script').filter((t) => t.includes(' src="'));
      // The beacons first, run as soon as they arrive; then one deferred module per island the markup
      // marks. All at low priority: the fonts and the largest picture come first.
      assert.deepEqual(
        scripts,
        [beacons, ...islands.map((name) => `<script type="module" src="${island(name)}" fetchpriority="low">`)],
        path,
      );
      for (const name of islands) assert.ok(page.body.includes(`data-island="${name}"`), `${path}: marks ${name}`);
      assert.ok(!page.body.includes('rel="modulepreload"'), `${path}: nothing preloaded`);
      assert.ok(
        !page.body.includes('__hydration') && !page.body.includes('data-entry'),
        `${path}: no hydration data, no app bundle`,
      );
      assert.ok(
        page.body.includes(`<div id="app" data-t="${server().app.ctx.tokens.current().token}">`),
        `${path}: the day's token for its beacons`,
      );
      const referenced = [...attrs(page.body, 'script', 'src'), ...attrs(page.body, 'link', 'href')].filter((h) =>
        h.startsWith('/assets/'),
      );
      for (const file of referenced) assert.ok(!adminFiles.has(file), `${path}: references the admin's ${file}`);
    }
  });

  it('renders a kept page again once its beacon token changes (once a day), and not before', async () => {
    const tokens = server().app.ctx.tokens;
    const real = tokens.current.bind(tokens);
    const tokenOf = async () => /data-t="([^"]*)"/.exec((await get('/en/about')).body)?.[1];
    try {
      // Its token lasts 3 s here (a day in life): long enough for the requests below on a busy machine.
      tokens.current = () => ({ token: 'a'.repeat(22), until: Date.now() + 3_000 });
      // A content write makes the page be rendered afresh, with the token of the moment.
      assert.equal((await (await server().admin()).post('/api/word/', { word: `token ${Date.now()}` })).status, 201);
      assert.equal(await tokenOf(), 'a'.repeat(22));
      tokens.current = () => ({ token: 'b'.repeat(22), until: Date.now() + 60_000 });
      assert.equal(
        await tokenOf(),
        'a'.repeat(22),
        'kept, from the fast lane or the page cache, until the token changes',
      );
      await new Promise((resolve) => setTimeout(resolve, 3_100));
      assert.equal(await tokenOf(), 'b'.repeat(22));
    } finally {
      tokens.current = real;
    }
  });

  it('answers the address client-side navigation used to fetch page data (/__data) with the not-found page', async () => {
    const res = await get(`/__data?path=${encodeURIComponent('/en/about')}`);
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.ok(res.body.includes('<meta name="robots" content="noindex">'));
  });

  it('leaves API, upload and asset 404s to their own handlers', async () => {
    for (const path of ['/api/no-such-thing', '/uploads/none.webp', '/assets/none.js']) {
      const res = await fetch(server().url + path);
      assert.equal(res.status, 404, path);
      assert.doesNotMatch(res.headers.get('content-type') ?? '', /text\/html/, path);
    }
  });
});
