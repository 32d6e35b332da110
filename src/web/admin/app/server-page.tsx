import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SIGN_IN_HANDOVER_KEY, type SignInHandover } from '../lib/messages.ts';

/**
 * Opens the sign-in page, which the server renders itself (no React in it: decision 029), with a
 * full load: `from` (where the owner was headed) and `note` (a success to say there) go with it in
 * session storage. A full load, not a route change: the address changes only with the page.
 */
export function openSignIn(path: string, handover: SignInHandover = {}): void {
  sessionStorage.setItem(SIGN_IN_HANDOVER_KEY, JSON.stringify(handover));
  window.location.replace(path);
}

/** The app's route for the sign-in page: an in-app link there loads it from the server. */
export function ServerPage() {
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  useEffect(() => {
    openSignIn(window.location.pathname, typeof from === 'string' ? { from } : {});
    // Once, as the route opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
