/**
 * One schema per payload of the API contract. The server validates and documents with these;
 * the admin forms import the same limits so browser and server agree.
 */
import { Type, type Static, type TOptional, type TSchema } from 'typebox';
import { VISIBLE_PATTERN } from './text.ts';
import { LIMITS } from './limits.ts';
import { CARD_SLUG_MAX, CARD_SLUG_PATTERN } from './slugs.ts';
import { LANGUAGES, type Language as LanguageCode } from './language.ts';
import { MAX_RANGES, TIME_PATTERN, type OpeningHours as Hours } from './hours.ts';

export { LIMITS };

/** Non-blank text: the body is trimmed before validation, so `\S` means "something besides spaces". */
const text = (max: number, description?: string) =>
  Type.String({ minLength: 1, maxLength: max, pattern: VISIBLE_PATTERN, ...(description ? { description } : {}) });

export const Id = Type.String({ minLength: 1, maxLength: 64, description: 'Record id' });
export const IdParams = Type.Object({ id: Id });
export const Language = Type.Enum([...LANGUAGES]);
export type Language = LanguageCode;
export const CardType = Type.Enum(['product', 'portfolio']);
export type CardType = Static<typeof CardType>;

/** Stored image name as returned by POST /api/card/upload. */
const ImageName = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'Stored image name from POST /api/card/upload',
});
const ExpectedUpdatedAt = Type.Optional(
  Type.String({ maxLength: 40, description: 'updatedAt as read; 409 if the record changed since' }),
);

/**
 * Optional English text on writes: same limit as the Arabic counterpart; '' (or only spaces) means
 * "no English". On an edit, leaving the field out keeps the stored English.
 */
const englishText = (max: number, of: string) =>
  Type.Optional(
    Type.String({
      maxLength: max,
      description: `English ${of}; optional, '' clears it. Omitted on an edit: the stored English is kept.`,
    }),
  );

/** Optional `?language=ar|en` of the reading calls: answer each text in that language (Arabic where the English is empty). */
export const LanguageQuery = Type.Object({
  language: Type.Optional(
    Type.Unsafe<LanguageCode>({
      type: 'string',
      enum: [...LANGUAGES],
      description:
        'Answer each text in this language, falling back to Arabic where the English is empty; each item then says in `language` which language its text is in, and carries no *En fields. Without it: the Arabic text plus the *En fields.',
    }),
  ),
});
/** On every item of a localized answer: the language its text is actually in. */
const ItemLanguage = Type.Optional(
  Type.Unsafe<LanguageCode>({
    type: 'string',
    enum: [...LANGUAGES],
    description: "Only with ?language: the language this item's text is in (ar when the English is empty)",
  }),
);
const englishOut = (of: string) =>
  Type.Optional(
    Type.String({ description: `English ${of} ('' = not written yet). Only in answers without ?language.` }),
  );

// ---- cards ----
export const Card = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  titleEn: englishOut('title'),
  descriptionEn: englishOut('description'),
  language: ItemLanguage,
  imageUrl: Type.String(),
  image: Type.String(),
  type: CardType,
  isDetailed: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  slug: Type.String({ description: 'Its address in Arabic: /products/<slug> or /portfolio/<slug> (decision 035)' }),
  slugEn: Type.String({
    description: "Its address in English, under /en; '' while it has no English title (the Arabic slug serves)",
  }),
});
export type Card = Static<typeof Card>;

/** An address the owner may set: letters and digits of any script joined by dashes; '' = made from the title. */
const cardSlug = (language: string) =>
  Type.Optional(
    Type.String({
      maxLength: CARD_SLUG_MAX,
      pattern: `^$|${CARD_SLUG_PATTERN}`,
      description: `The item's address in ${language}: letters and digits joined by dashes. Left out: kept (made from the title on creation); '': made from the title again. The old address answers with a permanent redirect.`,
    }),
  );
const CardSlugs = { slug: cardSlug('Arabic'), slugEn: cardSlug('English') };

export const CardCreate = Type.Object({
  title: text(LIMITS.title),
  description: text(LIMITS.description),
  titleEn: englishText(LIMITS.title, 'title'),
  descriptionEn: englishText(LIMITS.description, 'description'),
  image: ImageName,
  ...CardSlugs,
});
export type CardCreate = Static<typeof CardCreate>;

