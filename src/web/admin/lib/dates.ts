import { useMemo } from 'react';
import type { Language } from '../../../shared/language.ts';

/**
 * A moment as the dashboard's language writes it, by Intl: "26 نوفمبر 2026 في 5:34 م",
 * "26 November 2026 at 17:34". The month is a word, so no run of digits and slashes can be
 * reordered beside a Latin name (an email) in a right-to-left line; Arabic keeps the Western
 * digits the rest of the dashboard writes.
 */
export function useDateTime(lang: Language): Intl.DateTimeFormat {
  return useMemo(
    () =>
      new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    [lang],
  );
}
