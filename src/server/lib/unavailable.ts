import { errorText } from '../../shared/error-codes.ts';

/** What every call and page that needs the database answers while it cannot be reached. */
export const UNAVAILABLE_MESSAGE = errorText('server.database_unavailable', undefined);
export const RETRY_AFTER_SECONDS = 5;

/** Thrown where content could not be read: the page is not shown half-empty, it is a 503. */
export class DatabaseUnavailable extends Error {
  constructor(what: string, options?: ErrorOptions) {
    super(`${what} could not be read`, options);
    this.name = 'DatabaseUnavailable';
  }
}

// PostgreSQL SQLSTATE classes and codes that mean "not reachable now", not "bad query":
// 08 connection exception, 53 insufficient resources, 57P01-57P03 shutting down / cannot connect now,
// 57014 cancelled by statement_timeout.
const PG_UNAVAILABLE = /^(08|53|57P0[1-3]$|57014$)/;
const NET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);
// The data folder refusing a write (disk full, quota, read-only file system, failing disk, mode),
// where the SQLite file, its journal and the email outbox live: a 503 that passes when it takes writes again.
const STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EACCES']);
// node:sqlite carries SQLite's result code in `errcode`: BUSY 5, LOCKED 6, NOMEM 7, READONLY 8, IOERR 10, FULL 13, CANTOPEN 14.
const SQLITE_UNAVAILABLE = new Set([5, 6, 7, 8, 10, 13, 14]);
const PG_CLIENT_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end/i;

/** True when `err` says the database (or the data folder) cannot be reached or written now, or did not answer in time (not a bad query). */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailable) return true;
  if (!(err instanceof Error)) return false;
  const e = err as Error & { code?: unknown; errcode?: unknown };
  if (typeof e.code === 'string' && (NET_CODES.has(e.code) || STORAGE_CODES.has(e.code) || PG_UNAVAILABLE.test(e.code)))
    return true;
  if (typeof e.errcode === 'number' && SQLITE_UNAVAILABLE.has(e.errcode & 0xff)) return true;
  return PG_CLIENT_MESSAGES.test(e.message);
}
