/**
 * One language out of a full (bilingual) card, detail item or slide. Used by the API's
 * `?language=` answers and by the page loaders, so the site and the API fall back alike:
 * an item is in English when its English title is written, otherwise the whole item stays
 * in Arabic (title and text never mix languages) and says so in `language`.
 */
import type { Card, CardDetail, Language, Proof, Slide } from './schemas.ts';
import type { ProofView, QuoteView } from './page-data.ts';

export type { Language };

/** The language the item's text is in when read in `lang`. */
function textLanguage(titleEn: string | undefined, lang: Language): Language {
  return lang === 'en' && (titleEn ?? '').trim() !== '' ? 'en' : 'ar';
}

export type LocalizedCard = Omit<Card, 'titleEn' | 'descriptionEn'> & { language: Language };
export type LocalizedDetail = Omit<CardDetail, 'titleEn' | 'descriptionEn'> & { language: Language };
export type LocalizedSlide = Omit<Slide, 'titleEn' | 'detailsEn'> & { language: Language };

export function localizeCard(card: Card, lang: Language): LocalizedCard {
  const { titleEn, descriptionEn, language: _ignored, ...rest } = card;
  const language = textLanguage(titleEn, lang);
  return language === 'en'
    ? { ...rest, title: titleEn ?? '', description: descriptionEn || rest.description, language }
    : { ...rest, language };
}

export function localizeDetail(detail: CardDetail, lang: Language): LocalizedDetail {
  const { titleEn, descriptionEn, language: _ignored, ...rest } = detail;
  const language = textLanguage(titleEn, lang);
  return language === 'en'
    ? { ...rest, title: titleEn ?? '', description: descriptionEn || rest.description, language }
    : { ...rest, language };
}

export function localizeSlide(slide: Slide, lang: Language): LocalizedSlide {
  const { titleEn, detailsEn, language: _ignored, ...rest } = slide;
  const language = textLanguage(titleEn, lang);
  return language === 'en'
    ? { ...rest, title: titleEn ?? '', details: detailsEn || rest.details, language }
    : { ...rest, language };
}

/** True when the item has no English yet (the admin lists mark these). */
export const missingEnglish = (item: { titleEn?: string | undefined }): boolean => (item.titleEn ?? '').trim() === '';

/** One of a pair of texts in `lang`, else the other: the text and the language it is in. */
function either(ar: string, en: string, lang: Language): [string, Language] {
  if (lang === 'en' && en !== '') return [en, 'en'];
  return ar !== '' ? [ar, 'ar'] : [en, 'en'];
}

/** The customer quotes in `lang`, each in the other language where the owner wrote only that one. */
export function localizeQuotes(proof: Proof, lang: Language): QuoteView[] {
  return proof.quotes.map((q) => {
    const [text, language] = either(q.textAr, q.textEn, lang);
    return { id: q.id, text, language, name: q.name, city: either(q.cityAr, q.cityEn, lang)[0] };
  });
}

/** The trust settings a page shows in `lang`. */
export function localizeProof(proof: Proof, lang: Language): ProofView {
  const [guarantee, guaranteeLanguage] = either(proof.guaranteeAr, proof.guaranteeEn, lang);
  return {
    yearsInBusiness: proof.yearsInBusiness,
    jobsDone: proof.jobsDone,
    citiesServed: proof.citiesServed,
    guarantee,
    guaranteeLanguage,
    quotes: localizeQuotes(proof, lang),
  };
}
