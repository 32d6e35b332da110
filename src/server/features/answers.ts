import { Type, type TSchema } from 'typebox';
import { ErrorAnswer } from '../../shared/schemas.ts';

/**
 * The pieces every feature's schemas.ts builds its answers from. A route imports its schemas from
 * its own feature's schemas.ts only; the payloads the admin forms share live in src/shared/schemas.ts
 * and are re-exported there.
 */

/** Error answers (`{ message }`) by status, to spread into a route's `response`. */
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorAnswer]));

export const MessageOnly = Type.Object({ message: Type.String() });

/** `{ data }`, the contract's answer to a read. */
export const dataOf = <T extends TSchema>(data: T) => Type.Object({ data });

/** `{ message, data }`, the contract's answer to a write. */
export const messageAndData = <T extends TSchema>(data: T) => Type.Object({ message: Type.String(), data });
