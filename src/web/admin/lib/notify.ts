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

export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  /** An error toast with the server's message, or 'Error occurred'. */
  failure: (err: unknown) => toast.error(errorText(err)),
};
