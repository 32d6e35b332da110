import { AUTH_ERRORS, HTTP_ERRORS, INPUT_ERRORS } from './error-texts-account.ts';
import { CONTENT_ERRORS } from './error-texts-content.ts';

/**
 * Every error the API answers, by a stable code, with its English text: the answer's `message`,
 * which the contract fixes word for word. The code is what clients (the admin) translate by; a
 * rewording of the English changes no code. A text that says a value (a limit, a field) is a
 * function of `params`, which the answer carries too, so the admin says the same values in its
 * own words. Codes are `area.what`, lower case with underscores; a code once answered is never
 * renamed or reused for another meaning (decision 037).
 *
 * The texts are in two modules by who shows them: error-texts-account.ts (requests, fields,
 * signing in and the account: the sign-in page's script carries these, and its weight is budgeted)
 * and error-texts-content.ts (the content screens, loaded with their chunk). This module puts them
 * together for the server and the tests.
 */

/** What a text may say: strings and numbers. */
export type ErrorParamValues = Record<string, string | number>;

/** The whole catalogue: every code the API answers. */
const ERROR_TEXTS = { ...HTTP_ERRORS, ...INPUT_ERRORS, ...AUTH_ERRORS, ...CONTENT_ERRORS };

export type ErrorCode = keyof typeof ERROR_TEXTS;
export const ERROR_CODES = /* @__PURE__ */ Object.keys(ERROR_TEXTS) as ErrorCode[];

/** The values code `C`'s text says (`undefined` when it says none). */
type ErrorParams<C extends ErrorCode> = (typeof ERROR_TEXTS)[C] extends (p: infer P) => string ? P : undefined;
/** The codes whose texts say no values. */
export type PlainCode = { [C in ErrorCode]: ErrorParams<C> extends undefined ? C : never }[ErrorCode];
/** The arguments after a code: its params when its text has any, nothing otherwise. */
export type ParamsArg<C extends ErrorCode> = ErrorParams<C> extends undefined ? [] : [params: ErrorParams<C>];

/** A text of a code, as the catalogue's groups and the admin's tables hold it. */
export type CodeText<C extends ErrorCode> = ErrorParams<C> extends undefined ? string : (p: ErrorParams<C>) => string;

/** The English text of `code` with `params` (the API's `message`); `undefined` params for a text that says none. */
export function errorText(code: ErrorCode, params: ErrorParamValues | undefined): string {
  const text = ERROR_TEXTS[code] as string | ((p: ErrorParamValues) => string);
  return typeof text === 'string' ? text : text(params ?? {});
}

/** One refused field of a 400: its name, its sentence, and the code and values the sentence is made from. */
export interface FieldProblem {
  field: string;
  code: ErrorCode;
  message: string;
  params?: ErrorParamValues;
}

/** A refused field, its message made from the catalogue. */
export function fieldProblem<C extends ErrorCode>(field: string, code: C, ...params: ParamsArg<C>): FieldProblem {
  const values = params[0] as ErrorParamValues | undefined;
  return { field, code, message: errorText(code, values), ...(values ? { params: values } : {}) };
}
