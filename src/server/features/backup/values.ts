import type { Kysely } from 'kysely';
import { Type, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { parseStoredHash } from '../auth/passwords.ts';
import type { Database } from '../../db/schema.ts';
import { InvalidInputError } from '../../lib/domain-errors.ts';
import { withDefaults } from '../contact/contact-service.ts';
import { normaliseContact } from '../contact/contact-rules.ts';
import { normaliseSeo } from '../seo/seo-service.ts';
import { normaliseProof } from '../proof/proof-service.ts';
import { MAX_DIMENSION, MAX_INPUT_PIXELS, MAX_STORED_BYTES, storedFileFacts } from '../images/image-encode.ts';
import { isImageName, variantName } from '../images/image-store.ts';
import { ContactInput, LIMITS, ProofFields, ProofInput, Seo, SeoFields } from '../../../shared/schemas.ts';
import { CITY_KINDS, CONTENT_HISTORY_KINDS } from '../../../shared/history.ts';
import { LANGUAGES } from '../../../shared/language.ts';
import { phone as phones } from '../../lib/phone.ts';
import { BUILDINGS, OTHER_CITY, REQUEST_LIMITS } from '../../../shared/quote-request.ts';
import { BackupError, shown } from './format.ts';
import type { LiveTable } from './tables.ts';
import { CARD_SLUG_MAX, isCardSlug } from '../../../shared/slugs.ts';

/**
 * What an import accepts in each column of each table it loads. A backup is a file from elsewhere:
 * every value is checked here before anything is written, the same way on both engines (SQLite
 * would store "wide" as a width, PostgreSQL refuses it; neither knows what a password hash or a
 * picture must be). One TypeBox schema per table, one entry per column of src/server/db/schema.ts
 * (the types below make a column left out, or one that is not there, a compile error), each with
 * the rule an operator reads when a value breaks it. What one value cannot say alone (an image's
 * bytes against its row, a setting against its key) is checked by checkRow after the schema.
 */
interface Column {
  schema: TSchema;
  /** What the value must be, completing "cards.title must be …". */
  rule: string;
  /**
   * The most bytes the value takes in a line of the file (JSON, UTF-8): what an export writes for
   * the longest value the schema lets through (bounds.ts adds the columns up into a row's line).
   */
  bytes: number;
}
const column = (schema: TSchema, rule: string, bytes: number): Column => ({ schema, rule, bytes });
/** Characters of base64 for `bytes` bytes. */
const base64Length = (bytes: number): number => 4 * Math.ceil(bytes / 3);
/** A setting's stored text. */
const SETTING_VALUE = 64 * 1024;
/** A history row's title: the item's as it was (a card's or slide's title, a keyword, an about text's title, the contact email, the phone). */
const HISTORY_TITLE = Math.max(LIMITS.title, LIMITS.word, LIMITS.about, LIMITS.email, LIMITS.phoneMax);
/**
 * A string of at most `max` UTF-16 code units, as JSON: 3 bytes a unit at most (a character of the
 * Basic Multilingual Plane beyond U+07FF; `"`, `\\` and the line breaks escaped take 2; a pair of
 * surrogates 4 for 2; the other control characters and lone surrogates are refused), and the quotes.
 */
const stringBytes = (max: number): number => 3 * max + 2;

type ExportedTable =
  | 'users'
  | 'settings'
  | 'words'
  | 'about'
  | 'images'
  | 'image_files'
  | 'cities'
  | 'cards'
  | 'card_slugs'
  | 'faqs'
  | 'card_details'
  | 'slides'
  | 'trash'
  | 'history'
  | 'kept_images'
  | 'lead_counts'
  | 'lead_options'
  | 'requests'
  | 'request_photos'
  | 'request_changes';
type Columns<T extends ExportedTable> = { [C in keyof Database[T] & string]: Column };

// The characters the API refuses in any field (src/server/app.ts): C0 controls but tab and line breaks, and DEL.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const isText = (s: string): boolean => !CONTROL.test(s) && s.isWellFormed();

/** Text of at most `max` characters, without control characters or half characters. */
const text = (max: number, min = 0) =>
  column(
    Type.Refine(Type.String({ minLength: min, maxLength: max }), isText),
    `text of ${min > 0 ? `${min} to ` : 'at most '}${max} characters, without control characters`,
    stringBytes(max),
  );
/** One of a few words: the longest, quoted. */
const choice = (values: readonly string[], rule: string) =>
  column(Type.Enum([...values]), rule, Math.max(...values.map((v) => v.length)) + 2);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const timestamp = column(
  Type.Refine(Type.String({ maxLength: 24 }), (s) => ISO.test(s) && new Date(s).toISOString() === s),
  'a UTC time written like 2026-01-02T03:04:05.678Z',
  stringBytes(24),
);
const id = column(
  Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
  'an id of 1 to 64 letters, digits, - or _',
  64 + 2,
);
/** A card's address (src/shared/slugs.ts), '' for none; absent in a file from before them. */
const cardSlug = column(
  Type.Optional(Type.Refine(Type.String({ maxLength: CARD_SLUG_MAX }), (s) => s === '' || isCardSlug(s))),
  `letters and digits joined by single dashes, at most ${CARD_SLUG_MAX} characters, or ''`,
  stringBytes(CARD_SLUG_MAX),
);
const imageName = column(
  Type.Refine(Type.String({ maxLength: 37 }), isImageName),
  'an image name (32 hex digits and .webp)',
  stringBytes(37),
);
const dimension = column(
  Type.Integer({ minimum: 1, maximum: MAX_DIMENSION }),
  `a whole number of pixels from 1 to ${MAX_DIMENSION}`,
  String(MAX_DIMENSION).length,
);

/** The bytes of a stored WebP (an image file, a request's photo): base64 in the file, at most MAX_STORED_BYTES. */
const storedBytes = (what: string) =>
  column(
    Type.Object(
      {
        $bytes: Type.String({
          minLength: 1,
          maxLength: base64Length(MAX_STORED_BYTES),
          pattern: '^[A-Za-z0-9+/]*={0,2}$',
        }),
      },
      { additionalProperties: false },
    ),
    `bytes, written {"$bytes":"<base64>"}, at most ${MAX_STORED_BYTES} of them (the most a stored ${what} has)`,
    '{"$bytes":""}'.length + base64Length(MAX_STORED_BYTES),
  );

/** images.variants: the widths of the image's stored files, as JSON. */
function isWidthList(s: string): boolean {
  let list: unknown;
  try {
    list = JSON.parse(s);
  } catch {
    return false;
  }
  return (
    Array.isArray(list) && list.length <= 16 && list.every((w) => Number.isInteger(w) && w >= 1 && w <= MAX_DIMENSION)
  );
}

/** JSON text (an object, or for `list` an array) of at most `max` characters: trash snapshots, history versions. */
function isJson(s: string, list: boolean): boolean {
  if (!isText(s)) return false;
  try {
    const v: unknown = JSON.parse(s);
    return list
      ? Array.isArray(v) && v.every((x) => typeof x === 'string')
      : typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}
const json = (max: number, nullable = false) =>
  column(
    nullable
      ? Type.Union([Type.Null(), Type.Refine(Type.String({ maxLength: max }), (s) => isJson(s, false))])
      : Type.Refine(Type.String({ maxLength: max }), (s) => isJson(s, false)),
    `a JSON object of at most ${max} characters${nullable ? ', or null' : ''}`,
    stringBytes(max),
  );
/**
 * settings.phone as a site stores it: a number in international form, or (written before numbers
 * were checked as numbers) 5 to 20 digits and spaces with an optional leading +.
 */
const STORED_PHONE = /^\+?[0-9][0-9 ]{3,18}[0-9]$/;

// The cities share the content's trash and history tables (format 11; issue 34, decision 026);
// 'faq': a question and its answer (format 12, decision 036); 'seo': the search titles (format 13).
const TRASH_KIND = choice(
  ['card', 'detail', 'slide', 'word', 'faq', ...CITY_KINDS],
  "'card', 'detail', 'slide', 'word', 'faq' or 'city'",
);
const HISTORY_KIND = choice(
  [...CONTENT_HISTORY_KINDS, ...CITY_KINDS],
  "'card', 'detail', 'slide', 'word', 'faq', 'about', 'contact', 'phone', 'proof', 'seo' or 'city'",
);
const account = text(LIMITS.email);
/** A request's status and notes as a change keeps them (request_changes), as JSON text. */
const RequestVersion = Type.Object(
  {
    status: Type.Enum(['new', 'contacted', 'done', 'spam']),
    notes: Type.String({ maxLength: REQUEST_LIMITS.notes }),
    updatedAt: timestamp.schema,
  },
  { additionalProperties: false },
);
const requestVersionCheck = Compile(RequestVersion);
/** Whether a request change's version (its JSON text) is one the site writes. */
export function isRequestVersion(text: string): boolean {
  if (!isText(text)) return false;
  try {
    return requestVersionCheck.Check(JSON.parse(text));
  } catch {
    return false;
  }
}
const requestVersion = column(
  Type.Refine(Type.String({ maxLength: 2 * REQUEST_LIMITS.notes + 200 }), isRequestVersion),
  "a request's status and notes as JSON, as the site keeps a change",
  stringBytes(2 * REQUEST_LIMITS.notes + 200),
);
/** images.focus_x, focus_y: a point of the photo, 0 (left or top edge) to 1. */
// JSON writes a number from 0 to 1 in at most 24 characters (5e-324, 0.30000000000000004, 1.2345678901234567e-300).
const fraction = column(Type.Number({ minimum: 0, maximum: 1 }), 'a number from 0 to 1', 24);
const count = column(Type.Integer({ minimum: 0, maximum: 2_000_000_000 }), 'a whole number from 0 to 2000000000', 10);
const flag = column(Type.Union([Type.Literal(0), Type.Literal(1)]), '0 or 1', 1);
const language = choice(LANGUAGES, "'ar' or 'en'");

const TABLES: { [T in ExportedTable]: Columns<T> } = {
  users: {
    id,
    email: column(
      Type.Refine(Type.String({ minLength: 3, maxLength: LIMITS.email, pattern: '^[^\\s@]+@[^\\s@]+$' }), isText),
      'an email address',
      stringBytes(LIMITS.email),
    ),
    password_hash: column(
      Type.Refine(Type.String({ maxLength: 300 }), (s) => !('refused' in parseStoredHash(s))),
      'an scrypt hash (scrypt$N$r$p$salt$hash) with N a power of two from 2^14 to 2^20, r from 1 to 32, p from 1 to 16, ' +
        'within 256 MiB and four times the work of a hash this site makes',
      stringBytes(300),
    ),
    created_at: timestamp,
    updated_at: timestamp,
  },
  settings: {
    key: column(
      Type.String({ pattern: '^[a-z0-9][a-z0-9._-]{0,63}$' }),
      'a setting name of 1 to 64 lower-case letters, digits, ., - or _',
      64 + 2,
    ),
    value: text(SETTING_VALUE),
  },
  words: {
    id,
    word: text(LIMITS.word, 1),
    // Lower-casing can lengthen a word (İ becomes two characters).
    word_key: text(LIMITS.word * 3, 1),
    created_at: timestamp,
  },
  about: {
    language,
    title: text(LIMITS.about),
    description: text(LIMITS.about),
    title2: text(LIMITS.about),
    description2: text(LIMITS.about),
    title3: text(LIMITS.about),
    description3: text(LIMITS.about),
    updated_at: timestamp,
  },
  images: {
    name: imageName,
    width: dimension,
    height: dimension,
    variants: column(
      Type.Refine(Type.String({ maxLength: 200 }), isWidthList),
      `a JSON list of at most 16 widths from 1 to ${MAX_DIMENSION}`,
      stringBytes(200),
    ),
    created_at: timestamp,
    focus_x: fraction,
    focus_y: fraction,
  },
  image_files: {
    name: column(
      Type.String({ pattern: '^[a-f0-9]{32}(-[1-9][0-9]{0,4})?\\.webp$' }),
      'a file name (an image name, or one with a width: NAME-640.webp)',
      32 + 6 + 5 + 2,
    ),
    image: imageName,
    width: dimension,
    bytes: storedBytes('file'),
  },
  cities: {
    id,
    slug: column(
      Type.String({ pattern: '^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$' }),
      'a slug of 1 to 60 lower-case letters, digits and -',
      60 + 2,
    ),
    name_ar: text(LIMITS.city, 1),
    name_en: text(LIMITS.city),
    intro_ar: text(LIMITS.cityIntro),
    intro_en: text(LIMITS.cityIntro),
    areas_ar: text(LIMITS.cityAreas),
    areas_en: text(LIMITS.cityAreas),
    phone: text(LIMITS.phoneMax),
    whatsapp: text(LIMITS.phoneMax),
    enabled: column(Type.Union([Type.Literal(0), Type.Literal(1)]), '0 or 1', 1),
    position: column(Type.Integer({ minimum: 0, maximum: 100_000 }), 'a whole number from 0 to 100000', 6),
    created_at: timestamp,
    updated_at: timestamp,
  },
  cards: {
    id,
    type: choice(['product', 'portfolio'], "'product' or 'portfolio'"),
    title: text(LIMITS.title),
    description: text(LIMITS.description),
    title_en: text(LIMITS.title),
    description_en: text(LIMITS.description),
    image: imageName,
    is_detailed: flag,
    created_at: timestamp,
    updated_at: timestamp,
    // Backups from before the cities (migration 012) have no city_id: read as none.
    city_id: column(Type.Optional(Type.Union([Type.Null(), id.schema])), 'an id, or null (no city)', 64 + 2),
    // Backups from before the readable addresses (migration 017) have none: made from the titles on import.
    slug_ar: cardSlug,
    slug_en: cardSlug,
  },
  // The addresses cards had before the owner changed them (migration 017).
  card_slugs: {
    slug: column(
      Type.Refine(Type.String({ minLength: 1, maxLength: CARD_SLUG_MAX }), isCardSlug),
      cardSlug.rule,
      cardSlug.bytes,
    ),
    card_id: id,
    created_at: timestamp,
  },
  faqs: {
    id,
    question_ar: text(LIMITS.faqQuestion, 1),
    answer_ar: text(LIMITS.faqAnswer, 1),
    question_en: text(LIMITS.faqQuestion),
    answer_en: text(LIMITS.faqAnswer),
    city_id: column(Type.Union([Type.Null(), id.schema]), 'an id, or null (no city)', 64 + 2),
    card_id: column(Type.Union([Type.Null(), id.schema]), 'an id, or null (no product)', 64 + 2),
    enabled: column(Type.Union([Type.Literal(0), Type.Literal(1)]), '0 or 1', 1),
    position: column(Type.Integer({ minimum: 0, maximum: 100_000 }), 'a whole number from 0 to 100000', 6),
    created_at: timestamp,
    updated_at: timestamp,
  },
  card_details: {
    id,
    card_id: id,
    title: text(LIMITS.title),
    description: text(LIMITS.description),
    title_en: text(LIMITS.title),
    description_en: text(LIMITS.description),
    image: imageName,
    created_at: timestamp,
    updated_at: timestamp,
  },
  slides: {
    id,
    title: text(LIMITS.title),
    details: text(LIMITS.description),
    title_en: text(LIMITS.title),
    details_en: text(LIMITS.description),
    image: imageName,
    position: column(Type.Integer({ minimum: 0, maximum: 100_000 }), 'a whole number from 0 to 100000', 6),
    created_at: timestamp,
    updated_at: timestamp,
  },
  trash: {
    id,
    kind: TRASH_KIND,
    title: text(LIMITS.title * 3),
    image: column(
      Type.Union([Type.Literal(''), imageName.schema]),
      "an image name, or '' (a keyword)",
      imageName.bytes,
    ),
    snapshot: json(4 * 1024 * 1024),
    deleted_by: account,
    deleted_at: timestamp,
  },
  history: {
    id,
    kind: HISTORY_KIND,
    item_id: id,
    // The title of the item as it was: a card's, a keyword, an about text's title, the contact email, the phone.
    title: text(HISTORY_TITLE),
    fields: column(
      Type.Refine(Type.String({ maxLength: 4096 }), (s) => isJson(s, true)),
      'a JSON list of field names',
      stringBytes(4096),
    ),
    before: json(256 * 1024, true),
    after: json(256 * 1024, true),
    changed_by: account,
    created_at: timestamp,
  },
  kept_images: {
    owner: column(
      Type.String({ pattern: '^(trash|history):[A-Za-z0-9_-]{1,64}$' }),
      'trash:ID or history:ID',
      'history:'.length + 64 + 2,
    ),
    image: imageName,
  },
  lead_counts: {
    day: column(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), 'a day written like 2026-01-31', 10 + 2),
    page: column(
      Type.String({ pattern: '^/[A-Za-z0-9/?=_.-]{0,199}$' }),
      'a page path of at most 200 characters',
      200 + 2,
    ),
    language,
    device: choice(['mobile', 'tablet', 'desktop'], "'mobile', 'tablet' or 'desktop'"),
    source: text(100, 1),
    views: count,
    visitors: count,
    calls: count,
    whatsapp: count,
    emails: count,
    page_visitors: count,
    contacted: count,
    requests: count,
  },
  lead_options: {
    id: column(Type.Literal(1), '1', 1),
    weekly_email: flag,
    language,
  },
  // Quote requests (a file exported --with-requests): each column as the request form and the
  // owner's screen store it (src/server/features/requests/).
  requests: {
    id,
    reference: column(Type.String({ pattern: '^[0-9]{6}$' }), 'six digits', 6 + 2),
    created_at: timestamp,
    updated_at: timestamp,
    name: text(REQUEST_LIMITS.name),
    phone: column(
      Type.String({ pattern: '^\\+[1-9][0-9]{5,14}$' }),
      'a number in international form, like +966501234567',
      16 + 2,
    ),
    // A city served, or "other: " and the city the visitor typed.
    city: text(Math.max(LIMITS.city, `${OTHER_CITY}: `.length + REQUEST_LIMITS.cityOther)),
    building: choice(BUILDINGS, `one of ${BUILDINGS.map((b) => `'${b}'`).join(', ')}`),
    problem: text(REQUEST_LIMITS.problem),
    preferred_time: text(REQUEST_LIMITS.preferredTime),
    product: column(
      Type.Union([Type.Literal(''), id.schema]),
      "a card's id, or '' (the form named no product)",
      id.bytes,
    ),
    product_title: text(LIMITS.title),
    lang: language,
    page: column(
      Type.String({ pattern: '^/[A-Za-z0-9/?=_.-]{0,199}$' }),
      'a page path of at most 200 characters',
      200 + 2,
    ),
    source: text(100),
    device: choice(['mobile', 'tablet', 'desktop'], "'mobile', 'tablet' or 'desktop'"),
    photo_count: column(
      Type.Integer({ minimum: 0, maximum: REQUEST_LIMITS.photos }),
      `a whole number from 0 to ${REQUEST_LIMITS.photos}`,
      1,
    ),
    status: choice(['new', 'contacted', 'done', 'spam'], "'new', 'contacted', 'done' or 'spam'"),
    notes: text(REQUEST_LIMITS.notes),
    held: flag,
    unchallenged: flag,
    mail_state: choice(['pending', 'sent', 'held'], "'pending', 'sent' or 'held'"),
    mail_attempts: count,
    mail_next_at: column(
      Type.Union([Type.Literal(''), timestamp.schema]),
      "a UTC time written like 2026-01-02T03:04:05.678Z, or ''",
      timestamp.bytes,
    ),
    // The mail server's answer, one line of at most 300 characters (smtpAnswerOf).
    mail_error: text(300),
    // In the Trash since (migration 016), and who put it there; null and '' when not deleted.
    deleted_at: column(
      Type.Union([Type.Null(), timestamp.schema]),
      'a UTC time written like 2026-01-02T03:04:05.678Z, or null',
      timestamp.bytes,
    ),
    deleted_by: account,
  },
  request_photos: {
    request_id: id,
    position: column(
      Type.Integer({ minimum: 0, maximum: REQUEST_LIMITS.photos - 1 }),
      `a whole number from 0 to ${REQUEST_LIMITS.photos - 1}`,
      1,
    ),
    width: dimension,
    height: dimension,
    bytes: storedBytes('photo'),
  },
  // The owner's changes to a request (migration 016): the version each replaced and the one it made.
  request_changes: {
    id,
    request_id: id,
    changed_at: timestamp,
    changed_by: account,
    before: requestVersion,
    after: requestVersion,
  },
};

/**
 * What a trash row's snapshot and a history row's versions may hold, kind by kind: the rows and
 * fields the site itself writes there, by the same rules as the tables they come from. Checked
 * when a backup is imported (checkRow) and again when one is restored (restore-service.ts), so a
 * snapshot that came in by another way (an older import, a hand-edited database) is refused with
 * 409 rather than written into the content (issue 30: an unknown column answered 500, a
 * 250,000-character title reached the public pages).
 */
const rowOf = (table: ExportedTable) =>
  Type.Object(
    Object.fromEntries(Object.entries(TABLES[table] as Record<string, Column>).map(([name, c]) => [name, c.schema])),
    { additionalProperties: false },
  );
const SNAPSHOTS = {
  card: Type.Object(
    { row: rowOf('cards'), details: Type.Optional(Type.Array(rowOf('card_details'), { maxItems: 10_000 })) },
    { additionalProperties: false },
  ),
  detail: Type.Object(
    { row: rowOf('card_details'), cardTitle: Type.Optional(text(LIMITS.title).schema) },
    { additionalProperties: false },
  ),
  slide: Type.Object(
    { row: rowOf('slides'), order: Type.Optional(Type.Array(id.schema, { maxItems: 2 * 10_000 })) },
    { additionalProperties: false },
  ),
  word: Type.Object({ row: rowOf('words') }, { additionalProperties: false }),
  // A city with the projects that named it when it was deleted (an entry has one city).
  city: Type.Object(
    { row: rowOf('cities'), projectIds: Type.Optional(Type.Array(id.schema, { maxItems: 10_000 })) },
    { additionalProperties: false },
  ),
  faq: Type.Object({ row: rowOf('faqs') }, { additionalProperties: false }),
};
const field = (max: number) => Type.Optional(text(max).schema);
const saved = Type.Optional(Type.Union([Type.Literal(''), timestamp.schema]));
const pictured = Type.Optional(Type.Union([Type.Literal(''), imageName.schema]));
const figure = (schema: TSchema) => Type.Optional(Type.Union([Type.Literal(''), schema]));
const VERSIONS = {
  card: Type.Object(
    {
      title: field(LIMITS.title),
      description: field(LIMITS.description),
      titleEn: field(LIMITS.title),
      descriptionEn: field(LIMITS.description),
      image: pictured,
      isDetailed: Type.Optional(Type.Boolean()),
      // Versions from before the readable addresses (migration 017) have none.
      slug: cardSlug.schema,
      slugEn: cardSlug.schema,
      updatedAt: saved,
    },
    { additionalProperties: false },
  ),
  detail: Type.Object(
    {
      title: field(LIMITS.title),
      description: field(LIMITS.description),
      titleEn: field(LIMITS.title),
      descriptionEn: field(LIMITS.description),
      image: pictured,
      updatedAt: saved,
    },
    { additionalProperties: false },
  ),
  slide: Type.Union([
    Type.Object(
      {
        title: field(LIMITS.title),
        details: field(LIMITS.description),
        titleEn: field(LIMITS.title),
        detailsEn: field(LIMITS.description),
        image: pictured,
        updatedAt: saved,
      },
      { additionalProperties: false },
    ),
    // A move: the slide's place in the order, counted from 1.
    Type.Object({ place: Type.Integer({ minimum: 1, maximum: 100_001 }) }, { additionalProperties: false }),
  ]),
  word: Type.Object({ word: text(LIMITS.word, 1).schema }, { additionalProperties: false }),
  faq: Type.Object(
    {
      questionAr: text(LIMITS.faqQuestion, 1).schema,
      answerAr: text(LIMITS.faqAnswer, 1).schema,
      questionEn: text(LIMITS.faqQuestion).schema,
      answerEn: text(LIMITS.faqAnswer).schema,
      cityId: Type.Union([Type.Null(), id.schema]),
      cardId: Type.Union([Type.Null(), id.schema]),
      enabled: Type.Boolean(),
      updatedAt: saved,
    },
    { additionalProperties: false },
  ),
  about: Type.Object(
    {
      title: field(LIMITS.about),
      description: field(LIMITS.about),
      title2: field(LIMITS.about),
      description2: field(LIMITS.about),
      title3: field(LIMITS.about),
      description3: field(LIMITS.about),
      updatedAt: saved,
    },
    { additionalProperties: false },
  ),
  // Details saved before a field existed lack it: restored as not set.
  contact: Type.Object({ ...Type.Partial(ContactInput).properties, updatedAt: saved }, { additionalProperties: false }),
  phone: Type.Object({ phone: Type.String({ maxLength: LIMITS.phoneMax }) }, { additionalProperties: false }),
  // A city by the names GET /api/cities answers (cities-service.ts, cityVersion), by its table's rules.
  city: Type.Object(
    {
      slug: TABLES.cities.slug.schema,
      nameAr: TABLES.cities.name_ar.schema,
      nameEn: TABLES.cities.name_en.schema,
      introAr: TABLES.cities.intro_ar.schema,
      introEn: TABLES.cities.intro_en.schema,
      areasAr: TABLES.cities.areas_ar.schema,
      areasEn: TABLES.cities.areas_en.schema,
      phone: TABLES.cities.phone.schema,
      whatsapp: TABLES.cities.whatsapp.schema,
      enabled: Type.Boolean(),
      position: TABLES.cities.position.schema,
      projectIds: Type.Array(id.schema, { maxItems: 10_000 }),
      updatedAt: saved,
    },
    { additionalProperties: false },
  ),
  proof: Type.Object(
    {
      yearsInBusiness: figure(ProofFields.properties.yearsInBusiness),
      jobsDone: figure(ProofFields.properties.jobsDone),
      citiesServed: figure(ProofFields.properties.citiesServed),
      guaranteeAr: Type.Optional(ProofFields.properties.guaranteeAr),
      guaranteeEn: Type.Optional(ProofFields.properties.guaranteeEn),
      crNumber: Type.Optional(ProofFields.properties.crNumber),
      vatNumber: Type.Optional(ProofFields.properties.vatNumber),
      quotes: Type.Optional(ProofFields.properties.quotes),
      reviewsLink: Type.Optional(ProofFields.properties.reviewsLink),
      crCheckLink: Type.Optional(ProofFields.properties.crCheckLink),
      vatCheckLink: Type.Optional(ProofFields.properties.vatCheckLink),
      updatedAt: saved,
    },
    { additionalProperties: false },
  ),
  // The search titles as stored ('' = the site's default); the version before the first save has them all ''.
  seo: Type.Object({ ...SeoFields.properties, updatedAt: saved }, { additionalProperties: false }),
};
const snapshotChecks = new Map(Object.entries(SNAPSHOTS).map(([kind, schema]) => [kind, Compile(schema)]));
const versionChecks = new Map(Object.entries(VERSIONS).map(([kind, schema]) => [kind, Compile(schema)]));

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Whether a trash row's snapshot (its JSON text) is an item of `kind` as the site stores it: the
 * item's row by its table's rules, with the trash row's id, and a card's detail items of that card.
 */
export function isStoredSnapshot(kind: string, id: string, snapshot: string | unknown): boolean {
  const value = typeof snapshot === 'string' ? parsed(snapshot) : snapshot;
  if (!snapshotChecks.get(kind)?.Check(value)) return false;
  const { row, details } = value as { row: { id: string }; details?: { card_id: string }[] };
  return row.id === id && (details ?? []).every((d) => d.card_id === id);
}

/** Whether a history version (its JSON text, or the parsed value; null = the item was absent) is one of `kind` as the site stores it. */
export function isStoredVersion(kind: string, version: string | unknown): boolean {
  if (version === null) return true;
  const value = typeof version === 'string' ? parsed(version) : version;
  return versionChecks.get(kind)?.Check(value) ?? false;
}

/** The settings the site reads, each checked as the site writes it; other names are plain text (a later version's settings). */
const SETTINGS: Record<string, Column> = {
  phone: column(
    Type.Refine(
      Type.String({ maxLength: LIMITS.phoneMax }),
      (s) => STORED_PHONE.test(s) || phones.international(s) !== undefined,
    ),
    'a phone number of 5 to 20 digits and spaces, with an optional leading +',
    stringBytes(LIMITS.phoneMax),
  ),
  contact: column(
    Type.Refine(Type.String(), (s) => isContact(s)),
    'the contact details as the site stores them (JSON: an email, a WhatsApp number, https:// links and cities)',
    stringBytes(SETTING_VALUE),
  ),
  seo: column(
    Type.Refine(Type.String(), (s) => isSeo(s)),
    'the search titles as the site stores them (JSON: two titles and two descriptions, trimmed, on one line)',
    stringBytes(SETTING_VALUE),
  ),
  proof: column(
    Type.Refine(Type.String(), (s) => isProof(s)),
    'the trust settings as the site stores them (JSON: figures, a guarantee, registration numbers and customer quotes)',
    stringBytes(SETTING_VALUE),
  ),
  'device-cookie-key': column(
    Type.String({ pattern: '^[A-Za-z0-9_-]{43,128}$' }),
    'a signing key of 32 to 96 bytes of base64url',
    128 + 2,
  ),
  'demo-seeded-at': timestamp,
};

// Details saved before the opening hours and the address existed lack them: read as not set.
const contactSchema = Compile(
  Type.Object({ ...ContactInput.properties, updatedAt: timestamp.schema }, { additionalProperties: false }),
);

const seoSchema = Compile(
  Type.Object({ ...Seo.properties, updatedAt: timestamp.schema }, { additionalProperties: false }),
);

function isSeo(value: string): boolean {
  let stored: unknown;
  try {
    stored = JSON.parse(value);
  } catch {
    return false;
  }
  if (!seoSchema.Check(stored)) return false;
  const { updatedAt: _updatedAt, ...fields } = stored as Seo;
  return JSON.stringify(normaliseSeo(fields)) === JSON.stringify(fields);
}

// A row saved before the links existed lacks them (read as not set).
const proofSchema = Compile(
  Type.Object({ ...ProofInput.properties, updatedAt: timestamp.schema }, { additionalProperties: false }),
);

function isProof(value: string): boolean {
  let stored: unknown;
  try {
    stored = JSON.parse(value);
  } catch {
    return false;
  }
  if (!proofSchema.Check(stored)) return false;
  const { updatedAt: _updatedAt, ...input } = stored as ProofInput & { updatedAt: string };
  const fields: ProofFields = {
    ...input,
    reviewsLink: input.reviewsLink ?? '',
    crCheckLink: input.crCheckLink ?? '',
    vatCheckLink: input.vatCheckLink ?? '',
  };
  try {
    // Stored as the site's own check leaves it: trimmed, registration numbers well formed, every quote with an id.
    return fields.quotes.every((q) => q.id !== '') && JSON.stringify(normaliseProof(fields)) === JSON.stringify(fields);
  } catch (err) {
    if (err instanceof InvalidInputError) return false;
    throw err;
  }
}

function isContact(value: string): boolean {
  let stored: unknown;
  try {
    stored = JSON.parse(value);
  } catch {
    return false;
  }
  if (!contactSchema.Check(stored)) return false;
  const { updatedAt: _updatedAt, ...given } = stored as ContactInput & { updatedAt: string };
  const fields = withDefaults(given);
  try {
    // Stored as the site's own check leaves it: trimmed, links https://, the email and WhatsApp plausible,
    // the opening hours in order.
    return JSON.stringify(normaliseContact(fields)) === JSON.stringify(fields);
  } catch (err) {
    if (err instanceof InvalidInputError) return false;
    throw err;
  }
}

interface CompiledTable {
  check: ReturnType<typeof Compile>;
  columns: Record<string, Column>;
}
const compiled = new Map<string, CompiledTable>();
const settingChecks = new Map(Object.entries(SETTINGS).map(([key, c]) => [key, Compile(c.schema)]));

function compiledTable(table: string): CompiledTable | undefined {
  const columns = (TABLES as Record<string, Record<string, Column>>)[table];
  if (!columns) return undefined;
  let found = compiled.get(table);
  if (!found) {
    const properties = Object.fromEntries(Object.entries(columns).map(([name, c]) => [name, c.schema]));
    found = { check: Compile(Type.Object(properties, { additionalProperties: false })), columns };
    compiled.set(table, found);
  }
  return found;
}

/**
 * Refuses a schema whose exported tables have columns this file has no rule for (or rules for
 * columns that are not there): a column added by a later migration must be given one here.
 */
export function assertValueRules(tables: readonly LiveTable[]): void {
  for (const table of tables) {
    const rules = (TABLES as Record<string, Record<string, Column>>)[table.name];
    const live = table.columns
      .map((c) => c.name)
      .sort()
      .join(', ');
    const known = Object.keys(rules ?? {})
      .sort()
      .join(', ');
    if (live !== known) {
      throw new BackupError(
        `The import has no value rules for the columns of ${table.name} as this database has them (${live}; rules for ${known || 'none'}). ` +
          'Give every column a rule in src/server/features/backup/values.ts.',
      );
    }
  }
}

/** The tables the value rules cover: every exported table (tests/api/backup-tables.test.ts checks it). */
export const RULED_TABLES: readonly string[] = Object.keys(TABLES);

const refusal = (lineNo: number, table: string, field: string, what: string) =>
  new BackupError(`Line ${lineNo} of the backup holds a value the site cannot take: ${table}.${field} ${what}.`);

/** Decodes a JSON pointer's first segment (a column name). */
const firstSegment = (path: string): string => (path.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * Checks a row of the file (JSON values, bytes still base64) against its table's schema; throws a
 * BackupError naming the line, the table, the column and the rule it breaks.
 */
export function checkValues(table: string, values: Record<string, unknown>, lineNo: number): void {
  const rules = compiledTable(table);
  if (!rules)
    throw new BackupError(`Line ${lineNo} of the backup is a row of ${shown(table)}, which a backup does not hold.`);
  if (rules.check.Check(values)) return;
  const errors = rules.check.Errors(values);
  const missing = errors.find((e) => e.keyword === 'required');
  if (missing) {
    const name = (missing.params as { requiredProperties?: string[] }).requiredProperties?.[0] ?? '?';
    throw refusal(lineNo, table, name, 'is missing');
  }
  const extra = errors.find((e) => e.keyword === 'additionalProperties' && e.instancePath === '');
  if (extra) {
    const name = (extra.params as { additionalProperties?: string[] }).additionalProperties?.[0] ?? '?';
    throw new BackupError(
      `Line ${lineNo} of the backup has a column ${table}.${shown(name)} this database does not have.`,
    );
  }
  const name = firstSegment(errors.find((e) => e.instancePath !== '')?.instancePath ?? '');
  throw refusal(lineNo, table, name, `must be ${rules.columns[name]?.rule ?? 'a value of its column'}`);
}

/**
 * What the schema cannot check alone, on a row that passed it (bytes decoded): a known setting
 * against its key, an image's pixels, and an image file's bytes against its row and its image
 * (read from the database: the file's images are stored before their files).
 */
export async function checkRow(
  trx: Kysely<any>,
  table: string,
  row: Record<string, unknown>,
  lineNo: number,
): Promise<void> {
  if (table === 'settings') {
    const key = row.key as string;
    const check = settingChecks.get(key);
    if (check && !check.Check(row.value))
      throw refusal(lineNo, table, 'value', `of ${key} must be ${SETTINGS[key]!.rule}`);
  } else if (table === 'images') {
    const { width, height } = row as { width: number; height: number };
    if (width * height > MAX_INPUT_PIXELS) {
      throw refusal(
        lineNo,
        table,
        'height',
        `must keep the image within ${MAX_INPUT_PIXELS.toLocaleString('en')} pixels (it is ${width} × ${height})`,
      );
    }
  } else if (table === 'image_files') {
    await checkImageFile(trx, row as { name: string; image: string; width: number; bytes: Buffer }, lineNo);
  } else if (table === 'request_changes') {
    const { request_id: requestId } = row as { request_id: string };
    const request = await trx.selectFrom('requests').select('id').where('id', '=', requestId).executeTakeFirst();
    if (!request)
      throw refusal(lineNo, table, 'request_id', `names ${requestId}, which is not among the requests before it`);
  } else if (table === 'request_photos') {
    await checkRequestPhoto(trx, row as { request_id: string; width: number; height: number; bytes: Buffer }, lineNo);
  } else if (table === 'trash') {
    const { id: itemId, kind, snapshot } = row as { id: string; kind: string; snapshot: string };
    if (!isStoredSnapshot(kind, itemId, snapshot)) {
      throw refusal(
        lineNo,
        table,
        'snapshot',
        `must be the ${kind} as the site stores it (its row with id ${itemId}, by the rules of its table)`,
      );
    }
  } else if (table === 'history') {
    const { kind } = row as { kind: string };
    for (const side of ['before', 'after'] as const) {
      if (!isStoredVersion(kind, row[side]))
        throw refusal(
          lineNo,
          table,
          side,
          `must be a version of a ${kind} as the site stores it (its fields by the rules of the site's forms), or null`,
        );
    }
  }
}

/** A request's photo: of a request before it in the file, and a whole WebP of the size its row says. */
async function checkRequestPhoto(
  trx: Kysely<any>,
  photo: { request_id: string; width: number; height: number; bytes: Buffer },
  lineNo: number,
): Promise<void> {
  const request = await trx.selectFrom('requests').select('id').where('id', '=', photo.request_id).executeTakeFirst();
  if (!request)
    throw refusal(
      lineNo,
      'request_photos',
      'request_id',
      `names ${photo.request_id}, which is not among the requests before it`,
    );
  const facts = await storedFileFacts(photo.bytes);
  if (!facts || facts.format !== 'webp' || !facts.whole)
    throw refusal(lineNo, 'request_photos', 'bytes', 'must be a whole WebP image, as the site stores a photo');
  if (facts.width !== photo.width || facts.height !== photo.height)
    throw refusal(
      lineNo,
      'request_photos',
      'bytes',
      `must be an image ${photo.width} × ${photo.height} pixels, as the row says (it is ${facts.width} × ${facts.height})`,
    );
}

async function checkImageFile(
  trx: Kysely<any>,
  file: { name: string; image: string; width: number; bytes: Buffer },
  lineNo: number,
): Promise<void> {
  const image = (await trx
    .selectFrom('images')
    .select(['width', 'height'])
    .where('name', '=', file.image)
    .executeTakeFirst()) as { width: number; height: number } | undefined;
  if (!image)
    throw refusal(lineNo, 'image_files', 'image', `names ${file.image}, which is not among the images before it`);
  const original = file.name === file.image;
  if (!original && file.name !== variantName(file.image, file.width)) {
    throw refusal(
      lineNo,
      'image_files',
      'name',
      `must be ${file.image} or ${variantName(file.image, file.width)} (the image's name, or with the file's width)`,
    );
  }
  if (original && file.width !== Number(image.width)) {
    throw refusal(lineNo, 'image_files', 'width', `must be the width of its image, ${Number(image.width)}`);
  }
  const facts = await storedFileFacts(file.bytes);
  if (!facts)
    throw refusal(lineNo, 'image_files', 'bytes', 'must be a WebP image (they are not an image sharp can read)');
  if (facts.format !== 'webp')
    throw refusal(lineNo, 'image_files', 'bytes', `must be a WebP image (they are ${facts.format})`);
  if (!facts.whole)
    throw refusal(
      lineNo,
      'image_files',
      'bytes',
      'must be a whole WebP file (it is cut off, or has bytes after its end)',
    );
  if (facts.width * facts.height > MAX_INPUT_PIXELS) {
    throw refusal(
      lineNo,
      'image_files',
      'bytes',
      `must be an image within ${MAX_INPUT_PIXELS.toLocaleString('en')} pixels (it is ${facts.width} × ${facts.height})`,
    );
  }
  if (facts.width !== file.width)
    throw refusal(
      lineNo,
      'image_files',
      'bytes',
      `must be an image ${file.width} pixels wide, as the row says (it is ${facts.width})`,
    );
  if (original && facts.height !== Number(image.height)) {
    throw refusal(
      lineNo,
      'image_files',
      'bytes',
      `must be an image ${Number(image.height)} pixels high, as its image says (it is ${facts.height})`,
    );
  }
}

/**
 * The most bytes a row of `table` takes in the file, its newline aside: `{"t":"TABLE","r":{…}}`
 * with every column at the longest its rule lets through. What an export can write, so what an
 * import must read (bounds.ts).
 */
export function rowBytes(table: string): number {
  const columns = (TABLES as Record<string, Record<string, Column>>)[table];
  if (!columns) throw new Error(`No value rules for ${table}`);
  const entries = Object.entries(columns);
  const values = entries.reduce((sum, [name, c]) => sum + JSON.stringify(name).length + 1 + c.bytes, 0);
  return `{"t":${JSON.stringify(table)},"r":{}}`.length + values + entries.length - 1;
}
