/**
 * What repositories and services throw when a request cannot be done, in the domain's words and
 * with a message safe to show. They know nothing of HTTP: plugins/errors.ts gives each its status.
 */
export abstract class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The record asked for does not exist (any more). */
export class NotFoundError extends DomainError {}

/** The write collides with what is stored: a duplicate, or a record changed since it was read. */
export class ConflictError extends DomainError {}

export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * A value the schema let through but the rules refuse; `field` names it (the message does too).
 * `problems` lists every field refused at once (the first is `field` and `message`).
 */
export class InvalidInputError extends DomainError {
  readonly field: string;
  readonly problems: readonly FieldProblem[];
  constructor(field: string, message: string, more: readonly FieldProblem[] = []) {
    super(message);
    this.field = field;
    this.problems = [{ field, message }, ...more];
  }

  /** One error for several refused fields, or undefined when there are none. */
  static of(problems: readonly FieldProblem[]): InvalidInputError | undefined {
    const [first, ...rest] = problems;
    return first ? new InvalidInputError(first.field, first.message, rest) : undefined;
  }
}

/** Credentials (a password, a reset token) that do not prove who the caller is. */
export class NotAuthenticatedError extends DomainError {}

/** The caller is who they say, but must do something first (confirm it is them again, or use an older session). */
export class NotAllowedError extends DomainError {}

/** Too many tries of something bounded (wrong reset codes in a day); `retryAfterSeconds` says when to try again. */
export class TooManyTriesError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** An input over a size limit (an image's bytes or pixels). */
export class TooLargeError extends DomainError {}

/** An input of a kind that is not taken (a file that is not an image of an accepted format). */
export class UnsupportedKindError extends DomainError {}