export const CardUpdate = Type.Object({
  title: text(LIMITS.title),
  description: text(LIMITS.description),
  titleEn: englishText(LIMITS.title, 'title'),
  descriptionEn: englishText(LIMITS.description, 'description'),
  image: Type.Optional(Type.Union([ImageName, Type.Literal(''), Type.Null()])),
  expectedUpdatedAt: ExpectedUpdatedAt,
  ...CardSlugs,
});
export type CardUpdate = Static<typeof CardUpdate>;

export const CardDetail = Type.Object({
  _id: Type.String(),
  cardId: Type.String(),
  title: Type.String(),
  description: Type.String(),
  titleEn: englishOut('title'),
  descriptionEn: englishOut('description'),
  language: ItemLanguage,
  imageUrl: Type.String(),
  image: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type CardDetail = Static<typeof CardDetail>;

export const DetailCreate = Type.Object({
  title: text(LIMITS.title),
  description: text(LIMITS.description),
  titleEn: englishText(LIMITS.title, 'title'),
  descriptionEn: englishText(LIMITS.description, 'description'),
  image: ImageName,
  id: Id,
});
export type DetailCreate = Static<typeof DetailCreate>;

/** A detail's update body is a card's; named for the route that takes it. @alias */
export const DetailUpdate = CardUpdate;
export type DetailUpdate = Static<typeof DetailUpdate>;

// ---- slides ----
export const Slide = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  details: Type.String(),
  titleEn: englishOut('title'),
  detailsEn: englishOut('details'),
  language: ItemLanguage,
  imageUrl: Type.String(),
  image: Type.String(),
  position: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Slide = Static<typeof Slide>;

export const SlideCreate = Type.Object({
  title: text(LIMITS.title),
  details: text(LIMITS.description),
  titleEn: englishText(LIMITS.title, 'title'),
  detailsEn: englishText(LIMITS.description, 'details'),
  image: ImageName,
});
export type SlideCreate = Static<typeof SlideCreate>;

export const SlideUpdate = Type.Object({
  title: text(LIMITS.title),
  details: text(LIMITS.description),
  titleEn: englishText(LIMITS.title, 'title'),
  detailsEn: englishText(LIMITS.description, 'details'),
  image: Type.Optional(Type.Union([ImageName, Type.Literal(''), Type.Null()])),
  expectedUpdatedAt: ExpectedUpdatedAt,
});
export type SlideUpdate = Static<typeof SlideUpdate>;

// ---- about & phone ----
const aboutField = Type.String({ maxLength: LIMITS.about });
const AboutFields = Type.Object({
  title: aboutField,
  description: aboutField,
  title2: aboutField,
  description2: aboutField,
  title3: aboutField,
  description3: aboutField,
});
export const About = Type.Intersect([AboutFields, Type.Object({ language: Language, updatedAt: Type.String() })]);
export type About = Static<typeof About>;
export const AboutSave = Type.Intersect([
  AboutFields,
  Type.Object({ language: Language, expectedUpdatedAt: ExpectedUpdatedAt }),
]);
export type AboutSave = Static<typeof AboutSave>;

/** The number is checked as a phone number by the server (src/shared/phone.ts), which names the field and gives an example. */
export const PhoneChange = Type.Object({
  phoneNumber: Type.String({
    minLength: 1,
    maxLength: LIMITS.phoneMax,
    description:
      'A Saudi mobile or landline number (050 123 4567, 011 234 5678) or an international one (+…); stored in international form',
  }),
});

// ---- contact details ----
export const SOCIAL_LINKS = ['instagram', 'x', 'tiktok', 'snapchat', 'facebook'] as const;
const socialLink = (name: string) =>
  Type.String({
    maxLength: LIMITS.link,
    description: `${name} profile: an https:// link, or the handle (@name), stored as the profile's link; '' when not set (then not shown)`,
  });
const cities = (language: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: LIMITS.city, pattern: VISIBLE_PATTERN }), {
    maxItems: LIMITS.cities,
    description: `Served cities in ${language}, in display order`,
  });
const time = (what: string) =>
  Type.String({ pattern: TIME_PATTERN, description: `${what}, HH:MM on a 24-hour clock (08:00, 16:30)` });
