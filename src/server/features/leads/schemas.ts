import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of /api/leads: the beacon, the Results screen, the CSV and the weekly email switch. */
export { errors } from '../answers.ts';
export const tags = ['leads'];

/**
 * What a page sends: k = view, call, WhatsApp or email (v, c, w, e); p = its path; r, e = how the
 * visit began; t = the token the page carries (a beacon without today's or yesterday's is not counted).
 */
export const Beacon = Type.Object({
  k: Type.Union([Type.Literal('v'), Type.Literal('c'), Type.Literal('w'), Type.Literal('e')]),
  p: Type.String({ minLength: 1, maxLength: 300 }),
  r: Type.String({ maxLength: 500, default: '' }),
  e: Type.String({ maxLength: 500, default: '' }),
  t: Type.String({ maxLength: 64, default: '' }),
});

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Lang = Type.Union([Type.Literal('ar'), Type.Literal('en')]);
export const ResultsQuery = Type.Object({
  days: Type.Union([Type.Literal(7), Type.Literal(30), Type.Literal(90)], { default: 30 }),
  language: Type.Optional(
    Type.Union([Type.Literal('ar'), Type.Literal('en')], {
      description: "the admin's language: the products' and projects' titles in it",
    }),
  ),
});
export const CsvQuery = Type.Object({
  from: Day,
  to: Day,
  language: Type.Optional(
    Type.Union([Type.Literal('ar'), Type.Literal('en')], {
      description: 'the language of the title column (Arabic by default)',
    }),
  ),
});
/** The CSV's text, sent as a stream while it is read. */
export const CsvAnswer = Type.Unsafe<Readable>({
  type: 'string',
  description: 'text/csv; charset=utf-8, with a byte order mark',
});
export const ProductsQuery = Type.Object({ days: Type.Integer({ minimum: 1, maximum: 365, default: 30 }) });

const Totals = Type.Object({
  visitors: Type.Integer(),
  views: Type.Integer(),
  calls: Type.Integer(),
  whatsapp: Type.Integer(),
  emails: Type.Integer(),
  contacts: Type.Integer({
    description: 'taps on call, WhatsApp and email links, each once per visitor, page and day',
  }),
  contacted: Type.Integer({ description: 'visitors who got in touch (each once a day)' }),
  contactsPer100: Type.Number({ description: 'visitors who got in touch, per 100 visitors (at most 100)' }),
  requests: Type.Integer({ description: 'quote requests sent from the request form' }),
});
const Ranked = Type.Object({
  key: Type.String(),
  title: Type.Optional(Type.String({ description: "a detail page's card title, in the language asked" })),
  cardType: Type.Optional(Type.Union([Type.Literal('product'), Type.Literal('portfolio')])),
  visitors: Type.Integer({
    description: 'pages: the visitors who saw the page; other lists: the visitors who arrived so',
  }),
  calls: Type.Integer(),
  whatsapp: Type.Integer(),
  emails: Type.Integer(),
  contacts: Type.Integer(),
  requests: Type.Integer(),
});
export const ResultsAnswer = dataOf(
  Type.Object({
    from: Day,
    to: Day,
    totals: Totals,
    previous: Totals,
    daily: Type.Array(
      Type.Object({ day: Day, visitors: Type.Integer(), contacts: Type.Integer(), requests: Type.Integer() }),
    ),
    pages: Type.Array(Ranked),
    sources: Type.Array(Ranked),
    languages: Type.Array(Ranked),
    devices: Type.Array(Ranked),
    cities: Type.Array(
      Type.Object({
        key: Type.String({ description: "the city as counted: its Arabic name, or 'other'" }),
        title: Type.String({ description: "the city's name in the language asked" }),
        requests: Type.Integer(),
      }),
      { description: 'the cities quote requests asked for, most first (top ten)' },
    ),
    weeklyEmail: Type.Boolean(),
    emailLanguage: Type.Union([Type.Literal('ar'), Type.Literal('en')], {
      description: 'the language the weekly email is written in',
    }),
  }),
);
export const ProductsAnswer = dataOf(Type.Record(Type.String(), Type.Integer()));
export const OptionsSave = Type.Object(
  {
    weeklyEmail: Type.Optional(Type.Boolean()),
    language: Type.Optional(
      Type.Union([Type.Literal('ar'), Type.Literal('en')], {
        description: 'the language of the weekly email (the admin sends its own)',
      }),
    ),
  },
  { minProperties: 1 },
);
export const OptionsSaved = messageAndData(Type.Object({ weeklyEmail: Type.Boolean(), emailLanguage: Lang }));
