/**
 * Toasts (durations and limit in notify-options.ts). The headless build of react-hot-toast is used so
 * the toasts are styled by our stylesheet (its styled build injects inline CSS, which our CSP refuses).
 */
import { createElement } from 'react';
import { toast } from 'react-hot-toast/headless';
import { SaidText } from '../i18n/language.tsx';
import type { Said } from '../i18n/server-messages.ts';
import { errorText } from './api.ts';

/** A toast's text: English strings are said by the toaster; a refusal by code by its own element, in the admin's language. */
const toastText = (text: Said) => (typeof text === 'string' ? text : createElement(SaidText, { text }));

/**
 * An undoable success toast stays this long at least: time to read it and reach its button (issue 26).
 * The pointer on a toast (or the keyboard focus in one) stops the clock until it leaves (toaster.tsx).
 */
const UNDO_TOAST_MS = 10_000;
/** Toasts with an Undo button, by toast id: what the button does. Forgotten when the toast goes (toaster.tsx). */
export const undoActions = new Map<string, () => Promise<void>>();
/** Screens listen for this to read their data again after an Undo. */
export const RESTORED_EVENT = 'admin:restored';
let undoCount = 0;

/**
 * Which form raised each error toast still up: a later success of the same form takes them down
 * (a wrong password, then the right one: the red toast goes with "Welcome Back").
 */
const errorsOf = new Map<string, Set<string>>();

function clearErrors(form: string | undefined): void {
  if (!form) return;
  for (const id of errorsOf.get(form) ?? []) toast.dismiss(id);
  errorsOf.delete(form);
}

function error(message: Said, form?: string): string {
  const id = toast.error(toastText(message));
  if (form) errorsOf.set(form, (errorsOf.get(form) ?? new Set()).add(id));
  return id;
}

export const notify = {
  /**
   * A success toast with an Undo button: `undo` puts back what was there and answers the
   * message a second toast shows.
   */
  undoable: (message: string, undo: () => Promise<string>, form?: string) => {
    clearErrors(form);
    // The action is known before the toast exists, so its first render already has the button.
    const id = `undo-${++undoCount}`;
    undoActions.set(id, async () => {
      toast.dismiss(id);
      undoActions.delete(id);
      try {
        toast.success(await undo());
        window.dispatchEvent(new Event(RESTORED_EVENT));
      } catch (err) {
        toast.error(toastText(errorText(err)));
      }
    });
    toast.success(message, { id, duration: UNDO_TOAST_MS });
    return id;
  },
  /** A success; with `form`, the error toasts that form raised before go. */
  success: (message: string, form?: string) => {
    clearErrors(form);
    return toast.success(message);
  },
  error,
  /** An error toast saying the server's refusal by its code, or 'Error occurred'. */
  failure: (err: unknown, form?: string) => error(errorText(err), form),
};
