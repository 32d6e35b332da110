import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { HistoryEntry } from '../../src/shared/history.ts';
import type { Proof, ProofFields, ProofInput } from '../../src/shared/schemas.ts';
import type { HttpClient } from '../helpers/http.ts';
import { describeEachEngine } from '../helpers/server.ts';

const EMPTY: ProofFields = {
  yearsInBusiness: null,
  jobsDone: null,
  citiesServed: null,
  guaranteeAr: '',
  guaranteeEn: '',
  crNumber: '',
  vatNumber: '',
  quotes: [],
  reviewsLink: '',
  crCheckLink: '',
  vatCheckLink: '',
};
const QUOTE = {
  id: '',
  textAr: 'شغل ممتاز ونظيف',
  textEn: 'Clean, careful work',
  name: 'أبو فهد',
  cityAr: 'الرياض',
  cityEn: 'Riyadh',
};
// Without the links: a client from before they existed (the links are kept as stored).
const FULL: ProofInput = {
  yearsInBusiness: 14,
  jobsDone: 12500,
  citiesServed: 5,
  guaranteeAr: ' ضمان   7 سنوات ',
  guaranteeEn: '7-year guarantee',
  crNumber: '2050 123 456',
  vatNumber: '٣٠٠١٢٣٤٥٦٧٠٠٠٠٣',
  quotes: [QUOTE],
};

const put = (admin: HttpClient, body: object) => admin.put('/api/proof', body);
async function saved(admin: HttpClient, body: object): Promise<Proof> {
  const res = await put(admin, body);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.message, 'Trust and proof saved');
  return res.body.data;
}
const page = async (url: string) => (await fetch(url)).text();

