import { Type, type TSchema } from 'typebox';
import { ERROR_CODES } from '../../shared/error-codes.ts';

/**
 * The pieces every feature's schemas.ts builds its answers from. A route imports its schemas from
 * its own feature's schemas.ts only; the payloads the admin forms share live in src/shared/schemas.ts
 * and are re-exported there.
 */

const ErrorCode = Type.Unsafe<string>({
  type: 'string',
  enum: ERROR_CODES,
  description:
    'Stable identifier of the error (src/shared/error-codes.ts): clients translate by it, never by `message`',
});
const ErrorParams = Type.Optional(
  Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
    description: 'The values the message says (a limit, a field, a wait), for a client that says it in its own words',
  }),
);

/** A refused field: its name as the API spells it (`email`, `hours.fri.0.to`) and a sentence starting with it. */
const FieldError = Type.Object({ field: Type.String(), message: Type.String(), code: ErrorCode, params: ErrorParams });
const ErrorAnswer = Type.Object(
  {
    message: Type.String({ description: "The contract's English sentence" }),
    code: ErrorCode,
    params: ErrorParams,
    errors: Type.Optional(
      Type.Array(FieldError, {
        description:
          'On a 400 that names fields: every field refused, each with its own sentence and code (the first is `message`)',
      }),
    ),
  },
  { description: 'Error' },
);

/** Error answers (`{ message, code }`) by status, to spread into a route's `response`. */
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorAnswer]));

export const MessageOnly = Type.Object({ message: Type.String() });

/** `{ data }`, the contract's answer to a read. */
export const dataOf = <T extends TSchema>(data: T) => Type.Object({ data });

/** `{ message, data }`, the contract's answer to a write. */
export const messageAndData = <T extends TSchema>(data: T) => Type.Object({ message: Type.String(), data });
