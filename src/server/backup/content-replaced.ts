import type { Kysely } from 'kysely';

/**
 * Called inside an import's transaction, once the new content is loaded. The content version that
 * page caches compare against is an in-process counter today, which another process cannot bump:
 * servers running on the target keep serving the pages they kept until they are restarted (the
 * import's summary says so). When the version lives in the database, bump it here, in the same
 * transaction, the way a content write does.
 */
export async function contentReplaced(_trx: Kysely<any>): Promise<void> {
  // Nothing to bump in the database yet (see above).
}
