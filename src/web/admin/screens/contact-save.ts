import { useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { contact, type Contact, type ContactInput } from '../lib/endpoints.ts';
import { notify } from '../lib/notify.ts';
import { undoEdit } from '../lib/undo.ts';
import type { Loaded } from '../lib/use-load.ts';

/** `said`: a message made here, already in the dashboard's language (else the server's, to be said). */
export interface Problem { field: string | null; message: string; said?: boolean }

/**
 * Saving one section of the contact details (the opening hours, the address): the section's fields
 * with the others as read, against the version read (409 if another save came first). A refusal
 * naming a field (its first word, like "hours.fri.0.to") is kept for the section to show under it.
 */
export function useContactSave(loaded: Loaded<Contact>) {
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const save = async (part: Partial<ContactInput>): Promise<boolean> => {
    const current = loaded.data;
    if (!current || saving) return false;
    setSaving(true);
    try {
      const { updatedAt, ...stored } = current;
      const answer = await contact.save({ ...stored, ...part }, updatedAt);
      loaded.set(answer.data);
      setProblem(null);
      notify.undoable(answer.message, () => undoEdit('contact', answer.data.updatedAt));
      return true;
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 409)) {
        setProblem({ field: err.status === 400 ? err.message.split(' ', 1)[0] ?? null : null, message: err.message });
      }
      notify.failure(err);
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { saving, problem, setProblem, save };
}
