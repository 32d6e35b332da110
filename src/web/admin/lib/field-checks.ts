import type { Dict } from '../i18n/dictionary.ts';

/**
 * The checks a form makes before it sends, said in the dashboard's language under the field (the
 * forms are noValidate: no browser bubble in the browser's own language). The server checks again.
 */

// As plain as the server's: one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const requiredProblem = (value: string, t: Pick<Dict, 'requiredField'>): string | undefined =>
  value.trim() === '' ? t.requiredField : undefined;

export const emailProblem = (value: string, t: Pick<Dict, 'requiredField' | 'emailFormat'>): string | undefined =>
  requiredProblem(value, t) ?? (EMAIL.test(value.trim()) ? undefined : t.emailFormat);

/** Focuses the first field of `ids` that has a problem; answers whether there was one. */
export function focusFirstProblem(problems: Record<string, string | undefined>, ids: Record<string, string>): boolean {
  const first = Object.keys(ids).find((k) => problems[k]);
  if (first) document.getElementById(ids[first]!)?.focus();
  return first !== undefined;
}