describeEachEngine('trust and proof API', (server) => {
  it('is empty before the first save, public to read, and the admin alone writes it', async () => {
    const anon = server().anon();
    const read = await anon.get('/api/proof');
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.data, { ...EMPTY, updatedAt: '' });
    assert.equal((await put(anon, FULL)).status, 401);
    assert.deepEqual((await anon.get('/api/proof')).body.data, { ...EMPTY, updatedAt: '' }, 'nothing was written');
  });

  it('saves tidy values: digits from an Arabic keyboard, spaces out of numbers, an id for each new quote', async () => {
    const admin = await server().admin();
    const data = await saved(admin, FULL);
    assert.equal(data.guaranteeAr, 'ضمان 7 سنوات');
    assert.equal(data.crNumber, '2050123456');
    assert.equal(data.vatNumber, '300123456700003');
    assert.equal(data.quotes.length, 1);
    assert.match(data.quotes[0]!.id, /^[A-Za-z0-9_-]{8,}$/);
    assert.deepEqual({ ...data.quotes[0], id: '' }, QUOTE);
    assert.deepEqual(
      (await server().anon().get('/api/proof')).body.data,
      data,
      'the public read answers what was saved',
    );
    // Saving the quote again with its id keeps that id.
    const again = await saved(admin, { ...FULL, quotes: data.quotes, expectedUpdatedAt: data.updatedAt });
    assert.equal(again.quotes[0]!.id, data.quotes[0]!.id);
  });

  it('refuses bad values naming the field, with an example', async () => {
    const admin = await server().admin();
    const refused = async (body: object, field: RegExp) => {
      const res = await put(admin, { ...FULL, ...body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, field);
    };
    await refused({ crNumber: '12345' }, /^crNumber must be the 10 digits .* like 1010123456/);
    await refused({ crNumber: '10101234567' }, /^crNumber /);
    await refused(
      { vatNumber: '300123456700004' },
      /^vatNumber must be the 15 digits of the VAT number, starting and ending with 3, like 300123456700003/,
    );
    await refused({ vatNumber: '100123456700003' }, /^vatNumber /);
    await refused({ vatNumber: '30012345670003' }, /^vatNumber /);
    await refused({ yearsInBusiness: 101 }, /^yearsInBusiness must be at most 100$/);
    await refused({ jobsDone: 1_000_001 }, /^jobsDone must be at most 1000000$/);
    await refused({ citiesServed: -1 }, /^citiesServed must be at least 0$/);
    await refused({ yearsInBusiness: 'abc' }, /^yearsInBusiness must be a whole number$/);
    await refused({ jobsDone: 2.5 }, /^jobsDone must be a whole number$/);
    await refused({ guaranteeAr: 'ض'.repeat(61) }, /^guaranteeAr must be at most 60 characters$/);
    await refused(
      { quotes: [{ ...QUOTE, textAr: '', textEn: ' ' }] },
      /^quotes\.0\.textAr must not be empty when textEn is/,
    );
    await refused({ quotes: [QUOTE, { ...QUOTE, name: '' }] }, /^quotes\.1\.name must not be empty$/);
    await refused(
      { quotes: [{ ...QUOTE, textEn: 'x'.repeat(401) }] },
      /^quotes\.0\.textEn must be at most 400 characters$/,
    );
    await refused({ quotes: Array.from({ length: 13 }, () => QUOTE) }, /^quotes must have at most 12 items$/);
    await refused(
      {
        quotes: [
          { ...QUOTE, id: 'same' },
          { ...QUOTE, id: 'same' },
        ],
      },
      /^quotes\.1\.id must not repeat/,
    );
    assert.equal((await put(admin, { yearsInBusiness: 3 })).status, 400, 'every field is sent');
    // Only English, or only Arabic, is a quote; empty figures and numbers are not shown.
    const one = await saved(admin, { ...EMPTY, quotes: [{ ...QUOTE, textAr: '', cityAr: '' }] });
    assert.equal(one.quotes[0]!.textEn, 'Clean, careful work');
  });

  it('keeps the links a customer checks the business with: Google reviews and the official registration pages', async () => {
    const admin = await server().admin();
    const links = {
      reviewsLink: ' https://g.page/r/CbirdBarrier/review ',
      crCheckLink: 'https://mc.gov.sa/ar/eservices/Pages/Commercial-data.aspx',
      vatCheckLink: 'https://zatca.gov.sa/ar/eServices/Pages/TaxpayerLookup.aspx',
    };
    const data = await saved(admin, { ...FULL, ...links });
    assert.equal(data.reviewsLink, 'https://g.page/r/CbirdBarrier/review', 'trimmed');
    assert.equal(data.crCheckLink, links.crCheckLink);
    assert.equal(data.vatCheckLink, links.vatCheckLink);
    // A save without the links (a client from before they existed) keeps them; '' removes one.
    const kept = await saved(admin, { ...FULL, expectedUpdatedAt: data.updatedAt });
    assert.equal(kept.reviewsLink, data.reviewsLink);
    const removed = await saved(admin, { ...FULL, vatCheckLink: '' });
    assert.equal(removed.vatCheckLink, '');
    assert.equal(removed.crCheckLink, links.crCheckLink);
    for (const shared of [
      'https://maps.app.goo.gl/AbC123',
      'https://www.google.com.sa/maps/place/x',
      'https://g.co/kgs/x1',
    ])
      assert.equal((await saved(admin, { ...FULL, reviewsLink: shared })).reviewsLink, shared);
    assert.equal(
      (await saved(admin, { ...FULL, crCheckLink: 'https://business.sa/x' })).crCheckLink,
      'https://business.sa/x',
    );

    const refused = async (body: object, message: RegExp) => {
      const res = await put(admin, { ...FULL, ...body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, message);
      assert.equal(res.body.errors[0].field, Object.keys(body)[0]);
    };
    await refused(
      { reviewsLink: 'http://g.page/r/x' },
      /^reviewsLink must be the link to your Google Business Profile/,
    );
    await refused({ reviewsLink: 'https://g.page.evil.example/r/x' }, /^reviewsLink /);
    await refused({ reviewsLink: 'https://google.com@evil.example/' }, /^reviewsLink /);
    await refused({ reviewsLink: 'javascript:alert(1)' }, /^reviewsLink /);
    await refused({ reviewsLink: 'g.page/r/x' }, /^reviewsLink /);
    await refused(
      { crCheckLink: 'https://mc.gov.sa.evil.example/' },
      /^crCheckLink must be the link to an official page/,
    );
    await refused({ crCheckLink: 'https://notgov.sa/' }, /^crCheckLink /);
    await refused({ vatCheckLink: 'https://user:pw@zatca.gov.sa/' }, /^vatCheckLink /);
    await refused({ vatCheckLink: 'https://business.sa/x' }, /^vatCheckLink must be the link to an official page/);
    // 450 Arabic letters fit the field, but not once escaped as the address is stored.
    await refused(
      { crCheckLink: `https://mc.gov.sa/${'ب'.repeat(450)}` },
      /^crCheckLink must be at most 500 characters$/,
    );
    await refused(
      { vatCheckLink: `https://zatca.gov.sa/${'x'.repeat(500)}` },
      /^vatCheckLink must be at most 500 characters$/,
    );
  });

  it('answers 409 to a save made on a stale read', async () => {
    const admin = await server().admin();
    const first = await saved(admin, EMPTY);
    const second = await saved(admin, { ...FULL, expectedUpdatedAt: first.updatedAt });
    const stale = await put(admin, { ...EMPTY, expectedUpdatedAt: first.updatedAt });
    assert.equal(stale.status, 409);
    const staleHeader = await admin.request('PUT', '/api/proof', EMPTY, { 'if-match': first.updatedAt });
    assert.equal(staleHeader.status, 409);
    assert.deepEqual((await server().anon().get('/api/proof')).body.data, second, 'the newer save stays');
  });

  it('keeps each save in the history, and a restore brings the earlier version back', async () => {
    const admin = await server().admin();
    const before = await saved(admin, FULL);
    const after = await saved(admin, {
      ...FULL,
      jobsDone: null,
      crNumber: '',
      quotes: [...before.quotes, { ...QUOTE, textAr: 'رأي ثان' }],
    });
    const res = await admin.get('/api/history?item=proof');
    assert.equal(res.status, 200);
    const [entry] = res.body.data as (HistoryEntry & { current: string | null })[];
    assert.equal(entry!.kind, 'proof');
    assert.deepEqual(entry!.fields.sort(), ['crNumber', 'jobsDone', 'quotes']);
    assert.equal(entry!.before?.jobsDone, 12500);
    assert.equal((entry!.after?.quotes as unknown[]).length, 2);
    assert.equal(entry!.current, after.updatedAt);

    const restored = await admin.post(`/api/history/${entry!.id}/restore`, { expectedUpdatedAt: entry!.current });
    assert.equal(restored.status, 200, JSON.stringify(restored.body));
    const { updatedAt: _u, ...now } = (await server().anon().get('/api/proof')).body.data as Proof;
    const { updatedAt: _b, ...then } = before;
    assert.deepEqual(now, then, 'figures, numbers and quotes (with their ids) are back');
    // The restore is itself a change: restoring it again against the old version read is refused.
    assert.equal(
      (await admin.post(`/api/history/${entry!.id}/restore`, { expectedUpdatedAt: entry!.current })).status,
      409,
    );
  });

  it('shows the figures, guarantee, quotes and registration numbers on the pages right after a save', async () => {
    const admin = await server().admin();
    await saved(admin, EMPTY);
    const emptyHome = await page(`${server().url}/`);
    const shown = /class="figures"|class="guarantee-badge"|id="quotes-heading"|class="footer-registration"/.exec(
      emptyHome,
    );
    assert.equal(
      shown?.[0],
      undefined,
      `nothing shown when empty: ${emptyHome.slice(shown?.index ?? 0, (shown?.index ?? 0) + 600)}`,
    );
    // The page is now kept; the save below must make the next request render it afresh.
    await page(`${server().url}/`);
    const version = server().app.ctx.content.version;
    await saved(admin, {
      ...FULL,
      citiesServed: null,
      guaranteeEn: '',
      quotes: [QUOTE, { ...QUOTE, textEn: '', cityEn: '', name: 'Sara M.' }],
    });

    assert.ok(server().app.ctx.content.version > version, 'the save moved the content version');
    const ar = await page(`${server().url}/`);
    assert.match(ar, /<strong class="figure-value">14<\/strong><span class="figure-label">سنوات الخبرة<\/span>/);
    assert.match(ar, /<strong class="figure-value">12,500<\/strong><span class="figure-label">مشاريع منجزة<\/span>/);
    assert.doesNotMatch(ar, /مدن نخدمها/, 'an empty figure is left out');
    assert.match(ar, /class="guarantee-badge"[^]*?ضمان 7 سنوات/);
    assert.match(ar, /<p>شغل ممتاز ونظيف<\/p>[^]*?أبو فهد[^]*?الرياض/);
    assert.match(ar, /السجل التجاري <span dir="ltr">2050123456<\/span>/);
    assert.match(ar, /الرقم الضريبي <span dir="ltr">300123456700003<\/span>/);

    const en = await page(`${server().url}/en`);
    assert.match(en, /<strong class="figure-value">12,500<\/strong><span class="figure-label">Jobs done<\/span>/);
    assert.match(
      en,
      /<span lang="ar" dir="rtl">ضمان 7 سنوات<\/span>/,
      'the Arabic guarantee stands in, marked as Arabic',
    );
    assert.match(en, /<p>Clean, careful work<\/p>[^]*?Riyadh/);
    assert.match(
      en,
      /<blockquote class="quote-text" lang="ar" dir="rtl"><p>شغل ممتاز ونظيف<\/p><\/blockquote>[^]*?Sara M\.[^]*?الرياض/,
      'a quote written only in Arabic is shown in Arabic',
    );
    assert.match(en, /CR <span dir="ltr">2050123456<\/span>/);

    const about = await page(`${server().url}/en/about`);
    assert.match(about, /What our customers say[^]*?Clean, careful work/);
    assert.doesNotMatch(about, /class="figures"/, "the figures are the home page's");
    assert.match(
      await page(`${server().url}/contact`),
      /السجل التجاري <span dir="ltr">2050123456<\/span>/,
      'every page has the footer',
    );
  });

  it('shows each check link beside its number and the Google reviews on every page, and names the reviews in the business data', async () => {
    const admin = await server().admin();
    const links = {
      reviewsLink: 'https://g.page/r/CbirdBarrier/review',
      crCheckLink: 'https://mc.gov.sa/ar/eservices/Pages/Commercial-data.aspx',
      vatCheckLink: 'https://zatca.gov.sa/ar/eServices/Pages/TaxpayerLookup.aspx',
    };
    await saved(admin, { ...FULL, ...links });
    const businessOf = (html: string) => {
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
        JSON.parse(m[1]!),
      );
      return blocks
        .flatMap((b) => (Array.isArray(b['@graph']) ? b['@graph'] : [b]))
        .find((b) => b['@type'] === 'LocalBusiness');
    };
    for (const [path, cr, vat, reviews] of [
      ['/', 'السجل التجاري', 'الرقم الضريبي', 'تقييماتنا على Google ↗'],
      ['/en/contact', 'CR', 'VAT', 'Our reviews on Google ↗'],
    ] as const) {
      const html = await page(`${server().url}${path}`);
      assert.match(
        html,
        new RegExp(
          `${cr} <span dir="ltr">2050123456</span> <a class="check-link" href="${links.crCheckLink}" rel="noopener" target="_blank" aria-label="[^"]+">`,
        ),
        path,
      );
      assert.match(
        html,
        new RegExp(`${vat} <span dir="ltr">300123456700003</span> <a class="check-link" href="${links.vatCheckLink}"`),
        path,
      );
      assert.match(
        html,
        new RegExp(`<a href="${links.reviewsLink}" rel="noopener" target="_blank">${reviews}</a>`),
        path,
      );
      assert.ok(businessOf(html)?.sameAs?.includes(links.reviewsLink), `${path}: sameAs names the reviews`);
    }
    assert.match(
      await page(`${server().url}/en/about`),
      /<a class="text-link" href="https:\/\/g\.page\/r\/CbirdBarrier\/review"[^>]*><span>Read our customers&#x27; reviews on Google<\/span><\/a>/,
    );

    // A check link without its number is not shown; with no links, the footer is as before.
    await saved(admin, { ...FULL, crNumber: '', ...links });
    const html = await page(`${server().url}/`);
    assert.doesNotMatch(html, /mc\.gov\.sa/);
    await saved(admin, { ...FULL, reviewsLink: '', crCheckLink: '', vatCheckLink: '' });
    const plain = await page(`${server().url}/`);
    assert.doesNotMatch(plain, /class="check-link"|g\.page/);
    assert.equal(businessOf(plain)?.sameAs?.includes(links.reviewsLink) ?? false, false);
  });
});
