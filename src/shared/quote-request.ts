/**
 * The request form ("Request a free inspection", issue 35): its fields, their limits and the
 * checks the server makes (src/server/features/requests/request-form.ts) and the browser repeats
 * as the visitor types (src/web/public/islands/request-form.ts). Small, with no dependency: the
 * island imports it.
 */

/** The kinds of building a visitor picks from; the words are in the dictionaries. */
export const BUILDINGS = ['villa', 'building', 'mosque', 'shop', 'factory', 'other'] as const;
export type Building = (typeof BUILDINGS)[number];

/** The city value meaning "a city not in the list" (the visitor may name it). */
export const OTHER_CITY = 'other';

export const REQUEST_LIMITS = {
  name: 80,
  phone: 30,
  city: 60,
  cityOther: 60,
  problem: 2000,
  preferredTime: 100,
  /** Photos a request carries at most. */
  photos: 5,
  /** Requests the whole site stores a day, whoever sends them (requests-service.ts; backups read within it). */
  storedPerDay: 300,
  /** The owner's notes on a request. */
  notes: 4000,
  /** The owner's changes to one request (status, notes) its history keeps, the newest. */
  changesKept: 20,
  /** The honeypot and the product id are short; anything longer is refused with the request. */
  product: 100,
} as const;

/** What the visitor typed, as the form sends it (every value a string; consent is 'yes' when ticked). */
export interface RequestValues {
  name: string;
  phone: string;
  city: string;
  cityOther: string;
  building: string;
  problem: string;
  preferredTime: string;
  consent: boolean;
  /** The product the form was opened from ('' = none). */
  product: string;
}

export const EMPTY_REQUEST: RequestValues = {
  name: '',
  phone: '',
  city: '',
  cityOther: '',
  building: '',
  problem: '',
  preferredTime: '',
  consent: false,
  product: '',
};

export type RequestField = keyof RequestValues | 'photos';

/** Why a field was refused; the dictionaries say each in words (`request.errors`). */
export type RequestErrorCode =
  | 'required'
  | 'tooLong'
  | 'phone'
  | 'city'
  | 'building'
  | 'consent'
  | 'photoCount'
  | 'photoKind'
  | 'photoSize'
  | 'photoPixels'
  | 'busy'
  | 'tooMany';

export type RequestErrors = Partial<Record<RequestField, RequestErrorCode>>;

/** The order fields are shown (and their errors listed) in. */
export const REQUEST_FIELDS: readonly RequestField[] = [
  'name',
  'phone',
  'city',
  'cityOther',
  'building',
  'problem',
  'photos',
  'preferredTime',
  'consent',
];

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** A typed value as it is kept: whole characters only, no control characters, trimmed. */
export const cleanText = (value: string): string =>
  value.toWellFormed().replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();

/**
 * The checks that need nothing but the values and the listed cities (`phoneOk` is the caller's:
 * the server checks the numbering plan, the browser only the digits). Answers every refused field.
 */
export function checkRequest(
  values: RequestValues,
  cities: readonly string[],
  phoneOk: (phone: string) => boolean,
): RequestErrors {
  const errors: RequestErrors = {};
  const text = (field: 'name' | 'cityOther' | 'problem' | 'preferredTime', required: boolean) => {
    const value = values[field];
    if (required && value === '') errors[field] = 'required';
    else if (value.length > REQUEST_LIMITS[field]) errors[field] = 'tooLong';
  };
  text('name', true);
  if (values.phone === '') errors.phone = 'required';
  else if (values.phone.length > REQUEST_LIMITS.phone || !phoneOk(values.phone)) errors.phone = 'phone';
  if (values.city === '') errors.city = 'required';
  else if (values.city !== OTHER_CITY && !cities.includes(values.city)) errors.city = 'city';
  text('cityOther', false);
  if (values.building === '') errors.building = 'required';
  else if (!(BUILDINGS as readonly string[]).includes(values.building)) errors.building = 'building';
  text('problem', true);
  text('preferredTime', false);
  if (!values.consent) errors.consent = 'consent';
  return errors;
}

/** A request's reference as the visitor and the owner read it: six digits. */
export const REFERENCE_RE = /^[0-9]{6}$/;

/** The statuses a request goes through on the owner's screen. */
export type RequestStatus = 'new' | 'contacted' | 'done' | 'spam';
