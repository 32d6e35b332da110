import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Card, CardDetail, Slide } from '../../src/shared/schemas.ts';
import { uploadImage } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { describeEachEngine } from '../helpers/server.ts';
import { html } from './site-data.ts';

/** The element (opening tag) that directly holds `text` in `body`, or undefined. */
function holder(body: string, text: string): string | undefined {
  const at = body.indexOf(`>${html(text)}<`);
  if (at < 0) return undefined;
  let open = body.lastIndexOf('<', at);
  // A product's title is a link to its page: the heading around the link holds it.
  if (body.startsWith('<a ', open)) open = body.lastIndexOf('<', open - 1);
  return body.slice(open, at + 1);
}

/** English pages show the English text, and the Arabic (marked lang="ar" dir="rtl") where none is written yet. */
describeEachEngine('public pages: content in the page language', (server) => {
  const tag = Math.random().toString(36).slice(2, 7);
  let admin: HttpClient;
  let bilingual: Card;
  let arabicOnly: Card;
  let portfolio: Card;
  let arabicProject: Card;
  let detail: CardDetail;
  let slide: Slide;
  let arabicSlide: Slide;
  const get = async (path: string) => (await fetch(server().url + path)).text();

  before(async () => {
    admin = await server().admin();
    const post = async <T>(path: string, body: object): Promise<T> => {
      const res = await admin.post<{ data: T }>(path, body);
      assert.ok(res.status < 300, `${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    };
    const image = await uploadImage(admin);
    bilingual = await post('/api/card/?type=product', {
      title: `شبك طيور ${tag}`,
      description: `شبك مقاوم ${tag}`,
      titleEn: `Bird net ${tag}`,
      descriptionEn: `UV-proof net ${tag}`,
      image,
    });
    await admin.put(`/api/card/togggle-details/${bilingual._id}`);
    arabicOnly = await post('/api/card/?type=product', {
      title: `أشواك ستانلس ${tag}`,
      description: `أشواك للحواف ${tag}`,
      image,
    });
    portfolio = await post('/api/card/?type=portfolio', {
      title: `فيلا في الرياض ${tag}`,
      description: `حماية الواجهة ${tag}`,
      titleEn: `Villa in Riyadh ${tag}`,
      descriptionEn: `Every facade ledge protected ${tag}`,
      image,
    });
    arabicProject = await post('/api/card/?type=portfolio', {
      title: `مستودع في الدمام ${tag}`,
      description: `أسلاك على الواجهة ${tag}`,
      image,
    });
    detail = await post('/api/card/details', {
      id: bilingual._id,
      title: `تركيب على حافة ${tag}`,
      description: `بالسيليكون ${tag}`,
      titleEn: `Window ledge fitting ${tag}`,
      descriptionEn: `Fixed with silicone ${tag}`,
      image,
    });
    slide = await post('/api/slider/', {
      title: `شريحة ${tag}`,
      details: `تفاصيل ${tag}`,
      titleEn: `Spikes that last ${tag}`,
      detailsEn: `Stainless steel, fitted in a day ${tag}`,
      image,
    });
    arabicSlide = await post('/api/slider/', { title: `شريحة عربية ${tag}`, details: `تفاصيل عربية ${tag}`, image });
  });

  it('shows English text on /en/products and the Arabic fallback marked lang="ar" dir="rtl"', async () => {
    const body = await get('/en/products');
    assert.match(holder(body, bilingual.titleEn!) ?? '', /^<h2 class="card-title" dir="auto">/);
    assert.ok(body.includes(html(bilingual.descriptionEn!)));
    assert.ok(!body.includes(html(bilingual.title)), 'the Arabic title of an item with English');
    assert.match(holder(body, arabicOnly.title) ?? '', /lang="ar" dir="rtl"/);
    assert.match(holder(body, arabicOnly.description) ?? '', /lang="ar" dir="rtl"/);
  });

  it("marks a project written only in Arabic on /en/portfolio, its photo's alt text too", async () => {
    const body = await get('/en/portfolio');
    assert.match(holder(body, arabicProject.title) ?? '', /^<h2 class="portfolio-title" lang="ar" dir="rtl">/);
    assert.match(holder(body, arabicProject.description) ?? '', /lang="ar" dir="rtl"/);
    assert.match(body, new RegExp(`<img [^>]*alt="${html(arabicProject.title)}" lang="ar"`));
    assert.match(
      holder(body, portfolio.titleEn!) ?? '',
      /^<h2 class="portfolio-title" dir="auto">/,
      'no mark on the English one',
    );
    assert.match(body, new RegExp(`<img [^>]*alt="${html(portfolio.titleEn!)}" loading`), 'nor on its alt text');
  });

  it("marks a customer's name and a city in the other script on the quotes", async () => {
    const saved = await admin.put('/api/proof', {
      yearsInBusiness: null,
      jobsDone: null,
      citiesServed: null,
      guaranteeAr: '',
      guaranteeEn: '',
      crNumber: '',
      vatNumber: '',
      quotes: [
        {
          id: '',
          textAr: `شغل نظيف ${tag}`,
          textEn: `Clean work ${tag}`,
          name: 'أبو فهد',
          cityAr: 'الرياض',
          cityEn: '',
        },
        {
          id: '',
          textAr: `في الموعد ${tag}`,
          textEn: `On time ${tag}`,
          name: 'Sara M.',
          cityAr: 'جدة',
          cityEn: 'Jeddah',
        },
      ],
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    for (const path of ['/en', '/en/about']) {
      const body = await get(path);
      assert.match(
        body,
        /<bdi class="quote-name" lang="ar" dir="rtl">أبو فهد<\/bdi><bdi class="quote-city" lang="ar" dir="rtl">الرياض<\/bdi>/,
        `${path}: Arabic name and city`,
      );
      assert.match(
        body,
        /<bdi class="quote-name" dir="auto">Sara M\.<\/bdi><bdi class="quote-city" dir="auto">Jeddah<\/bdi>/,
        `${path}: no mark in the page's language`,
      );
    }
    const arabic = await get('/about');
    assert.match(
      arabic,
      /<bdi class="quote-name" lang="en" dir="ltr">Sara M\.<\/bdi><bdi class="quote-city" dir="auto">جدة<\/bdi>/,
      'a Latin name on an Arabic page',
    );
    assert.match(arabic, /<bdi class="quote-name" dir="auto">أبو فهد<\/bdi>/);
  });

  it('keeps the Arabic pages in Arabic', async () => {
    const body = await get('/products');
    assert.ok(body.includes(html(bilingual.title)));
    assert.ok(!body.includes(html(bilingual.titleEn!)));
    assert.doesNotMatch(
      holder(body, arabicOnly.title) ?? '',
      /lang="ar"/,
      'no mark where the text is in the page language',
    );
  });

  it('shows English on /en/portfolio, the slider of /en and /en/card-details, with English titles', async () => {
    const portfolioPage = await get('/en/portfolio');
    assert.ok(portfolioPage.includes(html(portfolio.titleEn!)) && !portfolioPage.includes(html(portfolio.title)));
    const home = await get('/en');
    assert.ok(home.includes(html(slide.titleEn!)) && home.includes(html(slide.detailsEn!)), 'English slide');
    assert.match(
      holder(home, arabicSlide.title) ?? '',
      /lang="ar" dir="rtl"/,
      'slide without English falls back, marked',
    );
    assert.ok(home.includes(html(portfolio.titleEn!)), 'recent work in English');
    const details = await get(`/en/card-details?id=${bilingual._id}`);
    assert.ok(
      details.includes(html(bilingual.titleEn!)) &&
        details.includes(html(detail.titleEn!)) &&
        details.includes(html(detail.descriptionEn!)),
    );
    assert.ok(!details.includes(html(detail.title)), 'no Arabic detail text when English is written');
    const title = /<title>([^<]*)<\/title>/.exec(details)?.[1] ?? '';
    assert.ok(title.startsWith(html(bilingual.titleEn!)), `English page title: ${title}`);
    assert.ok(
      details.includes(`property="og:title" content="${html(bilingual.titleEn!)}`),
      'Open Graph title in English',
    );
    const arabicDetails = await get(`/card-details?id=${bilingual._id}`);
    assert.ok(arabicDetails.includes(html(bilingual.title)) && !arabicDetails.includes(html(bilingual.titleEn!)));
  });
});
