import { dictionaryFor } from './i18n/index.ts';
import type { ImageView, PageState, RootData, SeoText } from './page-data.ts';
import type { Seo } from './schemas.ts';
import { citiesIn } from './site.ts';

export interface PageMeta {
  /** The whole document title: "Products | Bird Barrier". */
  title: string;
  description: string;
  /** The page's representative picture, for link previews. */
  image?: ImageView;
}

/** What a search result shows of a description, about: longer is cut mid-word by the search engine. */
const DESCRIPTION_MAX = 160;
/** A sentence and its end (. ! ? and the Arabic question mark and full stop), or the text's last words. */
const SENTENCE = /[^.!?\u061F\u06D4]+(?:[.!?\u061F\u06D4]+|$)/g;

/**
 * A description a search result shows whole: the text as it is when it fits, else as many of its
 * first sentences as fit, else `fallback` (whole sentences too). Never a cut word with "…".
 */
export function wholeSentences(text: string, fallback: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat || fallback;
  let kept = '';
  for (const [sentence] of flat.matchAll(SENTENCE)) {
    const next = kept ? `${kept} ${sentence.trim()}` : sentence.trim();
    if (next.length > max) break;
    kept = next;
  }
  return kept || fallback;
}

/** The owner's search titles as the pages need them (the stored row without its version). */
export const seoText = ({ updatedAt: _u, ...text }: Seo): SeoText => text;

/**
 * The headline of the pages' titles: the owner's, else the service and the served cities
 * ("شوك وشبك طارد للحمام في الدمام والرياض وجدة"), so a search result or a shared link says
 * what the business does and where.
 */
function headline(lang: PageState['lang'], root: Pick<RootData, 'seo' | 'contact'>): string {
  const t = dictionaryFor(lang);
  const own = lang === 'ar' ? root.seo.titleAr : root.seo.titleEn;
  return own || `${t.service} ${t.inCities(citiesIn(root.contact, lang, t.cities))}`;
}

/** Title, description and preview picture of a page; the server's <head> and the browser's title agree. */
export function pageMeta(view: PageState, root: Pick<RootData, 'seo' | 'contact'>): PageMeta {
  const t = dictionaryFor(view.lang);
  const base = t.pages[view.page];
  const title = (own: string) => `${own} | ${t.siteName}`;
  // The site's own pages name the service and the cities after their name.
  const named = (own: string) => `${own} | ${headline(view.lang, root)}`;
  switch (view.page) {
    case 'card-details': {
      const { card } = view.data;
      const own = t.cardDetails.description(card.title, t.inCities(citiesIn(root.contact, view.lang, t.cities)));
      return {
        title: title(card.title),
        description: wholeSentences(card.description, wholeSentences(own, t.pages.products.description)),
        image: card.image,
      };
    }
    case 'city': {
      // "طارد الحمام في الرياض | طارد الحمام": the service and the city first, where a search result shows them.
      const { city, projects, areas } = { ...view.data, areas: view.data.city.areas };
      return {
        title: title(t.city.heading(city.name)),
        description: t.city.description(city.name, areas),
        image: projects[0]?.image,
      };
    }
    case 'not-found':
      return view.data.missing === 'card'
        ? { title: title(t.cardDetails.notFoundTitle), description: t.cardDetails.notFoundText }
        : { title: title(base.title), description: base.description };
    case 'home': {
      const own = view.lang === 'ar' ? root.seo.descriptionAr : root.seo.descriptionEn;
      return {
        title: title(headline(view.lang, root)),
        description: wholeSentences(own || base.description, base.description),
        image: view.data.slides[0]?.image ?? view.data.recent[0]?.image,
      };
    }
    case 'portfolio':
    case 'products': {
      return { title: named(base.title), description: base.description, image: view.data.cards[0]?.image };
    }
    default:
      return { title: named(base.title), description: base.description };
  }
}
