import { useEditor, type Problem } from '../../components/editor-panel.tsx';
import { contact, type Contact, type ContactInput } from '../../lib/endpoints.ts';
import { notify } from '../../lib/notify.ts';
import { undoEdit } from '../../lib/undo.ts';
import type { Loaded } from '../../lib/use-load.ts';

/**
 * The editor of one section of the contact details (the opening hours, the address): the
 * section's fields sent with the others as read, against the version read (409 if another save
 * came first), the saved details put in place for the other sections. `form` names its toasts.
 */
export function useContactSection<D>(
  loaded: Loaded<Contact>,
  section: {
    id: string;
    form: string;
    toDraft: (stored: Contact) => D;
    /** The section's fields as the API takes them. */
    toPart: (draft: D, stored: Contact) => Partial<ContactInput>;
    check?: (draft: D, stored: Contact) => Problem | null;
    fieldOf: (field: string) => string | null;
    elementId?: (key: string) => string;
  },
) {
  const stored = loaded.data;
  return useEditor({
    id: section.id,
    form: section.form,
    saved: stored ? section.toDraft(stored) : null,
    fieldOf: section.fieldOf,
    elementId: section.elementId,
    check: (draft) => (stored ? (section.check?.(draft, stored) ?? null) : null),
    send: (draft) => {
      const { updatedAt, ...fields } = stored!;
      return contact.save({ ...fields, ...section.toPart(draft, stored!) }, updatedAt);
    },
    done: (answer) => {
      loaded.set(answer.data);
      notify.undoable(answer.message, () => undoEdit('contact', answer.data.updatedAt), section.form);
    },
  });
}
