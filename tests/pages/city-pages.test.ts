import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Card, City, CityInput } from '../../src/shared/schemas.ts';
import { createCard, uploadImage } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { describeEachEngine } from '../helpers/server.ts';
import { attrs, html, jsonLd, tags } from './site-data.ts';

const CITY = (over: Partial<CityInput>): CityInput => ({
  nameAr: 'الرياض',
  nameEn: 'Riyadh',
  introAr: '',
  introEn: '',
  areasAr: '',
  areasEn: '',
  phone: '',
  whatsapp: '',
  enabled: true,
  ...over,
});

/** The served cities' pages as a search engine reads them (issue 34 point 1). */
describeEachEngine('city pages: server-rendered HTML', (server) => {
  let admin: HttpClient;
  let riyadh: City;
  let jeddah: City;
  let khobar: City;
  let project: Card;
  const get = async (path: string) => {
    const res = await fetch(server().url + path);
    return { status: res.status, body: await res.text() };
  };
  const added = async (body: CityInput): Promise<City> => {
    const res = await admin.post('/api/cities', body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data;
  };

  before(async () => {
    admin = await server().admin();
    assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '0551234567' })).status, 200);
    project = await createCard(admin, 'portfolio', {
      title: 'برج العليا',
      description: 'شوك فوق المكيفات في كل الأدوار.',
      image: await uploadImage(admin),
    });
    // Riyadh: an introduction of its own, areas, a project and its own WhatsApp number.
    riyadh = await added(
      CITY({
        introAr: 'في الرياض نحمي الأبراج والفلل.\n\nفقرة ثانية عن الرياض.',
        introEn: 'In Riyadh we protect towers and villas.',
        areasAr: 'العليا\nالملقا',
        areasEn: 'Olaya\nMalqa',
        whatsapp: '0557654321',
        projectIds: [project._id],
      }),
    );
    // Jeddah: a project-free city with only an introduction; Khobar: nothing of its own (not published).
    jeddah = await added(CITY({ nameAr: 'جدة', nameEn: 'Jeddah', introEn: 'Towers by the sea in Jeddah.' }));
    khobar = await added(CITY({ nameAr: 'الخبر', nameEn: 'Khobar' }));
  });

  for (const lang of ['ar', 'en'] as const) {
    it(`renders a city's page in ${lang}: its own title, description, canonical, hreflang, JSON-LD and content`, async () => {
      const path = `${lang === 'en' ? '/en' : ''}/cities/riyadh`;
      const page = await get(path);
      assert.equal(page.status, 200);
      const name = lang === 'ar' ? 'الرياض' : 'Riyadh';
      const title = /<title>([^<]*)<\/title>/.exec(page.body)?.[1] ?? '';
      assert.equal(
        title,
        html(lang === 'ar' ? 'طارد الحمام في الرياض | طارد الحمام' : 'Pigeon control in Riyadh | Bird Barrier'),
      );
      const description = /<meta name="description" content="([^"]*)"/.exec(page.body)?.[1] ?? '';
      assert.ok(description.includes(name), `description names the city: ${description}`);
      assert.ok(description.endsWith('.'), 'whole sentences, not a cut word');
      assert.ok(!description.includes('…'));
      assert.ok(description.length <= 160, `description within 160: ${description.length}`);
      assert.equal(tags(page.body, 'h1').length, 1);

      const links = tags(page.body, 'link');
      const canonical = links.find((t) => t.includes('rel="canonical"'));
      assert.match(canonical!, new RegExp(`href="https?://[^"]+${lang === 'en' ? '/en' : ''}/cities/riyadh"`));
      const hreflang = Object.fromEntries(
        links
          .filter((t) => t.includes('rel="alternate"'))
          .map((t) => [/hreflang="([^"]+)"/.exec(t)![1], /href="([^"]+)"/.exec(t)![1]]),
      );
      assert.match(hreflang.ar!, /[^n]\/cities\/riyadh$/);
      assert.match(hreflang.en!, /\/en\/cities\/riyadh$/);
      assert.equal(hreflang['x-default'], hreflang.ar);

      // Structured data parses, and the business names the cities it serves.
      const data = jsonLd(page.body);
      const business = data.find((d) => d['@type'] === 'LocalBusiness');
      assert.ok(business);
      // The way home: the home page, then this city's page, named by its heading.
      const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList');
      assert.deepEqual(
        crumbs?.itemListElement.map((i: { name: string }) => i.name),
        lang === 'ar' ? ['الرئيسية', 'طارد الحمام في الرياض'] : ['Home', 'Pigeon control in Riyadh'],
      );
      // The service in this city, named by the page's heading.
      const service = data.find((d) => d['@type'] === 'Service');
      assert.equal(service?.name, lang === 'ar' ? 'طارد الحمام في الرياض' : 'Pigeon control in Riyadh');
      assert.deepEqual(service?.areaServed, { '@type': 'City', name });
      assert.deepEqual(service?.provider, { '@id': business['@id'] });
      assert.deepEqual(
        business.areaServed.map((c: { name: string }) => c.name),
        ['Riyadh', 'Jeddah', 'Khobar'],
      );

      // Its own substance: the introduction, the areas, the project with its photo.
      assert.ok(
        page.body.includes(
          html(lang === 'ar' ? 'في الرياض نحمي الأبراج والفلل.' : 'In Riyadh we protect towers and villas.'),
        ),
      );
      assert.ok(page.body.includes(html(lang === 'ar' ? 'الملقا' : 'Malqa')));
      assert.ok(page.body.includes(html(project.title)));
      assert.ok(
        attrs(page.body, 'img', 'src').some((src) => src.includes(project.image.replace(/\.webp$/, ''))),
        'the project photo',
      );
      // The heading, the text and the buttons fill a phone's first screen: no photo is fetched
      // first (preloaded, or with high priority), which would take the bandwidth the text needs.
      assert.ok(!/<link rel="preload" as="image"/i.test(page.body), 'no photo preloaded');
      assert.ok(
        tags(page.body, 'img').every((img) => !/fetchpriority="high"/i.test(img) && /loading="lazy"/.test(img)),
        'every photo loaded lazily',
      );

      // WhatsApp: the city's own number, the message names the city; call: the site's number.
      const wa = attrs(page.body, 'a', 'href').filter((h) => h.startsWith('https://wa.me/966557654321?text='));
      assert.ok(wa.length >= 1, "the city's WhatsApp number");
      const message = decodeURIComponent(wa[0]!.split('text=')[1]!.replace(/&amp;/g, '&'));
      assert.ok(message.includes(name), `message names the city: ${message}`);
      assert.ok(attrs(page.body, 'a', 'href').includes('tel:+966551234567'));

      // The other published city is linked; the unpublished one is not.
      assert.ok(attrs(page.body, 'a', 'href').includes(`${lang === 'en' ? '/en' : ''}/cities/jeddah`));
      assert.ok(!attrs(page.body, 'a', 'href').includes(`${lang === 'en' ? '/en' : ''}/cities/khobar`));
    });
  }

  it('links the published cities from the footer and the contact page, in both languages', async () => {
    for (const path of ['/contact', '/en/contact', '/', '/en/products']) {
      const hrefs = attrs((await get(path)).body, 'a', 'href');
      const prefix = path.startsWith('/en') ? '/en' : '';
      assert.ok(hrefs.includes(`${prefix}/cities/riyadh`), `${path} links Riyadh`);
      assert.ok(hrefs.includes(`${prefix}/cities/jeddah`), `${path} links Jeddah`);
      assert.ok(!hrefs.includes(`${prefix}/cities/khobar`), `${path} does not link the unpublished Khobar`);
    }
    // Khobar is still named as served.
    assert.ok((await get('/contact')).body.includes('الخبر'));
  });

  it('answers 404 (noindex) for an unpublished, switched-off or unknown city, and lists only published ones in the sitemap', async () => {
    for (const path of [
      '/cities/khobar',
      '/en/cities/khobar',
      '/cities/nowhere',
      '/cities/Riyadh',
      '/cities/riyadh/more',
      '/cities/-riyadh',
      '/cities',
    ]) {
      const page = await get(path);
      assert.equal(page.status, 404, path);
    }
    const page = await get('/cities/khobar');
    assert.ok(page.body.includes('<meta name="robots" content="noindex">'));
    let sitemap = await get('/sitemap.xml');
    assert.match(sitemap.body, /<loc>[^<]+\/cities\/riyadh<\/loc>/);
    assert.match(sitemap.body, /<loc>[^<]+\/en\/cities\/jeddah<\/loc>/);
    assert.doesNotMatch(sitemap.body, /cities\/khobar/);
    // Each city entry pairs both languages and x-default.
    const entry = /<url>\s*<loc>[^<]+\/cities\/riyadh<\/loc>[\s\S]*?<\/url>/.exec(sitemap.body)![0];
    assert.match(entry, /<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    assert.match(entry, /hreflang="en" href="[^"]+\/en\/cities\/riyadh"/);
    assert.match(entry, /hreflang="x-default" href="[^"]+\/cities\/riyadh"/);

    // Switched off, Jeddah's page goes; given an introduction, Khobar's comes.
    const off = await admin.put(`/api/cities/${jeddah._id}`, {
      ...CITY({ nameAr: 'جدة', nameEn: 'Jeddah', introEn: 'Towers by the sea in Jeddah.' }),
      enabled: false,
    });
    assert.equal(off.status, 200);
    assert.equal((await get('/en/cities/jeddah')).status, 404);
    assert.equal(
      (
        await admin.put(
          `/api/cities/${khobar._id}`,
          CITY({ nameAr: 'الخبر', nameEn: 'Khobar', introAr: 'الخبر على الساحل.' }),
        )
      ).status,
      200,
    );
    assert.equal((await get('/cities/khobar')).status, 200);
    sitemap = await get('/sitemap.xml');
    assert.doesNotMatch(sitemap.body, /cities\/jeddah/);
    assert.match(sitemap.body, /cities\/khobar/);

    // The launch checklist counted Khobar while it lacked its own text; now none.
    const checks = (await admin.get('/api/checklist')).body.data as { key: string; done: boolean; count: number }[];
    assert.deepEqual(
      checks.find((c) => c.key === 'cities'),
      { key: 'cities', done: true, count: 0 },
    );
    assert.equal(
      (await admin.put(`/api/cities/${khobar._id}`, CITY({ nameAr: 'الخبر', nameEn: 'Khobar' }))).status,
      200,
    );
    const again = (await admin.get('/api/checklist')).body.data as { key: string; done: boolean; count: number }[];
    assert.deepEqual(
      again.find((c) => c.key === 'cities'),
      { key: 'cities', done: false, count: 1 },
    );
    void riyadh;
  });
});