const dayHours = (day: string) =>
  Type.Array(
    Type.Object({
      from: time('Opening time'),
      to: time('Closing time; earlier than the opening time when it closes after midnight (16:00 to 01:00)'),
    }),
    {
      maxItems: MAX_RANGES,
      description: `${day}: [] = closed; one or two time ranges, the second starting after the first ends; only the last may close after midnight`,
    },
  );
const OpeningHours = Type.Unsafe<Hours>(
  Type.Object({
    sun: dayHours('Sunday'),
    mon: dayHours('Monday'),
    tue: dayHours('Tuesday'),
    wed: dayHours('Wednesday'),
    thu: dayHours('Thursday'),
    fri: dayHours('Friday'),
    sat: dayHours('Saturday'),
  }),
);
const hoursNote = (language: string) =>
  Type.String({
    maxLength: LIMITS.hoursNote,
    description: `A note under the opening hours in ${language} ("Friday after the prayer"), or ''`,
  });
const address = (language: string) =>
  Type.String({ maxLength: LIMITS.address, description: `The address in ${language} (free text), or ''` });
const MapLocation = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90, description: 'Latitude in degrees, like 24.7136' }),
  lng: Type.Number({ minimum: -180, maximum: 180, description: 'Longitude in degrees, like 46.6753' }),
});
/** Opening hours, the address and the map location: added later, so a save may leave them out (kept as stored). */
const PlaceFields = {
  hours: Type.Union([OpeningHours, Type.Null()], {
    description: 'Opening hours per day, Sunday first, in Saudi time; null = not shown',
  }),
  hoursNoteAr: hoursNote('Arabic'),
  hoursNoteEn: hoursNote('English'),
  addressAr: address('Arabic'),
  addressEn: address('English'),
  location: Type.Union([MapLocation, Type.Null()], { description: 'The place on the map; null = not set' }),
  mapsLink: Type.String({
    maxLength: LIMITS.mapsLink,
    description:
      "The Google Maps link visitors open (a place or share link, as the owner pasted it); '' = a link is made from the location, else from the address",
  }),
};
/**
 * On a save, the location may also be typed as text ("26.4207, 50.0888", Arabic digits and the
 * Arabic comma too), and is read from the Maps link when null: from its coordinates, or by following
 * a share link (maps.app.goo.gl) to the place it names.
 */
const LocationInput = Type.Union(
  [
    MapLocation,
    Type.Null(),
    Type.String({
      maxLength: LIMITS.coordinates,
      description: 'Latitude and longitude as text: "26.4207, 50.0888" or "٢٦٫٤٢٠٧، ٥٠٫٠٨٨٨"; \'\' = not set',
    }),
  ],
  {
    description:
      'The place on the map: {lat, lng}, the two numbers as text, or null (then read from mapsLink when it holds them)',
  },
);
const optional = <T extends Record<string, TSchema>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Type.Optional(v)])) as {
    [K in keyof T]: TOptional<T[K]>;
  };

export const ContactFields = Type.Object({
  email: Type.String({ maxLength: LIMITS.email, description: "Contact email, or '' when not set" }),
  whatsapp: Type.String({
    maxLength: LIMITS.phoneMax,
    description:
      "WhatsApp number, checked like the phone number and stored in international form; '' = use the phone number",
  }),
  instagram: socialLink('Instagram'),
  x: socialLink('X'),
  tiktok: socialLink('TikTok'),
  snapchat: socialLink('Snapchat'),
  facebook: socialLink('Facebook'),
  citiesAr: cities('Arabic'),
  citiesEn: cities('English'),
  ...PlaceFields,
});
export type ContactFields = Static<typeof ContactFields>;
export const Contact = Type.Object({
  ...ContactFields.properties,
  updatedAt: Type.String({ description: "When last saved ('' before the first save)" }),
});
export type Contact = Static<typeof Contact>;
/**
 * What a save may send: the place fields and the city lists are optional (left out, the stored ones
 * are kept; a site with city entries makes its lists from them, decision 031).
 */
