import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pageMeta, wholeSentences } from '../../src/shared/page-meta.ts';
import type { PageState, RootData } from '../../src/shared/page-data.ts';

const FALLBACK = 'A fallback sentence.';

describe('search descriptions in whole sentences', () => {
  it('keeps a text that fits as it is, its white space made single', () => {
    assert.equal(wholeSentences('  Stainless spikes\n for ledges.  ', FALLBACK), 'Stainless spikes for ledges.');
    assert.equal(wholeSentences('', FALLBACK), FALLBACK);
  });

  it('keeps the first sentences that fit, never a cut word', () => {
    const first = 'Stainless steel spikes stop pigeons landing on ledges, parapets and signs.';
    const second = 'They are fixed with a UV-proof silicone that holds for years in the Gulf sun.';
    const third = 'Every installation comes with a five-year guarantee and a visit after the first summer.';
    const text = `${first} ${second} ${third}`;
    assert.ok(text.length > 160);
    assert.equal(wholeSentences(text, FALLBACK), `${first} ${second}`);
    assert.ok(!wholeSentences(text, FALLBACK).includes('…'));
  });

  it('ends Arabic sentences at the Arabic question mark too', () => {
    const first = 'هل يؤذي الشوك الطيور؟';
    const rest =
      'لا، فهو يمنعها من الوقوف فقط دون أن يجرحها، ويُركّب بمادة لاصقة مقاومة للشمس تدوم سنوات طويلة على الحواف والأسطح واللوحات ووحدات التكييف في كل المدن التي نخدمها في المملكة';
    assert.ok(`${first} ${rest}`.length > 160);
    assert.equal(wholeSentences(`${first} ${rest}`, FALLBACK), first);
  });

  it('gives the fallback when not even the first sentence fits', () => {
    assert.equal(wholeSentences(`${'word '.repeat(40)}end.`, FALLBACK), FALLBACK);
  });

  it('describes a product page from its own text, else in sentences naming it and the cities', () => {
    const root = {
      seo: { titleAr: '', titleEn: '', descriptionAr: '', descriptionEn: '' },
      contact: { citiesAr: ['الرياض', 'جدة'], citiesEn: ['Riyadh', 'Jeddah'] },
    } as unknown as Pick<RootData, 'seo' | 'contact'>;
    const page = (description: string, lang: 'ar' | 'en' = 'en') =>
      pageMeta(
        {
          page: 'card-details',
          lang,
          status: 200,
          key: 'k',
          data: {
            card: { id: '1', title: 'Stainless spikes', description, language: lang, isDetailed: true, image: {} },
            details: [],
          },
        } as unknown as PageState,
        root,
      ).description;
    assert.equal(page('Spikes for ledges.'), 'Spikes for ledges.');
    const long = `${'A very long first sentence about the spikes '.repeat(5)}that never ends in time.`;
    assert.equal(
      page(long),
      'Stainless spikes from Bird Barrier, supplied and installed in Riyadh and Jeddah. Call us or message us on WhatsApp.',
    );
    assert.match(page(long, 'ar'), /^Stainless spikes من طارد الحمام، توريد وتركيب في الرياض وجدة\. /);
  });
});
