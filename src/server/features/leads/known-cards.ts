import type { Db } from '../../db/database.ts';
import { CardAddresses } from '../cards/card-addresses.ts';
import type { Language } from '../../../shared/language.ts';

/**
 * The ids of the cards there are, read once per content version (every card write moves it on, on
 * every server): a beacon naming a detail page is counted under its card only when the card is
 * there, so made-up ids cannot make rows.
 */
export class KnownCards {
  private ids: Promise<Set<string>> | undefined;
  private version = -1;
  private readonly db: Db;
  private readonly content: { version: number };

  private readonly addresses: CardAddresses;

  constructor(db: Db, content: { version: number }) {
    this.db = db;
    this.content = content;
    this.addresses = new CardAddresses(db, content);
  }

  /** The card at an address (/products/<slug>: its slug today or a former one), or undefined. */
  async idOfSlug(slug: string, lang: Language): Promise<string | undefined> {
    return (await this.addresses.ofSlug(slug, lang))?.id;
  }

  private slugs: Promise<Set<string>> | undefined;
  private slugsVersion = -1;

  /** A city page is counted only while its city is there (the city entries, read once per content version). */
  async hasCity(slug: string): Promise<boolean> {
    if (!this.slugs || this.slugsVersion !== this.content.version) {
      this.slugsVersion = this.content.version;
      const slugs = this.db
        .selectFrom('cities')
        .select('slug')
        .execute()
        .then((rows) => new Set(rows.map((r) => r.slug)));
      slugs.catch(() => {
        if (this.slugs === slugs) this.slugs = undefined;
      });
      this.slugs = slugs;
    }
    return (await this.slugs).has(slug);
  }

  async has(id: string): Promise<boolean> {
    if (!this.ids || this.version !== this.content.version) {
      this.version = this.content.version;
      const ids = this.db
        .selectFrom('cards')
        .select('id')
        .execute()
        .then((rows) => new Set(rows.map((r) => r.id)));
      ids.catch(() => {
        if (this.ids === ids) this.ids = undefined;
      });
      this.ids = ids;
    }
    return (await this.ids).has(id);
  }
}