const ContactInputFields = {
  ...ContactFields.properties,
  ...optional({
    ...PlaceFields,
    location: LocationInput,
    citiesAr: ContactFields.properties.citiesAr,
    citiesEn: ContactFields.properties.citiesEn,
  }),
};
export const ContactInput = Type.Object(ContactInputFields);
export type ContactInput = Static<typeof ContactInput>;
export const ContactSave = Type.Object({
  ...ContactInputFields,
  updatedAt: Type.Optional(
    Type.String({ maxLength: 40, description: 'updatedAt as read; 409 if the contact details changed since' }),
  ),
  expectedUpdatedAt: ExpectedUpdatedAt,
});
export type ContactSave = Static<typeof ContactSave>;

// ---- search titles ----
const seoText = (max: number, what: string) =>
  Type.String({
    maxLength: max,
    description: `${what}; '' = the site's default, naming the service and the served cities`,
  });
export const SeoFields = Type.Object({
  titleAr: seoText(LIMITS.seoTitle, "The Arabic headline of the pages' titles"),
  titleEn: seoText(LIMITS.seoTitle, "The English headline of the pages' titles"),
  descriptionAr: seoText(
    LIMITS.seoDescription,
    'The Arabic description of the home page for search results and shared links',
  ),
  descriptionEn: seoText(
    LIMITS.seoDescription,
    'The English description of the home page for search results and shared links',
  ),
});
export type SeoFields = Static<typeof SeoFields>;
export const Seo = Type.Object({
  ...SeoFields.properties,
  updatedAt: Type.String({ description: "When last saved ('' before the first save)" }),
});
export type Seo = Static<typeof Seo>;
export const SeoSave = Type.Object({ ...SeoFields.properties, expectedUpdatedAt: ExpectedUpdatedAt });
export type SeoSave = Static<typeof SeoSave>;

// ---- trust and proof ----
/**
 * One type list rather than a union: the server coerces types, and in a union a null would be
 * coerced into the integer branch's 0 before the null branch is tried.
 */
const figure = (max: number, what: string) =>
  Type.Unsafe<number | null>({
    type: ['integer', 'null'],
    minimum: 0,
    maximum: max,
    description: `${what}: a whole number from 0 to ${max}, or null when not shown`,
  });
/**
 * The links a customer follows to check the business (issue 34): its Google reviews, and the
 * official pages where the commercial registration and the VAT number are looked up. Pasted by
 * the owner; '' = not shown.
 */
const PROOF_LINKS = {
  reviewsLink: Type.String({
    maxLength: LIMITS.proofLink,
    description:
      "The Google Business Profile or its reviews (https://g.page/…, https://maps.app.goo.gl/…, https://www.google.com/…); '' = not shown",
  }),
  crCheckLink: Type.String({
    maxLength: LIMITS.proofLink,
    description:
      "The official page where the commercial registration is checked (an https address on .gov.sa or business.sa); '' = not shown",
  }),
  vatCheckLink: Type.String({
    maxLength: LIMITS.proofLink,
    description: "The official page where the VAT number is checked (an https address on .gov.sa); '' = not shown",
  }),
};
export const PROOF_LINK_FIELDS = ['reviewsLink', 'crCheckLink', 'vatCheckLink'] as const;
export const ProofQuote = Type.Object({
  id: Type.String({
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]*$',
    description: "The quote's id; '' on a new quote, and the server gives it one",
  }),
  textAr: Type.String({ maxLength: LIMITS.quote, description: "The customer's words in Arabic ('' = none)" }),
  textEn: Type.String({
    maxLength: LIMITS.quote,
    description: "The customer's words in English ('' = none); one of the two is needed",
  }),
  name: text(LIMITS.quoteName, 'The customer\'s name as they agree to be named ("أبو فهد", "Mohammed A.")'),
  cityAr: Type.String({ maxLength: LIMITS.quoteCity, description: "The customer's city in Arabic ('' = not said)" }),
  cityEn: Type.String({
    maxLength: LIMITS.quoteCity,
    description: "The customer's city in English ('' = the Arabic one)",
  }),
});
export type ProofQuote = Static<typeof ProofQuote>;
export const ProofFields = Type.Object({
  yearsInBusiness: figure(LIMITS.years, 'Years in business'),
  jobsDone: figure(LIMITS.jobs, 'Jobs done'),
  citiesServed: figure(LIMITS.citiesServed, 'Cities served'),
  guaranteeAr: Type.String({
    maxLength: LIMITS.guarantee,
    description: 'The guarantee in Arabic ("ضمان 5 سنوات"); \'\' = no badge',
  }),
  guaranteeEn: Type.String({
    maxLength: LIMITS.guarantee,
    description: 'The guarantee in English ("5-year guarantee"); \'\' = the Arabic one',
  }),
  crNumber: Type.String({
    maxLength: 30,
    description: "The commercial registration number: 10 digits (1010123456), or '' when not shown",
  }),
  vatNumber: Type.String({
    maxLength: 40,
    description:
      "The VAT registration number: 15 digits starting and ending with 3 (300123456700003), or '' when not shown",
  }),
  quotes: Type.Array(ProofQuote, { maxItems: LIMITS.quotes, description: 'Customer quotes, in display order' }),
  ...PROOF_LINKS,
});
export type ProofFields = Static<typeof ProofFields>;
export const Proof = Type.Object({
  ...ProofFields.properties,
  updatedAt: Type.String({ description: "When last saved ('' before the first save)" }),
});
export type Proof = Static<typeof Proof>;
/** What a save sends: every field, the links optional (a client from before they existed keeps the stored ones). */
export const ProofInput = Type.Object({
  ...ProofFields.properties,
  reviewsLink: Type.Optional(PROOF_LINKS.reviewsLink),
  crCheckLink: Type.Optional(PROOF_LINKS.crCheckLink),
  vatCheckLink: Type.Optional(PROOF_LINKS.vatCheckLink),
});
export type ProofInput = Static<typeof ProofInput>;
export const ProofSave = Type.Object({ ...ProofInput.properties, expectedUpdatedAt: ExpectedUpdatedAt });
export type ProofSave = Static<typeof ProofSave>;

