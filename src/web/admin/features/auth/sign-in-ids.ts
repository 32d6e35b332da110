import type { Dict } from '../../i18n/dictionary.ts';

/**
 * The sign-in page's elements the script works with, by id: the page's markup
 * (sign-in-page.tsx, server only) and its script (src/web/admin/sign-in.ts) both read this list.
 */
export const SIGN_IN = {
  page: 'sign-in',
  language: 'sign-in-language',
  first: 'sign-in-first',
  form: 'sign-in-form',
  email: 'sign-in-email',
  password: 'sign-in-password',
  hideIcon: 'sign-in-hide-icon',
  submit: 'sign-in-submit',
  or: 'sign-in-or',
  passkey: 'sign-in-passkey',
  admit: 'sign-in-admit',
  second: 'sign-in-second',
  usePasskey: 'sign-in-use-passkey',
  secondOr: 'sign-in-second-or',
  codeForm: 'sign-in-code-form',
  code: 'sign-in-code',
  confirm: 'sign-in-confirm',
  restart: 'sign-in-restart',
  errors: 'sign-in-errors',
  notes: 'sign-in-notes',
} as const;

/**
 * The dashboard's words the script says, given by the page in its language (`data-words` on the
 * page's element, from the admin's dictionaries): the script does not carry both dictionaries.
 */
export const SIGN_IN_WORDS = ['requiredField', 'emailFormat', 'showPassword', 'hidePassword', 'dismiss'] as const;
export type SignInWords = Pick<Dict, (typeof SIGN_IN_WORDS)[number]>;
