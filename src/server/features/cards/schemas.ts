import { Type } from 'typebox';
import { Card, CardDetail, Id, LanguageQuery } from '../../../shared/schemas.ts';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of /api/card (products and portfolio entries, their detail items, and uploads). */
export { errors, MessageOnly } from '../answers.ts';
export {
  CardCreate,
  CardUpdate,
  DetailCreate,
  DetailUpdate,
  IdParams,
  LanguageQuery,
} from '../../../shared/schemas.ts';

export const cardTags = ['cards'];

/** An enum (rather than a union of literals) so a bad value answers "type must be equal to one of the allowed values". */
export const TypeQuery = Type.Object({
  type: Type.Unsafe<'product' | 'portfolio'>({
    type: 'string',
    enum: ['product', 'portfolio'],
    description: 'Card type',
  }),
});
/** GET /api/card: the type, and optionally the language to answer in. */
export const TypeLanguageQuery = Type.Object({ ...TypeQuery.properties, ...LanguageQuery.properties });

export const VersionHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({ maxLength: 60, description: 'updatedAt as read; 409 if the record changed since' }),
  ),
});

export const CardAnswer = messageAndData(Card);
export const DetailAnswer = messageAndData(CardDetail);
export const CardList = dataOf(Type.Array(Card));

/** GET /api/card/details: the card's id, and optionally the language to answer in. */
export const DetailsQuery = Type.Object({ id: Id, ...LanguageQuery.properties });
export const CardWithDetails = dataOf(
  Type.Object({ cardWithImageUrl: Card, detailsWithImageUrl: Type.Array(CardDetail) }),
);

/** POST /api/card/upload: documents the multipart field (the stream itself is read by the route). */
export const UploadBody = Type.Object({
  image: Type.String({ format: 'binary', description: 'JPEG, PNG, WebP, AVIF or GIF; 10 MB at most' }),
});
export const UploadAnswer = Type.Object({
  image: Type.String({ description: 'Stored image name: send it as `image` when adding or editing' }),
  imageUrl: Type.String({ description: 'Where the stored image is served' }),
});
