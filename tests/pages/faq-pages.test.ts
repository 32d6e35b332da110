import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Card, City, Faq, FaqInput } from '../../src/shared/schemas.ts';
import { createCard, uploadImage } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { describeEachEngine } from '../helpers/server.ts';
import { attrs, html, jsonLd, tags } from './site-data.ts';

const Q = (over: Partial<FaqInput>): FaqInput => ({
  questionAr: 'هل يؤذي الشوك الحمام؟',
  answerAr: 'لا، يمنعه من الوقوف فقط.\n\nولا نستخدم سمومًا.',
  questionEn: 'Do the spikes hurt the pigeons?',
  answerEn: 'No, they only stop them landing.\n\nWe use no poison.',
  cityId: null,
  cardId: null,
  enabled: true,
  ...over,
});

/** The questions and answers as a search engine reads them (issue 34 points 4 and 7, decision 036). */
describeEachEngine('questions and answers: server-rendered pages', (server) => {
  let admin: HttpClient;
  let city: City;
  let product: Card;
  let project: Card;
  let arabicOnly: Faq;
  let general: Faq;
  const get = async (path: string) => {
    const res = await fetch(server().url + path);
    return { status: res.status, body: await res.text() };
  };
  const added = async (body: FaqInput): Promise<Faq> => {
    const res = await admin.post('/api/faq', body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data;
  };
  /** The questions a page's FAQPage names, in order, with their answers. */
  const faqPage = (body: string) => {
    const pages = jsonLd(body).filter((d) => d['@type'] === 'FAQPage');
    assert.ok(pages.length <= 1, 'one FAQPage at most');
    return pages[0]?.mainEntity.map(
      (q: { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }) => {
        assert.equal(q['@type'], 'Question');
        assert.equal(q.acceptedAnswer['@type'], 'Answer');
        return [q.name, q.acceptedAnswer.text];
      },
    );
  };
  /** The questions the page shows, as <summary> texts, in order. */
  const shown = (body: string) => [...body.matchAll(/<summary>([^<]*)<\/summary>/g)].map((m) => m[1]);

  before(async () => {
    admin = await server().admin();
    const cityRes = await admin.post('/api/cities', {
      nameAr: 'الرياض',
      nameEn: 'Riyadh',
      introAr: 'في الرياض نحمي الأبراج.',
      introEn: 'In Riyadh we protect towers.',
      areasAr: '',
      areasEn: '',
      phone: '',
      whatsapp: '',
      enabled: true,
    });
    city = cityRes.body.data;
    const image = await uploadImage(admin);
    product = await createCard(admin, 'product', { title: 'شوك ستانلس', description: 'شوك لا يصدأ.', image });
    project = await createCard(admin, 'portfolio', { title: 'برج', description: 'عمل في برج.', image });
    general = await added(Q({}));
    // Written in Arabic only: the English page shows it in Arabic, marked as such.
    arabicOnly = await added(
      Q({ questionAr: 'كم يستغرق التركيب؟', answerAr: 'يومًا واحدًا غالبًا.', questionEn: '', answerEn: '' }),
    );
    await added(Q({ questionAr: 'سؤال متوقف', questionEn: 'A switched-off question', enabled: false }));
    await added(Q({ questionAr: 'هل تغطون كل الرياض؟', questionEn: 'Do you cover all of Riyadh?', cityId: city._id }));
    await added(Q({ questionAr: 'هل يصدأ الشوك؟', questionEn: 'Do the spikes rust?', cardId: product._id }));
  });

  for (const lang of ['ar', 'en'] as const) {
    const prefix = lang === 'en' ? '/en' : '';
    it(`renders /faq in ${lang}: its own title, description, canonical, hreflang, and a FAQPage of exactly what it shows`, async () => {
      const page = await get(`${prefix}/faq`);
      assert.equal(page.status, 200);
      const title = /<title>([^<]*)<\/title>/.exec(page.body)?.[1] ?? '';
      assert.ok(title.startsWith(html(lang === 'ar' ? 'أسئلة وأجوبة | ' : 'Questions and answers | ')), title);
      const description = /<meta name="description" content="([^"]*)"/.exec(page.body)?.[1] ?? '';
      assert.ok(description.length > 50 && description.length <= 160, description);
      assert.equal(tags(page.body, 'h1').length, 1);
      const links = tags(page.body, 'link');
      assert.match(
        links.find((t) => t.includes('rel="canonical"'))!,
        new RegExp(`href="https?://[^"]+${prefix}/faq"`),
      );
      const hreflang = Object.fromEntries(
        links
          .filter((t) => t.includes('rel="alternate"'))
          .map((t) => [/hreflang="([^"]+)"/.exec(t)![1], /href="([^"]+)"/.exec(t)![1]]),
      );
      assert.match(hreflang.ar!, /[^n]\/faq$/);
      assert.match(hreflang.en!, /\/en\/faq$/);
      assert.equal(hreflang['x-default'], hreflang.ar);

      // The general questions switched on, in order; not the city's, the product's or the one switched off.
      const questions =
        lang === 'ar'
          ? ['هل يؤذي الشوك الحمام؟', 'كم يستغرق التركيب؟']
          : ['Do the spikes hurt the pigeons?', 'كم يستغرق التركيب؟'];
      assert.deepEqual(shown(page.body), questions.map(html));
      assert.ok(!page.body.includes(html('سؤال متوقف')) && !page.body.includes('A switched-off question'));
      assert.ok(!page.body.includes(html('هل تغطون كل الرياض؟')));
      // An Arabic fallback on the English page is marked Arabic.
      if (lang === 'en') assert.match(page.body, /<details class="faq-item" lang="ar" dir="rtl">/);

      const data = jsonLd(page.body);
      assert.ok(data.find((d) => d['@type'] === 'LocalBusiness'));
      assert.deepEqual(
        data.find((d) => d['@type'] === 'BreadcrumbList')?.itemListElement.map((i: { name: string }) => i.name),
        lang === 'ar' ? ['الرئيسية', 'أسئلة وأجوبة'] : ['Home', 'Questions and answers'],
      );
      assert.deepEqual(faqPage(page.body), [
        lang === 'ar'
          ? ['هل يؤذي الشوك الحمام؟', 'لا، يمنعه من الوقوف فقط.\n\nولا نستخدم سمومًا.']
          : ['Do the spikes hurt the pigeons?', 'No, they only stop them landing.\n\nWe use no poison.'],
        ['كم يستغرق التركيب؟', 'يومًا واحدًا غالبًا.'],
      ]);
      // Each answer is on the page, its paragraphs apart.
      assert.ok(page.body.includes(`<p>${html(lang === 'ar' ? 'ولا نستخدم سمومًا.' : 'We use no poison.')}</p>`));
    });

    it(`shows a city's and a product's own questions on their pages in ${lang}, each page's FAQPage naming only those`, async () => {
      const cityPage = await get(`${prefix}/cities/${city.slug}`);
      const cityQuestion = lang === 'ar' ? 'هل تغطون كل الرياض؟' : 'Do you cover all of Riyadh?';
      assert.deepEqual(shown(cityPage.body), [html(cityQuestion)]);
      assert.deepEqual(
        faqPage(cityPage.body)?.map(([q]: string[]) => q),
        [cityQuestion],
      );
      assert.ok(attrs(cityPage.body, 'a', 'href').includes(`${prefix}/faq`), 'the way to the other questions');

      const productPage = await get(`${prefix}/card-details?id=${product._id}`);
      const productQuestion = lang === 'ar' ? 'هل يصدأ الشوك؟' : 'Do the spikes rust?';
      assert.deepEqual(shown(productPage.body), [html(productQuestion)]);
      assert.deepEqual(
        faqPage(productPage.body)?.map(([q]: string[]) => q),
        [productQuestion],
      );

      // A page without questions has neither the section nor the markup (nor the questions' stylesheet rules).
      for (const path of [`${prefix}/card-details?id=${project._id}`, `${prefix}/contact`, prefix || '/']) {
        const page = await get(path);
        assert.deepEqual(shown(page.body), [], path);
        assert.equal(faqPage(page.body), undefined, path);
        assert.ok(!page.body.includes('.faq-item'), `${path} carries no questions' stylesheet`);
      }
    });
  }

  it("links /faq from every page's footer, lists it in the sitemap with both languages and lastmod, and follows a change", async () => {
    for (const path of ['/', '/en', '/contact', '/en/products']) {
      const prefix = path.startsWith('/en') ? '/en' : '';
      assert.ok(attrs((await get(path)).body, 'a', 'href').includes(`${prefix}/faq`), `${path} links the questions`);
    }
    const sitemap = (await get('/sitemap.xml')).body;
    const entry = /<url>\s*<loc>[^<]+[^n]\/faq<\/loc>[\s\S]*?<\/url>/.exec(sitemap)?.[0];
    assert.ok(entry, 'the Arabic /faq is listed');
    assert.match(entry, /<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    assert.match(entry, /hreflang="en" href="[^"]+\/en\/faq"/);
    assert.match(entry, /hreflang="x-default" href="[^"]+[^n]\/faq"/);
    assert.match(sitemap, /<loc>[^<]+\/en\/faq<\/loc>/);

    // A saved question shows at once (the content version moves the cached page).
    const before = await get('/faq');
    assert.ok(before.body.includes(html('كم يستغرق التركيب؟')));
    const saved = await admin.put(`/api/faq/${arabicOnly._id}`, {
      ...Q({ questionAr: 'كم يستغرق التركيب عادة؟', answerAr: 'يومًا واحدًا.', questionEn: '', answerEn: '' }),
      enabled: false,
    });
    assert.equal(saved.status, 200);
    const after = await get('/faq');
    assert.ok(!after.body.includes(html('كم يستغرق التركيب؟')), 'the old words are gone');
    assert.ok(!after.body.includes(html('كم يستغرق التركيب عادة؟')), 'switched off: not shown');
    assert.equal(faqPage(after.body)?.length, 1);
  });

  it('leaves a questions page without questions unlinked, unindexed and out of the sitemap', async () => {
    const off = await admin.put(`/api/faq/${general._id}`, { ...Q({}), enabled: false });
    assert.equal(off.status, 200);
    for (const path of ['/faq', '/en/faq']) {
      const page = await get(path);
      assert.equal(page.status, 200, 'the address still answers');
      assert.ok(page.body.includes('<meta name="robots" content="noindex">'), `${path} is not for search results`);
      assert.ok(!page.body.includes('rel="canonical"'));
      assert.equal(faqPage(page.body), undefined);
    }
    for (const path of ['/', '/en/contact'])
      assert.ok(
        !attrs((await get(path)).body, 'a', 'href').some((h) => h.endsWith('/faq')),
        `${path} links no empty page`,
      );
    assert.doesNotMatch((await get('/sitemap.xml')).body, /\/faq</);
    // The city's and the product's own questions still show on their pages.
    assert.ok((await get(`/cities/${city.slug}`)).body.includes(html('هل تغطون كل الرياض؟')));
  });
});
