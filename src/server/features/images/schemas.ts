import { Type } from 'typebox';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of /api/images (a stored image's facts and its focal point; not part of the original contract). */
export { errors } from '../answers.ts';

export const tags = ['uploads'];

export const ImageParams = Type.Object({
  name: Type.String({
    pattern: '^[a-f0-9]{32}\\.webp$',
    maxLength: 37,
    description: 'The stored image name the upload answered',
  }),
});

const Coordinate = (what: string) =>
  Type.Number({ minimum: 0, maximum: 1, description: `${what}, from 0 to 1 (0.5 = the middle)` });

export const FocusBody = Type.Object(
  {
    x: Coordinate('Across the photo, from its left edge'),
    y: Coordinate('Down the photo, from its top edge'),
  },
  { additionalProperties: false },
);

const ImageFacts = Type.Object({
  image: Type.String(),
  imageUrl: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  focus: Type.Object(
    { x: Type.Number(), y: Type.Number() },
    { description: 'The focal point every crop on the site keeps in view' },
  ),
});

export const ImageAnswer = dataOf(ImageFacts);
export const FocusAnswer = messageAndData(ImageFacts);
