import { dictionaryFor } from './i18n/index.ts';
import type { ImageView, PageState } from './page-data.ts';

export interface PageMeta {
  /** The whole document title: "Products | Bird Barrier". */
  title: string;
  description: string;
  /** The page's representative picture, for link previews. */
  image?: ImageView;
}

const clip = (text: string, max = 160) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** Title, description and preview picture of a page; the server's <head> and the browser's title agree. */
export function pageMeta(view: PageState): PageMeta {
  const t = dictionaryFor(view.lang);
  const base = t.pages[view.page];
  const title = (own: string) => `${own} | ${t.siteName}`;
  switch (view.page) {
    case 'card-details': {
      const { card } = view.data;
      return { title: title(card.title), description: clip(card.description), image: card.image };
    }
    case 'not-found':
      return view.data.missing === 'card'
        ? { title: title(t.cardDetails.notFoundTitle), description: t.cardDetails.notFoundText }
        : { title: title(base.title), description: base.description };
    case 'home': {
      return { title: title(base.title), description: base.description, image: view.data.slides[0]?.image ?? view.data.recent[0]?.image };
    }
    case 'portfolio':
    case 'products': {
      return { title: title(base.title), description: base.description, image: view.data.cards[0]?.image };
    }
    default:
      return { title: title(base.title), description: base.description };
  }
}
