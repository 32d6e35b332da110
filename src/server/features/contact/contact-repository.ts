import { settingsRow } from '../settings/settings-row.ts';
import { phone } from '../../lib/phone.ts';
import type { Contact, ContactFields } from '../../../shared/schemas.ts';
import type { ContactDraft } from './contact-rules.ts';

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

export const contactRow = settingsRow<Contact>({
  key: CONTACT_KEY,
  empty: EMPTY_CONTACT,
  // Numbers saved before they were checked are shown in international form when they are valid.
  read: (stored) => ({ ...stored, whatsapp: phone.international(stored.whatsapp) ?? stored.whatsapp }),
  history: { kind: 'contact', title: (next) => next.email },
});

/** The stored contact details; all empty before the first save. */
export const getContact = contactRow.get;
