import { useSyncExternalStore } from 'react';

/** Whether a media query matches, kept current as the window changes. */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** The specification's narrow layout: below 992 px the side navigation becomes a drawer. */
export const NARROW = '(max-width: 991.98px)';
