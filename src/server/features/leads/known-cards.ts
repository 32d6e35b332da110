import type { Db } from '../../db/database.ts';
import type { CardAddresses } from '../cards/card-addresses.ts';
import type { Language } from '../../../shared/language.ts';

/**
 * The cards and cities there are, read once per content version (every write moves it on, on every
 * server): a beacon naming a card's or a city's page is counted only when it is there, so made-up
 * ids and slugs cannot make rows. The cards come from the app's address index (CardAddresses).
 */
export class KnownCards {
  private readonly db: Db;
  private readonly content: { version: number };

  private readonly addresses: CardAddresses;

  constructor(db: Db, content: { version: number }, addresses: CardAddresses) {
    this.db = db;
    this.content = content;
    this.addresses = addresses;
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

  /** Whether a card has this id (the address index knows every card, read once per content version). */
  async has(id: string): Promise<boolean> {
    return (await this.addresses.ofId(id, 'ar')) !== undefined;
  }
}
