import { Type } from 'typebox';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of /api/leads: the beacon, the Results screen, the CSV and the weekly email switch. */
export { errors } from '../answers.ts';
export const tags = ['leads'];

/** What a page sends: k = view, call, WhatsApp or email (v, c, w, e); p = its path; r, e = how the visit began. */
export const Beacon = Type.Object({
  k: Type.Union([Type.Literal('v'), Type.Literal('c'), Type.Literal('w'), Type.Literal('e')]),
  p: Type.String({ minLength: 1, maxLength: 300 }),
  r: Type.String({ maxLength: 500, default: '' }),
  e: Type.String({ maxLength: 500, default: '' }),
});

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
export const ResultsQuery = Type.Object({
  days: Type.Union([Type.Literal(7), Type.Literal(30), Type.Literal(90)], { default: 30 }),
  language: Type.Optional(Type.Union([Type.Literal('ar'), Type.Literal('en')], { description: "the admin's language, for the weekly email" })),
});
export const CsvQuery = Type.Object({ from: Day, to: Day });
export const ProductsQuery = Type.Object({ days: Type.Integer({ minimum: 1, maximum: 365, default: 30 }) });

const Totals = Type.Object({
  visitors: Type.Integer(), views: Type.Integer(), calls: Type.Integer(), whatsapp: Type.Integer(), emails: Type.Integer(),
  contacts: Type.Integer(), contactsPer100: Type.Number(),
});
const Ranked = Type.Object({
  key: Type.String(), title: Type.Optional(Type.String()),
  visitors: Type.Integer(), calls: Type.Integer(), whatsapp: Type.Integer(), emails: Type.Integer(), contacts: Type.Integer(),
});
export const ResultsAnswer = dataOf(Type.Object({
  from: Day, to: Day, totals: Totals, previous: Totals,
  daily: Type.Array(Type.Object({ day: Day, visitors: Type.Integer(), contacts: Type.Integer() })),
  pages: Type.Array(Ranked), sources: Type.Array(Ranked), languages: Type.Array(Ranked), devices: Type.Array(Ranked),
  weeklyEmail: Type.Boolean(),
}));
export const ProductsAnswer = dataOf(Type.Record(Type.String(), Type.Integer()));
export const OptionsSave = Type.Object({ weeklyEmail: Type.Boolean() });
export const OptionsSaved = messageAndData(Type.Object({ weeklyEmail: Type.Boolean() }));
