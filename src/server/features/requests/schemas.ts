import { Type } from 'typebox';
import { messageAndData } from '../answers.ts';
export { MessageOnly } from '../answers.ts';
import { REQUEST_LIMITS } from '../../../shared/quote-request.ts';

export { errors } from '../answers.ts';

/** Schemas of /api/requests (quote requests, issue 35). */
export const tags = ['requests'];

/** POST /api/requests: documents the multipart fields (the stream itself is read by the route). */
export const RequestBody = Type.Object(
  {
    name: Type.String(),
    phone: Type.String(),
    city: Type.String(),
    cityOther: Type.Optional(Type.String()),
    building: Type.String(),
    problem: Type.String(),
    preferredTime: Type.Optional(Type.String()),
    consent: Type.String({ description: 'any value when ticked' }),
    product: Type.Optional(Type.String()),
    proof: Type.Optional(
      Type.String({
        description: 'a solved challenge of GET /api/requests/challenge: {"challenge","solution"} as JSON',
      }),
    ),
    photos: Type.Optional(Type.Array(Type.String({ format: 'binary' }), { maxItems: 5 })),
  },
  { description: 'multipart/form-data, as the request form posts it' },
);

export const SentAnswer = messageAndData(
  Type.Object({ reference: Type.String(), next: Type.String({ description: 'the thank-you page' }) }),
);

/** An altcha-lib (v2) challenge: its parameters and their signature. */
export const ChallengeAnswer = Type.Object({
  data: Type.Object({
    parameters: Type.Object(
      {
        algorithm: Type.String(),
        nonce: Type.String(),
        salt: Type.String(),
        cost: Type.Integer(),
        keyLength: Type.Integer(),
        keyPrefix: Type.String(),
        keySignature: Type.Optional(Type.String()),
        expiresAt: Type.Optional(Type.Integer()),
      },
      { additionalProperties: true },
    ),
    signature: Type.String(),
  }),
});

export const LangQuery = Type.Object({ lang: Type.Optional(Type.Union([Type.Literal('ar'), Type.Literal('en')])) });

const Status = Type.Union([Type.Literal('new'), Type.Literal('contacted'), Type.Literal('done'), Type.Literal('spam')]);

const RequestItem = Type.Object({
  id: Type.String(),
  reference: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  name: Type.String(),
  phone: Type.String({ description: 'international form, +966…' }),
  city: Type.String(),
  building: Type.String(),
  problem: Type.String(),
  preferredTime: Type.String(),
  product: Type.String(),
  productTitle: Type.String(),
  lang: Type.Union([Type.Literal('ar'), Type.Literal('en')]),
  page: Type.String(),
  source: Type.String(),
  device: Type.String(),
  photoCount: Type.Integer(),
  status: Status,
  notes: Type.String(),
  held: Type.Boolean(),
  unchallenged: Type.Boolean(),
  mailState: Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('held')]),
  /** The message the WhatsApp button opens with, naming the request in the customer's language. */
  greeting: Type.String(),
});

export const ListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Status),
});
export const ListAnswer = Type.Object({ data: Type.Array(RequestItem), newCount: Type.Integer() });
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const PhotoParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  n: Type.Integer({ minimum: 1, maximum: 5 }),
});
export const OneAnswer = Type.Object({ data: RequestItem });
export const UpdateBody = Type.Object(
  {
    status: Type.Optional(Status),
    notes: Type.Optional(Type.String({ maxLength: REQUEST_LIMITS.notes })),
  },
  { additionalProperties: false },
);
export const UpdateAnswer = messageAndData(RequestItem);

export const CsvAnswer = Type.Unsafe<string>({ type: 'string', description: 'text/csv, UTF-8 with a byte order mark' });
export const PhotoAnswer = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'image/webp' });