// ---- keywords ----
export const Word = Type.Object({ _id: Type.String(), word: Type.String() });
export type Word = Static<typeof Word>;
export const WordCreate = Type.Object({ word: text(LIMITS.word) });

// ---- auth ----
const Email = Type.String({ minLength: 3, maxLength: LIMITS.email, format: 'email' });
export const Login = Type.Object({
  email: Email,
  password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
});
export const EmailOnly = Type.Object({ email: Email });
export const VerifyOtp = Type.Object({
  email: Email,
  otp: Type.String({ pattern: '^[0-9]{6}$', description: 'The 6-digit code from the email' }),
});
export const ResetPassword = Type.Object({
  password: Type.String({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax }),
});
/** The signed-in owner's password change: the current password proves it is them; the new one follows ResetPassword's rules. */
export const ChangePassword = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
  newPassword: Type.String({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax }),
  code: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 32,
      description:
        'With a factor set up before this sign-in and no re-check in the last 5 minutes: an app code or a recovery code',
    }),
  ),
});
export type ChangePassword = Static<typeof ChangePassword>;
/** A signed-in session as the Security screen lists it. */
export const SessionItem = Type.Object({
  id: Type.String({ description: "The session's public id (not its token or the token's digest)" }),
  browser: Type.Union([Type.String(), Type.Null()], {
    description: 'Browser and version from the User-Agent, e.g. "Chrome 126"; null when unknown',
  }),
  os: Type.Union([Type.String(), Type.Null()], {
    description: 'System from the User-Agent, e.g. "Windows 10"; null when unknown',
  }),
  createdAt: Type.String({ description: 'When the session began (signed in)' }),
  lastSeenAt: Type.String({ description: 'When the session was last used, up to 5 minutes stale' }),
  current: Type.Boolean({ description: 'True for the session making this call' }),
});
export type SessionItem = Static<typeof SessionItem>;

/** A ticket of a half-done sign-in or reset (see POST /api/auth/second-step). */
const Ticket = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'The ticket from the answer that asked for a second step',
});
/** The second step with a code: `code` is a 6-digit authenticator app code or a recovery code (ABCDE-FGH23). */
export const SecondStep = Type.Object({
  ticket: Ticket,
  code: Type.String({
    minLength: 1,
    maxLength: 32,
    description: 'A 6-digit authenticator app code, or a recovery code',
  }),
});
const PasskeyName = Type.String({
  minLength: 1,
  maxLength: 60,
  pattern: VISIBLE_PATTERN,
  description: 'A name the owner gives the passkey, e.g. "My phone"',
});
/**
 * Proof asked again before a factor is removed or recovery codes are replaced, when the session has
 * no re-check of the last 5 minutes (POST /api/auth/recheck): the password and, when the account had
 * a factor before this sign-in, a code of it.
 */
