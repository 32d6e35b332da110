import { conflict } from './http-error.ts';

/**
 * Optimistic concurrency: a client that sends the `updatedAt` it read (If-Match header or
 * `expectedUpdatedAt` in the body) gets 409 when the record changed since. Writes without it proceed.
 */
export function expectedVersion(headers: Record<string, unknown>, body: unknown): string | undefined {
  const header = headers['if-match'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  const fromBody = (body as { expectedUpdatedAt?: unknown } | null | undefined)?.expectedUpdatedAt;
  return typeof fromBody === 'string' && fromBody !== '' ? fromBody : undefined;
}

export function assertVersion(expected: string | undefined, actual: string): void {
  if (expected !== undefined && expected !== actual) {
    throw conflict('This record was changed by someone else since you opened it. Reload to see the latest version.');
  }
}
