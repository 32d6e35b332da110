import {
  errorText,
  type ErrorCode,
  type ErrorParamValues,
  type FieldProblem,
  type ParamsArg,
} from '../../shared/error-codes.ts';

export { fieldProblem, type FieldProblem } from '../../shared/error-codes.ts';

/**
 * What repositories and services throw when a request cannot be done, in the domain's words and
 * with a message safe to show. They know nothing of HTTP: plugins/errors.ts gives each its status.
 * Each names its code of the catalogue (src/shared/error-codes.ts), which makes its message: a
 * code not in the catalogue, or values its text does not say, fail the type check.
 */
export abstract class DomainError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly params: ErrorParamValues | undefined;
  constructor(code: C, ...params: ParamsArg<C>) {
    const values = params[0] as ErrorParamValues | undefined;
    super(errorText(code, values));
    this.name = new.target.name;
    this.code = code;
    this.params = values;
  }
}

/** The record asked for does not exist (any more). */
export class NotFoundError<C extends ErrorCode = ErrorCode> extends DomainError<C> {}

/** The write collides with what is stored: a duplicate, or a record changed since it was read. */
export class ConflictError<C extends ErrorCode = ErrorCode> extends DomainError<C> {}

/**
 * A value the schema let through but the rules refuse; `field` names it (the message does too).
 * `problems` lists every field refused at once (the first is `field`, `code` and `message`).
 */
export class InvalidInputError<C extends ErrorCode = ErrorCode> extends DomainError<C> {
  readonly field: string;
  readonly problems: readonly FieldProblem[];
  constructor(field: string, code: C, ...params: ParamsArg<C>) {
    super(code, ...params);
    this.field = field;
    const values = params[0] as ErrorParamValues | undefined;
    this.problems = [{ field, code, message: this.message, ...(values ? { params: values } : {}) }];
  }

  /** One error for several refused fields, or undefined when there are none. */
  static of(problems: readonly FieldProblem[]): InvalidInputError | undefined {
    const [first] = problems;
    if (!first) return undefined;
    const error = new (
      InvalidInputError as new (field: string, code: ErrorCode, params?: ErrorParamValues) => InvalidInputError
    )(first.field, first.code, first.params);
    // The first problem's message may be in another language than the catalogue's (the public form's).
    error.message = first.message;
    (error as { problems: readonly FieldProblem[] }).problems = problems;
    return error;
  }
}

/** Credentials (a password, a reset token) that do not prove who the caller is. */
export class NotAuthenticatedError<C extends ErrorCode = ErrorCode> extends DomainError<C> {}

/** The caller is who they say, but must do something first (confirm it is them again, or use an older session). */
export class NotAllowedError<C extends ErrorCode = ErrorCode> extends DomainError<C> {}

/** Too many tries of something bounded (wrong reset codes in a day); `retryAfterSeconds` says when to try again. */
export class TooManyTriesError<C extends ErrorCode = ErrorCode> extends DomainError<C> {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, code: C, ...params: ParamsArg<C>) {
    super(code, ...params);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** An input over a size limit (an image's bytes or pixels). */
export class TooLargeError<C extends ErrorCode = ErrorCode> extends DomainError<C> {}

/** An input of a kind that is not taken (a file that is not an image of an accepted format). */
export class UnsupportedKindError<C extends ErrorCode = ErrorCode> extends DomainError<C> {}