export const ConfirmAgain = Type.Object({
  currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.passwordMax })),
  code: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 32,
      description: 'An authenticator app code or a recovery code of a factor set up before this sign-in',
    }),
  ),
});
export type ConfirmAgain = Static<typeof ConfirmAgain>;
// Post-quantum passkeys (ML-DSA, which Chromium's authenticators offer) sign with up to ~6,200 base64url characters and keys of ~3,500.
const b64url = (max: number) => Type.String({ maxLength: max, pattern: '^[A-Za-z0-9_-]*$' });
/** What @simplewebauthn/browser's startAuthentication answers (a WebAuthn assertion, as JSON). */
const PasskeyAssertion = Type.Object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(8000),
    userHandle: Type.Optional(b64url(200)),
  }),
  clientExtensionResults: Type.Object({}),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
});
/** What @simplewebauthn/browser's startRegistration answers (a WebAuthn attestation, as JSON). */
const PasskeyAttestation = Type.Object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(16000),
    authenticatorData: Type.Optional(b64url(16000)),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 10 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(b64url(8000)),
  }),
  clientExtensionResults: Type.Object({}),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
});
export const PasskeySignIn = Type.Object({ response: PasskeyAssertion, ticket: Type.Optional(Ticket) });
/** The re-check: the password, with a code or a passkey answer of a factor that existed before this sign-in when the account had one. */
export const Recheck = Type.Object({
  password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
  code: Type.Optional(
    Type.String({ minLength: 1, maxLength: 32, description: 'An authenticator app code or a recovery code' }),
  ),
  passkey: Type.Optional(PasskeyAssertion),
});
export type Recheck = Static<typeof Recheck>;
export const RecheckState = Type.Object({
  until: Type.Union([Type.String(), Type.Null()], {
    description: "When this session's re-check runs out; null when it has none",
  }),
  methods: Type.Array(Type.Union([Type.Literal('passkey'), Type.Literal('totp'), Type.Literal('recovery')]), {
    description:
      'The factors a re-check takes beside the password (those set up before this sign-in); empty when the password alone does',
  }),
});
export type RecheckState = Static<typeof RecheckState>;
/** A change to how the owner signs in whose emailed undo link still works. */
export const PendingChange = Type.Object({
  id: Type.String(),
  kind: Type.Enum([
    'passkey-added',
    'passkey-removed',
    'totp-added',
    'totp-removed',
    'recovery-codes-replaced',
    'sessions-ended',
    'password-changed',
    'email-changed',
  ]),
  detail: Type.Object({ name: Type.Optional(Type.String()), email: Type.Optional(Type.String()) }),
  createdAt: Type.String(),
  expiresAt: Type.String({ description: 'When the undo link stops working' }),
  canConfirm: Type.Boolean({ description: 'True when this session began before the change, so it may confirm it' }),
});
export type PendingChange = Static<typeof PendingChange>;
export const AdmissionCode = Type.Object({
  email: Email,
  code: Type.String({ minLength: 8, maxLength: 20, description: 'The code from the email, like ABCD-EFGH' }),
});
export const EmailChangeStart = Type.Object({ newEmail: Email });
export const EmailChangeCode = Type.Object({
  code: Type.String({ pattern: '^\\s*[0-9]{6}\\s*$', description: 'The 6-digit code sent to the new address' }),
});
export const UndoToken = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});
export const PasskeyOptionsBody = Type.Object({ ticket: Type.Optional(Ticket) });
export const AddPasskey = Type.Object({ name: PasskeyName, response: PasskeyAttestation });
export const RenamePasskey = Type.Object({ name: PasskeyName });
export const TotpCode = Type.Object({
  code: Type.String({ pattern: '^\\s*[0-9]{6}\\s*$', description: 'The 6-digit code the app shows' }),
});
export const PasskeyItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
  backedUp: Type.Boolean({ description: 'Synced by its provider (e.g. iCloud Keychain, Google Password Manager)' }),
});
export type PasskeyItem = Static<typeof PasskeyItem>;
export const FactorsView = Type.Object({
  passkeys: Type.Array(PasskeyItem),
  totp: Type.Boolean({ description: 'An authenticator app is set up' }),
  recoveryCodesLeft: Type.Integer({ description: 'Unused recovery codes' }),
});
export type FactorsView = Static<typeof FactorsView>;
/** How a second step may be passed: a passkey, an authenticator app code, a recovery code. */
export const SecondStepInfo = Type.Object({
  ticket: Type.String({
    description:
      'Send it with the code to POST /api/auth/second-step, or with a passkey to POST /api/auth/passkey/sign-in; good for 5 minutes',
  }),
  methods: Type.Array(Type.Union([Type.Literal('passkey'), Type.Literal('totp'), Type.Literal('recovery')])),
});
export type SecondStepInfo = Static<typeof SecondStepInfo>;
// ---- system (admin home's System panel, /api/system, /healthz) ----
const SYSTEM_WARNINGS = [
  'backup-missing',
  'backup-failed',
  'restore-check-failed',
  'backup-stale',
  'mail-not-set-up',
  'mail-failing',
  'disk-low',
] as const;
export type SystemWarning = (typeof SYSTEM_WARNINGS)[number];
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const SystemFacts = Type.Object({
  version: Type.String({ description: 'The version of the site that runs (package.json)' }),
  release: Nullable(
    Type.String({ description: 'The release folder it runs from, on a server set up by deploy/install.sh' }),
  ),
  backup: Nullable(
    Type.Object({
      at: Type.String({ description: 'When the last backup run started (ISO)' }),
      file: Type.String({ description: 'Its file in DATA_DIR/backups (empty when the export failed)' }),
      bytes: Type.Integer({ minimum: 0 }),
      rows: Type.Integer({ minimum: 0 }),
      status: Type.Union([Type.Literal('ok'), Type.Literal('failed')]),
      restoreCheck: Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('not-run')]),
      problem: Type.String({ description: 'What went wrong, empty when ok' }),
      lastOkAt: Nullable(Type.String({ description: 'When the last good backup started' })),
    }),
  ),
  mail: Type.Object({
    configured: Type.Boolean({ description: 'SMTP_URL is set' }),
    testedAt: Nullable(Type.String()),
    testOk: Nullable(Type.Boolean({ description: 'The last test email was accepted' })),
  }),
  disk: Nullable(
    Type.Object(
      { freeBytes: Type.Number({ minimum: 0 }), totalBytes: Type.Number({ minimum: 0 }) },
      { description: "The data folder's disk" },
    ),
  ),
  warnings: Type.Array(Type.Enum([...SYSTEM_WARNINGS]), { description: 'What is stale or failing' }),
});
export type SystemFacts = Static<typeof SystemFacts>;
// ---- launch checklist (admin home) ----
/** What the owner still has to replace or fill in before the site is theirs, each fixed on one admin screen. */
const LAUNCH_CHECKS = [
  'slides',
  'products',
  'portfolio',
  'about',
  'phone',
  'email',
  'whatsapp',
  'social',
  'hours',
  'address',
  'map',
  'englishSlides',
  'englishProducts',
  'englishPortfolio',
  'englishAbout',
  'proof',
  'mail',
  'cities',
  'faq',
  'backup',
] as const;
export type LaunchCheckKey = (typeof LAUNCH_CHECKS)[number];
export const LaunchCheck = Type.Object({
  key: Type.Enum([...LAUNCH_CHECKS]),
  done: Type.Boolean(),
  count: Type.Integer({
    minimum: 0,
    description: 'How many items still need it (demo items, items without English); 0 or 1 for single values',
  }),
});
export type LaunchCheck = Static<typeof LaunchCheck>;

