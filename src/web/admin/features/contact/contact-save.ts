import { useState } from 'react';
import { ApiError, type FieldError } from '../../lib/api.ts';
import { contact, type Contact, type ContactInput } from '../../lib/endpoints.ts';
import { notify } from '../../lib/notify.ts';
import { undoEdit } from '../../lib/undo.ts';
import type { Loaded } from '../../lib/use-load.ts';

/** `said`: a message made here, already in the dashboard's language (else the server's, to be said). */
export interface Problem {
  field: string | null;
  message: string;
  said?: boolean;
}

/** The problems a refusal names: every field the server listed, or the one message (a 409, say). */
export function problemsOf(err: unknown): Problem[] {
  if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 409)) return [];
  if (err.status === 400 && err.fields.length > 0)
    return err.fields.map((f: FieldError) => ({ field: f.field, message: f.message }));
  return [{ field: err.status === 400 ? (err.message.split(' ', 1)[0] ?? null) : null, message: err.message }];
}

/**
 * Saving one section of the contact details (the opening hours, the address): the section's fields
 * with the others as read, against the version read (409 if another save came first). Every field
 * a refusal names is kept for the section to show under it; `form` names the section's toasts.
 */
export function useContactSave(loaded: Loaded<Contact>, form: string) {
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const save = async (part: Partial<ContactInput>): Promise<boolean> => {
    const current = loaded.data;
    if (!current || saving) return false;
    setSaving(true);
    try {
      const { updatedAt, ...stored } = current;
      const answer = await contact.save({ ...stored, ...part }, updatedAt);
      loaded.set(answer.data);
      setProblems([]);
      notify.undoable(answer.message, () => undoEdit('contact', answer.data.updatedAt), form);
      return true;
    } catch (err) {
      setProblems(problemsOf(err));
      notify.failure(err, form);
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { saving, problems, setProblems, save };
}
