import type { PlainCode } from '../../shared/error-codes.ts';
import { ConflictError, NotFoundError } from './domain-errors.ts';

/**
 * Optimistic concurrency: a client that sends the `updatedAt` it read (If-Match header or
 * `expectedUpdatedAt` in the body) gets 409 when the record changed since. Writes without it proceed.
 */
export function expectedVersion(headers: Record<string, unknown>, body: unknown): string | undefined {
  const header = headers['if-match'];
  if (typeof header === 'string' && header.trim() !== '')
    return header.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  const fromBody = (body as { expectedUpdatedAt?: unknown } | null | undefined)?.expectedUpdatedAt;
  return typeof fromBody === 'string' && fromBody !== '' ? fromBody : undefined;
}

/** The one answer to a stale or lost compare-and-set, whatever the record. */
const CHANGED_MEANWHILE = 'record.changed';

export function assertVersion(expected: string | undefined, actual: string): void {
  if (expected !== undefined && expected !== actual) throw new ConflictError(CHANGED_MEANWHILE);
}

/** A compare-and-set update (`… where updated_at = <as read>`) that matched no row lost a race: a conflict. */
export function assertSwapped(result: { numUpdatedRows: bigint }): void {
  if (Number(result.numUpdatedRows) === 0) throw new ConflictError(CHANGED_MEANWHILE);
}

/**
 * A compare-and-set update of a record that can be deleted matched no row: it vanished meanwhile
 * (not found, `gone` says which) or changed since it was read (the same conflict as above).
 */
export async function staleOrGone(
  find: () => Promise<{ updated_at: string } | undefined>,
  expected: string | undefined,
  gone: PlainCode,
): Promise<never> {
  const current = await find();
  if (!current) throw new NotFoundError(gone);
  assertVersion(expected, current.updated_at);
  throw new ConflictError(CHANGED_MEANWHILE);
}
