/**
 * Toasts, configured to the specification (section 9): 4000 ms by default and for errors,
 * 2000 ms for successes, at most 20 at once. The headless build of react-hot-toast is used so
 * the toasts are styled by our stylesheet (its styled build injects inline CSS, which our CSP refuses).
 */
import { toast, type DefaultToastOptions } from 'react-hot-toast/headless';
import { errorText } from './api.ts';

export const TOAST_LIMIT = 20;
export const TOAST_OPTIONS: DefaultToastOptions = {
  duration: 4000,
  success: { duration: 2000 },
  error: { duration: 4000 },
};

/** An undoable success toast stays this long: time to read it and reach its button (issue 26). */
const UNDO_TOAST_MS = 10_000;
/** Toasts with an Undo button, by toast id: what the button does. */
export const undoActions = new Map<string, () => Promise<void>>();
/** Screens listen for this to read their data again after an Undo. */
export const RESTORED_EVENT = 'admin:restored';
let undoCount = 0;

export const notify = {
  /**
   * A success toast with an Undo button: `undo` puts back what was there and answers the
   * server's message, which a second toast shows.
   */
  undoable: (message: string, undo: () => Promise<string>) => {
    // The action is known before the toast exists, so its first render already has the button.
    const id = `undo-${++undoCount}`;
    undoActions.set(id, async () => {
      toast.dismiss(id);
      undoActions.delete(id);
      try {
        toast.success(await undo());
        window.dispatchEvent(new Event(RESTORED_EVENT));
      } catch (err) {
        toast.error(errorText(err));
      }
    });
    toast.success(message, { id, duration: UNDO_TOAST_MS });
    setTimeout(() => undoActions.delete(id), UNDO_TOAST_MS + 1000);
    return id;
  },
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  /** An error toast with the server's message, or 'Error occurred'. */
  failure: (err: unknown) => toast.error(errorText(err)),
};
