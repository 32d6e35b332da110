/**
 * How long toasts stay and how many show at once, to the specification (section 9): 4000 ms by
 * default and for errors, 2000 ms for successes, at most 20 at once. Read by the app's toaster
 * (lib/notify.ts, components/toaster.tsx) and by the sign-in page's, which has no React.
 */
import type { DefaultToastOptions } from 'react-hot-toast/headless';

export const TOAST_LIMIT = 20;
export const TOAST_OPTIONS = {
  duration: 4000,
  success: { duration: 2000 },
  error: { duration: 4000 },
} satisfies DefaultToastOptions;
