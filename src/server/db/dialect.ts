import { PostgresAdapter, type Kysely } from 'kysely';
import type { Engine } from './database.ts';

/**
 * What differs between SQLite and PostgreSQL beyond what Kysely hides: binary columns and how a
 * foreign-key refusal is reported. Everything else speaks the same SQL.
 */

/** The engine behind a Kysely instance; migrations get only the instance. */
export function engineOf(db: Kysely<unknown>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** The column type for raw bytes. */
export const blobType = (engine: Engine): 'bytea' | 'blob' => (engine === 'postgres' ? 'bytea' : 'blob');

/** pg answers a bytea as a Buffer, node:sqlite a BLOB as a plain Uint8Array: both become a Buffer (no copy). */
export function toBuffer(value: Uint8Array): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

/**
 * True when the database refused a write because it would break a reference: a foreign key on
 * PostgreSQL (SQLSTATE 23503, with the constraint's name), a foreign key or one of our reference
 * triggers on SQLite (their message). `constraint` narrows it to one reference by name.
 */
export function isReferenceViolation(err: unknown, constraint?: RegExp): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | undefined;
  if (e?.code === '23503') return !constraint || constraint.test(e.constraint ?? '');
  const message = e?.message ?? '';
  return /FOREIGN KEY constraint failed/.test(message) && (!constraint || constraint.test(message));
}
