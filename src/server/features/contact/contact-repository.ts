import type { Db } from '../../db/database.ts';
import { settingsRow } from '../settings/settings-row.ts';
import { phone } from '../../lib/phone.ts';
import type { Contact, ContactFields, ContactInput } from '../../../shared/schemas.ts';
import { normaliseContact, type ContactDraft } from './contact-rules.ts';

/**
 * The business's contact details (email, WhatsApp, social links, served cities, opening hours,
 * address, map location and Maps link), kept as one JSON settings row so they are edited and versioned
 * together. '' (null for the hours and the location) = not set.
 */
const CONTACT_KEY = 'contact';

const EMPTY_FIELDS: ContactFields = {
  email: '',
  whatsapp: '',
  instagram: '',
  x: '',
  tiktok: '',
  snapchat: '',
  facebook: '',
  citiesAr: [],
  citiesEn: [],
  hours: null,
  hoursNoteAr: '',
  hoursNoteEn: '',
  addressAr: '',
  addressEn: '',
  location: null,
  mapsLink: '',
};
const EMPTY_CONTACT: Contact = { ...EMPTY_FIELDS, updatedAt: '' };

/** Every field, with the value "not set" for those `fields` lacks (details saved before a field existed). */
export const withDefaults = <T extends Partial<ContactDraft>>(fields: T): ContactDraft & T => ({
  ...EMPTY_FIELDS,
  ...fields,
});

const contactRow = settingsRow<Contact>({
  key: CONTACT_KEY,
  empty: EMPTY_CONTACT,
  // Numbers saved before they were checked are shown in international form when they are valid.
  read: (stored) => ({ ...stored, whatsapp: phone.international(stored.whatsapp) ?? stored.whatsapp }),
  history: { kind: 'contact', title: (next) => next.email },
});

/** The stored contact details; all empty before the first save. */
export const getContact = contactRow.get;

/**
 * Saves the contact details. With `expected` (the updatedAt the editor read), answers 409 when
 * they changed since; the write itself is a compare-and-set on the stored value.
 */
export async function saveContact(
  db: Db,
  input: ContactInput,
  expected: string | undefined,
  actor?: string,
): Promise<Contact> {
  return db.transaction().execute((trx) => writeContact(trx, input, expected, actor));
}

/** The write of saveContact inside a transaction the caller holds (the demo seed); with `actor`, kept in the history. */
export async function writeContact(
  db: Db,
  input: ContactInput,
  expected: string | undefined,
  actor?: string,
): Promise<Contact> {
  const { updatedAt: _u, ...stored } = await contactRow.get(db);
  // A field left out (a client from before the opening hours and the address existed) keeps what is stored.
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<ContactDraft>;
  return contactRow.write(db, normaliseContact({ ...stored, ...given }), expected, actor);
}
