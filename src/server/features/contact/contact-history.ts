import type { Contact } from '../../../shared/schemas.ts';
import type { ContentKind } from '../history/content-kind.ts';
import { latestChangeOf } from '../history/history-service.ts';
import { getContact, withDefaults } from './contact-repository.ts';
import { writeContact } from './contact-service.ts';

/** The contact details as the History restores them (history/content-kind.ts): saved again as they were. */
export const contactKind: ContentKind = {
  current: async (db) => (await getContact(db)).updatedAt,
  apply: async (trx, id, v, { expected, actor }) => {
    // A field the version lacks did not exist yet when it was saved: restored as not set.
    const { updatedAt: _u, ...fields } = withDefaults(v as Partial<Contact>);
    await writeContact(trx, fields, expected, actor);
    return latestChangeOf(trx, 'contact', id);
  },
};
