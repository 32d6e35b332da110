import type { Db } from '../../db/database.ts';
import type { Contact, ContactInput } from '../../../shared/schemas.ts';
import { writeRow } from '../settings/settings-service.ts';
import { contactRow, getContact } from './contact-repository.ts';
import { normaliseContact, type ContactDraft } from './contact-rules.ts';

/**
 * The stored contact details as every feature reads and writes them (the pages, the cities'
 * lists, the requests' cities, the launch checklist): through this service, never the
 * repository (decision 034). The admin's save of the form is contact-form-service.ts.
 */
export { getContact, withDefaults } from './contact-repository.ts';

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
  const { updatedAt: _u, ...stored } = await getContact(db);
  // A field left out (a client from before the opening hours and the address existed) keeps what is stored.
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<ContactDraft>;
  return writeRow(contactRow, db, normaliseContact({ ...stored, ...given }), expected, actor);
}
