import { nextUpdatedAt, type Db } from '../db/database.ts';
import { assertSwapped, assertVersion } from '../lib/concurrency.ts';
import { InvalidInputError } from '../lib/domain-errors.ts';
import { recordChange } from '../history/history-repository.ts';
import { phone } from '../lib/phone.ts';
import { phoneRefusal } from '../../shared/phone.ts';
import { hoursProblem, WEEK_DAYS, type OpeningHours } from '../../shared/hours.ts';
import { SOCIAL_LINKS, type Contact, type ContactFields, type ContactInput } from '../../shared/schemas.ts';

/**
 * The business's contact details (email, WhatsApp, social links, served cities, opening hours,
 * address and map location), kept as one JSON settings row so they are edited and versioned
 * together. '' (null for the hours and the location) = not set.
 */
const CONTACT_KEY = 'contact';

const EMPTY_FIELDS: ContactFields = {
  email: '', whatsapp: '', instagram: '', x: '', tiktok: '', snapchat: '', facebook: '',
  citiesAr: [], citiesEn: [],
  hours: null, hoursNoteAr: '', hoursNoteEn: '', addressAr: '', addressEn: '', location: null,
};
const EMPTY_CONTACT: Contact = { ...EMPTY_FIELDS, updatedAt: '' };

/** Every field, with the value "not set" for those `fields` lacks (details saved before a field existed). */
export const withDefaults = <T extends Partial<ContactFields>>(fields: T): ContactFields & T => ({ ...EMPTY_FIELDS, ...fields });

function parse(value: string | undefined): Contact {
  if (!value) return { ...EMPTY_CONTACT };
  try {
    const stored = { ...EMPTY_CONTACT, ...(JSON.parse(value) as Partial<Contact>) };
    // Numbers saved before they were checked are shown in international form when they are valid.
    return { ...stored, whatsapp: phone.international(stored.whatsapp) ?? stored.whatsapp };
  } catch {
    return { ...EMPTY_CONTACT };
  }
}

/** The stored contact details; all empty before the first save. */
export async function getContact(db: Db): Promise<Contact> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', CONTACT_KEY).executeTakeFirst();
  return parse(row?.value);
}

// Deliberately plain: one @, no spaces, a dot in the domain. The schema limits the length.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Free text of one line or a few: spaces trimmed at the ends of each line, no empty lines. */
const tidy = (text: string): string => text.split('\n').map((l) => l.replace(/[ \t]+/g, ' ').trim()).filter(Boolean).join('\n');

/** Each day's ranges, as sent (the schema checked their shape); refuses ranges that end before they start or overlap. */
function normaliseHours(hours: OpeningHours | null): OpeningHours | null {
  if (hours === null) return null;
  const out = Object.fromEntries(WEEK_DAYS.map((d) => [d, hours[d].map((r) => ({ from: r.from, to: r.to }))])) as OpeningHours;
  const problem = hoursProblem(out);
  if (problem) throw new InvalidInputError(problem.field, problem.message);
  return out;
}

/** Degrees to 6 decimals (about 10 cm): more says nothing about where a shop is. */
const degrees = (n: number): number => Math.round(n * 1e6) / 1e6;

/** Trims and checks what the schema cannot say clearly; answers the values to store. */
export function normaliseContact(input: ContactFields): ContactFields {
  const out: ContactFields = {
    email: input.email.trim(),
    whatsapp: input.whatsapp.replace(/\s+/g, ' ').trim(),
    instagram: input.instagram.trim(),
    x: input.x.trim(),
    tiktok: input.tiktok.trim(),
    snapchat: input.snapchat.trim(),
    facebook: input.facebook.trim(),
    citiesAr: input.citiesAr.map((c) => c.trim()),
    citiesEn: input.citiesEn.map((c) => c.trim()),
    hours: normaliseHours(input.hours),
    hoursNoteAr: tidy(input.hoursNoteAr),
    hoursNoteEn: tidy(input.hoursNoteEn),
    addressAr: tidy(input.addressAr),
    addressEn: tidy(input.addressEn),
    location: input.location ? { lat: degrees(input.location.lat), lng: degrees(input.location.lng) } : null,
  };
  if (out.email !== '' && !EMAIL.test(out.email)) throw new InvalidInputError('email', 'email must be a valid email address, like name@example.com.');
  if (out.whatsapp !== '') {
    const whatsapp = phone.international(out.whatsapp);
    if (!whatsapp) throw new InvalidInputError('whatsapp', `${phoneRefusal('whatsapp')} Leave it empty to use the phone number.`);
    out.whatsapp = whatsapp;
  }
  for (const name of SOCIAL_LINKS) {
    const link = out[name];
    if (link === '') continue;
    let url: URL | undefined;
    try { url = new URL(link); } catch { url = undefined; }
    if (!url || url.protocol !== 'https:' || !url.hostname.includes('.')) {
      throw new InvalidInputError(name, `${name} must be a link starting with https:// (for example https://www.${name === 'x' ? 'x' : name}.com/yourname), or empty.`);
    }
  }
  return out;
}

/**
 * Saves the contact details. With `expected` (the updatedAt the editor read), answers 409 when
 * they changed since; the write itself is a compare-and-set on the stored value.
 */
export async function saveContact(db: Db, input: ContactInput, expected: string | undefined, actor?: string): Promise<Contact> {
  return db.transaction().execute((trx) => writeContact(trx, input, expected, actor));
}

/** The write of saveContact inside a transaction the caller holds (the demo seed); with `actor`, kept in the history. */
export async function writeContact(db: Db, input: ContactInput, expected: string | undefined, actor?: string): Promise<Contact> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', CONTACT_KEY).executeTakeFirst();
  const current = parse(row?.value);
  // A field left out (a client from before the opening hours and the address existed) keeps what is stored.
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<ContactFields>;
  const { updatedAt: _u, ...stored } = current;
  const fields = normaliseContact({ ...stored, ...given });
  assertVersion(expected, current.updatedAt);
  const next: Contact = { ...fields, updatedAt: nextUpdatedAt(current.updatedAt) };
  const value = JSON.stringify(next);
  if (!row) {
    await db.insertInto('settings').values({ key: CONTACT_KEY, value }).execute();
  } else {
    const r = await db.updateTable('settings').set({ value }).where('key', '=', CONTACT_KEY).where('value', '=', row.value).executeTakeFirst();
    assertSwapped(r);
  }
  if (actor !== undefined) {
    await recordChange(db, { kind: 'contact', itemId: 'contact', title: next.email, before: { ...current }, after: { ...next }, actor });
  }
  return next;
}