// ---- cities (issue 34): the served cities, each with a page at /cities/<slug> ----
/** A city page's address: ASCII lower case, digits and inner dashes ("riyadh", "al-khobar"). */
const CITY_SLUG_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$';
const cityText = (max: number, what: string) => Type.String({ maxLength: max, description: `${what}; '' = none` });
const CityFields = {
  slug: Type.String({
    pattern: CITY_SLUG_PATTERN,
    maxLength: 60,
    description:
      "The page's address, /cities/<slug> and /en/cities/<slug>: lower-case ASCII letters, digits and dashes",
  }),
  nameAr: text(LIMITS.city, "The city's name in Arabic"),
  nameEn: cityText(LIMITS.city, "The city's name in English"),
  introAr: cityText(
    LIMITS.cityIntro,
    "The city page's own introduction in Arabic (paragraphs separated by blank lines)",
  ),
  introEn: cityText(LIMITS.cityIntro, 'The introduction in English'),
  areasAr: cityText(LIMITS.cityAreas, 'Neighbourhoods or areas served in Arabic, one per line'),
  areasEn: cityText(LIMITS.cityAreas, 'The areas in English, one per line'),
  phone: Type.String({
    maxLength: LIMITS.phoneMax,
    description: "The city's own phone number, checked like the site's; '' = the site's number",
  }),
  whatsapp: Type.String({ maxLength: LIMITS.phoneMax, description: "The city's own WhatsApp number; '' = the site's" }),
  enabled: Type.Boolean({ description: 'Off: the city is not listed and has no page' }),
  position: Type.Integer({ minimum: 0, maximum: 1000, description: 'Display order, smallest first' }),
  projectIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
    maxItems: 500,
    uniqueItems: true,
    description:
      'The portfolio entries done in this city (an entry has one city: naming it here moves it from another)',
  }),
};
export const City = Type.Object({
  _id: Type.String(),
  ...CityFields,
  published: Type.Boolean({
    description: 'On, and with an introduction or a project: the page is public and in the sitemap',
  }),
  lacks: Type.Array(Type.Enum(['intro', 'project']), {
    description: 'When not published although on: it needs an introduction or a project',
  }),
  updatedAt: Type.String(),
});
export type City = Static<typeof City>;
const { slug: _slug, position: _position, projectIds: _projects, ...requiredCityFields } = CityFields;
/** A create or a full save; a slug left out is made from the English name (else the Arabic one's position). */
export const CityInput = Type.Object({
  ...requiredCityFields,
  slug: Type.Optional(CityFields.slug),
  position: Type.Optional(CityFields.position),
  projectIds: Type.Optional(CityFields.projectIds),
  expectedUpdatedAt: ExpectedUpdatedAt,
});
export type CityInput = Static<typeof CityInput>;

