/**
 * Trash and history (beyond the contract): what the admin's Trash and History screens read.
 * A version is an item's stored fields by their API names (camelCase), with its updatedAt.
 */
import { Type, type Static } from 'typebox';

/** What the content's trash table holds. */
// 'faq': a question and its answer (decision 036).
export const CONTENT_TRASH_KINDS = ['card', 'detail', 'slide', 'word', 'faq'] as const;
export type ContentTrashKind = (typeof CONTENT_TRASH_KINDS)[number];
/** What the content's history table holds. */
// 'seo': the search titles and descriptions.
export const CONTENT_HISTORY_KINDS = [...CONTENT_TRASH_KINDS, 'about', 'contact', 'phone', 'proof', 'seo'] as const;
export type ContentHistoryKind = (typeof CONTENT_HISTORY_KINDS)[number];
/**
 * The served cities' entries (issue 34, decision 031): kept in the content's trash and history
 * tables, by a source of their own (features/cities/city-history.ts).
 */
export const CITY_KINDS = ['city'] as const;
export type CityKind = (typeof CITY_KINDS)[number];
/**
 * What the Trash and History screens list: the content, quote requests (issue 35), whose
 * trash and history stay with the requests themselves (requests.deleted_at, request_changes), and
 * the cities.
 */
const TRASH_KINDS = [...CONTENT_TRASH_KINDS, 'request', ...CITY_KINDS] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];
export const HISTORY_KINDS = [...CONTENT_HISTORY_KINDS, 'request', ...CITY_KINDS] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

// Objects and null: the contact details' opening hours and map location. A list of records is a
// list of small items kept together (the customer quotes of the trust settings).
const VersionValue = Type.Union([
  Type.String(),
  Type.Number(),
  Type.Boolean(),
  Type.Array(Type.String()),
  Type.Null(),
  Type.Record(Type.String(), Type.Unknown()),
  Type.Array(Type.Record(Type.String(), Type.String())),
]);
export const Version = Type.Record(Type.String(), VersionValue);
export type Version = Static<typeof Version>;

export const HistoryEntry = Type.Object({
  id: Type.String(),
  kind: Type.Unsafe<HistoryKind>({ type: 'string', enum: [...HISTORY_KINDS] }),
  itemId: Type.String({
    description: "The item's id; the language for about texts; 'contact', 'phone', 'proof' or 'seo'",
  }),
  title: Type.String({ description: 'What the item is called (its Arabic title, the keyword, …)' }),
  fields: Type.Array(Type.String(), { description: 'The fields this change changed' }),
  before: Type.Union([Version, Type.Null()], { description: 'The version it replaced (null: the item was added)' }),
  after: Type.Union([Version, Type.Null()], { description: 'The version it made (null: the item was deleted)' }),
  changedBy: Type.String({ description: 'The account that made the change' }),
  changedAt: Type.String(),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

export const TrashItem = Type.Object({
  id: Type.String({ description: "The deleted item's own id (restored under it)" }),
  kind: Type.Unsafe<TrashKind>({ type: 'string', enum: [...TRASH_KINDS] }),
  title: Type.String(),
  subtitle: Type.String({
    description:
      "For a card, product or portfolio; for a detail item, its card's title; for a request, its city; for a city, its page's slug; else ''",
  }),
  image: Type.String({ description: "The item's image name ('' for a keyword)" }),
  imageUrl: Type.String({ description: "Where the image is served ('' for a keyword)" }),
  items: Type.Integer({ description: 'How many detail items were deleted with it' }),
  deletedBy: Type.String(),
  deletedAt: Type.String(),
  expiresAt: Type.String({ description: 'When it is deleted forever' }),
});
export type TrashItem = Static<typeof TrashItem>;

/** The restore calls' body: the item's updatedAt as the admin read it (409 if it changed since). */
export const RestoreBody = Type.Object({
  expectedUpdatedAt: Type.Optional(
    Type.String({ maxLength: 40, description: "The item's updatedAt as read; 409 if it changed since" }),
  ),
});
