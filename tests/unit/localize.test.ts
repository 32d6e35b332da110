import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isArabicScript, keywordsFor } from '../../src/shared/keywords.ts';
import { localizeSlide, missingEnglish } from '../../src/shared/localize.ts';
import type { Slide } from '../../src/shared/schemas.ts';

describe('keywords by script', () => {
  it('sends Arabic-script words to the Arabic pages and any other to the English pages', () => {
    assert.equal(isArabicScript('طارد الحمام'), true);
    assert.equal(isArabicScript('pigeon spikes'), false);
    assert.equal(isArabicScript('شوك 304 stainless'), true, 'a word with Arabic letters is Arabic');
    const words = ['طارد الحمام', 'anti-pigeon spikes', 'شوك الحمام', 'Vogelabwehr'];
    assert.deepEqual(keywordsFor(words, 'ar'), ['طارد الحمام', 'شوك الحمام']);
    assert.deepEqual(keywordsFor(words, 'en'), ['anti-pigeon spikes', 'Vogelabwehr']);
  });
});

describe('localize', () => {
  const slide: Slide = {
    _id: '1',
    title: 'شريحة',
    details: 'تفاصيل',
    titleEn: 'Slide',
    detailsEn: 'Details',
    imageUrl: '/u/a.webp',
    image: 'a.webp',
    position: 0,
    createdAt: 't',
    updatedAt: 't',
  };
  it('answers the English with language en, and the Arabic when the English is empty or Arabic is asked', () => {
    const en = localizeSlide(slide, 'en');
    assert.deepEqual([en.title, en.details, en.language], ['Slide', 'Details', 'en']);
    assert.equal('titleEn' in en, false);
    const ar = localizeSlide(slide, 'ar');
    assert.deepEqual([ar.title, ar.details, ar.language], ['شريحة', 'تفاصيل', 'ar']);
    const fallback = localizeSlide({ ...slide, titleEn: '', detailsEn: '' }, 'en');
    assert.deepEqual([fallback.title, fallback.language], ['شريحة', 'ar']);
    assert.equal(missingEnglish({ titleEn: ' ' }), true);
    assert.equal(missingEnglish(slide), false);
  });
});