// ---- questions and answers (issue 34 point 4, decision 036) ----
const faqText = (max: number, what: string) => Type.String({ maxLength: max, description: `${what}; '' = none` });
const FaqFields = {
  questionAr: text(LIMITS.faqQuestion, 'The question in Arabic'),
  answerAr: text(LIMITS.faqAnswer, 'The answer in Arabic (paragraphs separated by blank lines)'),
  questionEn: faqText(LIMITS.faqQuestion, 'The question in English (written together with its answer)'),
  answerEn: faqText(LIMITS.faqAnswer, 'The answer in English'),
  cityId: Type.Union([Type.Null(), Id], {
    description: "Shown on this served city's page (a city id); null with cardId null = a general question (/faq)",
  }),
  cardId: Type.Union([Type.Null(), Id], { description: "Shown on this product's page (a product card id)" }),
  enabled: Type.Boolean({ description: 'Off: kept, shown nowhere' }),
  position: Type.Integer({ minimum: 0, maximum: 1000, description: 'Display order, smallest first' }),
};
export const Faq = Type.Object({
  _id: Type.String(),
  ...FaqFields,
  updatedAt: Type.String(),
});
export type Faq = Static<typeof Faq>;
const { position: _faqPosition, ...requiredFaqFields } = FaqFields;
/** A create or a full save; a question is tied to a city or a product, not both. */
export const FaqInput = Type.Object({
  ...requiredFaqFields,
  position: Type.Optional(FaqFields.position),
  expectedUpdatedAt: ExpectedUpdatedAt,
});
export type FaqInput = Static<typeof FaqInput>;
/** The new order of every question: their ids, first shown first. */
export const FaqOrder = Type.Object({
  ids: Type.Array(Id, { maxItems: LIMITS.faqs, uniqueItems: true, description: 'Every question id, in order' }),
});
export type FaqOrder = Static<typeof FaqOrder>;
