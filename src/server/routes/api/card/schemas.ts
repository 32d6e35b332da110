import { Type } from 'typebox';
import { Card, CardDetail, ErrorAnswer, LanguageQuery } from '../../../../shared/schemas.ts';

/** Route-level pieces shared by the card routes (the payload schemas themselves live in shared/schemas.ts). */

export const cardTags = ['cards'];

/** An enum (rather than a union of literals) so a bad value answers "type must be equal to one of the allowed values". */
export const TypeQuery = Type.Object({
  type: Type.Unsafe<'product' | 'portfolio'>({ type: 'string', enum: ['product', 'portfolio'], description: 'Card type' }),
});
/** GET /api/card: the type, and optionally the language to answer in. */
export const TypeLanguageQuery = Type.Object({ ...TypeQuery.properties, ...LanguageQuery.properties });

export const VersionHeaders = Type.Object({
  'if-match': Type.Optional(Type.String({ maxLength: 60, description: 'updatedAt as read; 409 if the record changed since' })),
});

export const CardAnswer = Type.Object({ message: Type.String(), data: Card });
export const DetailAnswer = Type.Object({ message: Type.String(), data: CardDetail });
export const CardList = Type.Object({ data: Type.Array(Card) });
export const MessageOnly = Type.Object({ message: Type.String() });

/** Error answers by status, to spread into a route's `response`. */
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorAnswer]));
