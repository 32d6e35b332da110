import type { Db } from '../../db/database.ts';
import { DatabaseUnavailable } from '../../lib/unavailable.ts';
import { cardPath, type CardAddress } from '../../../shared/paths.ts';
import type { Language } from '../../../shared/language.ts';
import { listCardAddresses } from './cards-repository.ts';

interface Index {
  byId: Map<string, CardAddress>;
  /** Every slug in use (either language) and every former one, to the card it names. */
  bySlug: Map<string, string>;
}

/**
 * Which card an address names, read once per content version (every card write moves it on, on
 * every server), so that answering an address costs no database read: the pages' redirects (an
 * old /card-details?id= link, a former slug, the other language's slug) and the beacons' counting
 * under the card's id (decision 035).
 */
export class CardAddresses {
  private index: Promise<Index> | undefined;
  private version = -1;
  private readonly db: Db;
  private readonly content: { version: number };

  constructor(db: Db, content: { version: number }) {
    this.db = db;
    this.content = content;
  }

  private load(): Promise<Index> {
    if (!this.index || this.version !== this.content.version) {
      this.version = this.content.version;
      const index = listCardAddresses(this.db).then(
        ({ cards, old }) => {
          const byId = new Map<string, CardAddress>();
          const bySlug = new Map<string, string>();
          for (const c of cards) byId.set(c.id, { type: c.type, slug: c.slug_ar, slugEn: c.slug_en });
          // A former address never hides one in use (the service keeps them apart; a backup might not).
          for (const o of old) if (byId.has(o.card_id)) bySlug.set(o.slug, o.card_id);
          for (const c of cards) {
            if (c.slug_ar) bySlug.set(c.slug_ar, c.id);
            if (c.slug_en) bySlug.set(c.slug_en, c.id);
          }
          return { byId, bySlug };
        },
        (err: unknown) => {
          throw new DatabaseUnavailable('card addresses', { cause: err });
        },
      );
      index.catch(() => {
        if (this.index === index) this.index = undefined;
      });
      this.index = index;
    }
    return this.index;
  }

  /** The card's id and its address in `lang` for an id, or undefined for no such card. */
  async ofId(id: string, lang: Language): Promise<{ id: string; path: string } | undefined> {
    const card = (await this.load()).byId.get(id);
    return card && { id, path: cardPath(card, lang) };
  }

  /** The card a slug names (its address today in either language, or a former one) and its address in `lang`. */
  async ofSlug(slug: string, lang: Language): Promise<{ id: string; path: string } | undefined> {
    const { byId, bySlug } = await this.load();
    const id = bySlug.get(slug);
    const card = id === undefined ? undefined : byId.get(id);
    return card && { id: id!, path: cardPath(card, lang) };
  }
}
