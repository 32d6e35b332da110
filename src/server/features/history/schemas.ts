import { Type } from 'typebox';
import { HISTORY_KINDS, HistoryEntry, RestoreBody } from '../../../shared/history.ts';
import { dataOf } from '../answers.ts';

/** Schemas of /api/history (the versions changes replaced). */
export { errors } from '../answers.ts';
export { IdParams } from '../../../shared/schemas.ts';
export { Restored } from '../trash/schemas.ts';
export { RestoreBody };

export const tags = ['trash and history'];
export const HistoryQuery = Type.Object({
  kind: Type.Optional(
    Type.Unsafe<(typeof HISTORY_KINDS)[number]>({
      type: 'string',
      enum: [...HISTORY_KINDS],
      description: 'Only changes of this kind of item',
    }),
  ),
  item: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: "Only changes of this item (its id; the language for about; 'contact', 'phone', 'proof' or 'seo')",
    }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'At most this many, newest first' }),
  ),
});
export const HistoryList = dataOf(
  Type.Array(
    Type.Object({
      ...HistoryEntry.properties,
      current: Type.Union([Type.String(), Type.Null()], {
        description: "The item's updatedAt now (send it back to restore); null when it is deleted",
      }),
      cardType: Type.Union([Type.Literal('product'), Type.Literal('portfolio'), Type.Null()], {
        description:
          'For a card: a product or a portfolio entry (read from the card, or from the trash); null for other kinds, or a card deleted forever',
      }),
    }),
  ),
);
