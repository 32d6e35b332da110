import type { CardType } from '../../../shared/schemas.ts';

/**
 * What the owner calls each thing the dashboard adds, edits and deletes: a product and a project
 * (a portfolio entry) are both "cards" to the API, never to the owner.
 */
export type ItemKind = 'product' | 'project' | 'detail' | 'slide' | 'keyword' | 'request' | 'city' | 'faq';

export const kindOfCard = (type: CardType | string | null | undefined): ItemKind | undefined =>
  type === 'product' ? 'product' : type === 'portfolio' ? 'project' : undefined;

const NAME: Record<ItemKind, string> = {
  product: 'Product',
  project: 'Project',
  detail: 'Detail item',
  slide: 'Slide',
  keyword: 'Keyword',
  request: 'Request',
  city: 'City',
  faq: 'Question',
};

type Done = 'added' | 'updated' | 'trashed' | 'restored' | 'purged';
const VERB: Record<Done, string> = {
  added: 'added',
  updated: 'updated',
  trashed: 'moved to the Trash',
  restored: 'restored',
  purged: 'deleted forever',
};

/**
 * A toast saying what happened to an item of a kind ("Product moved to the Trash"). Toasts hold
 * English, as the server's messages do; the Arabic dashboard says them in Arabic
 * (i18n/server-messages.ts knows every one).
 */
export const kindMessage = (kind: ItemKind, done: Done): string => `${NAME[kind]} ${VERB[done]}`;

/** Every kind message, for the table that says them in Arabic (and its test). */
export const KIND_MESSAGES = (Object.keys(NAME) as ItemKind[]).flatMap((k) =>
  (Object.keys(VERB) as Done[]).map((d) => kindMessage(k, d)),
);
