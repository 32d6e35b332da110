import type { Db } from '../../db/database.ts';
import { dictionaryFor } from '../../../shared/i18n/index.ts';
import { BY_SLUG } from '../../../shared/paths.ts';
import type { Language } from '../../../shared/language.ts';
import { UNKNOWN_CARD_PAGE } from './classify.ts';

/** A card a detail page row names: its kind and its title in the language asked (the Arabic where no English is written). */
export interface CardName {
  type: 'product' | 'portfolio';
  title: string;
}

const WORDS = {
  ar: {
    product: (title: string) => `منتج: ${title}`,
    project: (title: string) => `مشروع: ${title}`,
    gone: 'عنصر حُذف من الموقع',
    unknown: 'صفحة تفاصيل برابط خاطئ أو قديم',
  },
  en: {
    product: (title: string) => `Product: ${title}`,
    project: (title: string) => `Project: ${title}`,
    gone: 'An item deleted from the site',
    unknown: 'A details page with a wrong or old link',
  },
} as const;

const CARD_PAGE = /^\/card-details\?id=(.+)$/;

/** The card id a counted page names, if it is a detail page. */
export const cardIdOf = (page: string): string | undefined => CARD_PAGE.exec(page)?.[1];

/** The cards `pages` name (detail pages), by id: at most as many as there are cards. */
export async function cardNames(db: Db, pages: readonly string[], lang: Language): Promise<Map<string, CardName>> {
  const ids = [...new Set(pages.map(cardIdOf).filter((id): id is string => id !== undefined))];
  const out = new Map<string, CardName>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('cards')
      .select(['id', 'type', 'title', 'title_en'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.id, { type: r.type, title: lang === 'en' && r.title_en ? r.title_en : r.title });
  }
  return out;
}

/** A counted page in words: the page's own title, "Product: …" or "Project: …" for a detail page. */
export function pageName(page: string, lang: Language, cards: ReadonlyMap<string, CardName>): string {
  const w = WORDS[lang];
  if (page === UNKNOWN_CARD_PAGE) return w.unknown;
  const id = cardIdOf(page);
  if (id !== undefined) {
    const card = cards.get(id);
    if (!card) return w.gone;
    return card.type === 'product' ? w.product(card.title) : w.project(card.title);
  }
  const city = /^\/cities\/(.+)$/.exec(page)?.[1];
  if (city !== undefined) return lang === 'ar' ? `مدينة: ${city}` : `City: ${city}`;
  const name = BY_SLUG[page];
  return name ? dictionaryFor(lang).pages[name].title : page;
}
