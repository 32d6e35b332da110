import type { Kysely } from 'kysely';
import { BackupError } from './format.ts';

/**
 * Every table of the schema is in exactly one of the two lists below, so a table added by a later
 * migration cannot be left out of a backup silently: export refuses to run, and
 * tests/api/backup-tables.test.ts fails, until the new table is put in one of them.
 */

/** Tables a backup carries, parents before children: import inserts in this order and deletes in reverse. */
export const EXPORTED_TABLES: readonly string[] = [
  'users', // the admin account (email and password hash)
  'settings', // contact details, phone, the device-cookie signing key, the demo-seeded mark
  'words',
  'about',
  'images', // before everything that names an image
  'image_files', // the bytes of each image and its variants (after images, which they belong to)
  'cities', // the served cities and their pages (before cards: a project names its city)
  'cards',
  'card_slugs', // the addresses cards had before (they redirect to the card)
  'faqs', // questions and answers (after cities and cards, which a question may name)
  'card_details',
  'slides',
  'trash', // deleted items, restorable for TRASH_DAYS
  'history', // the versions changes replaced
  'kept_images', // the images trash and history rows keep (after images)
  'lead_counts', // anonymous counts of views, visitors and taps per day (issue 24)
  'lead_options', // the weekly leads email: on or off, and in which language
];

/**
 * Tables a backup carries only when asked (`npm run export -- --with-requests`), after the others:
 * visitors' quote requests are personal data, kept only as long as the owner set
 * (REQUESTS_KEEP_MONTHS), so a backup leaves them out unless the operator means to carry them. An
 * import loads them when the file has them (replacing the target's own with --replace), and keeps
 * the target's when it has none.
 */
export const REQUEST_TABLES: readonly string[] = ['requests', 'request_photos', 'request_changes'];

export interface SkippedTable {
  /** Why the table is not in a backup. */
  readonly reason: string;
  /** Emptied by an import with --replace: state that belongs to the site being replaced. */
  readonly clearOnReplace: boolean;
}

/** Tables a backup leaves out: transient state, or rows the migrations themselves create. */
export const SKIPPED_TABLES: Readonly<Record<string, SkippedTable>> = {
  sessions: {
    reason:
      'sign-ins of the source: a restored or moved site signs the admin in again, and a backup file carries no live session',
    clearOnReplace: true,
  },
  password_resets: {
    reason: 'codes that expire within minutes; a reset in progress is started again',
    clearOnReplace: true,
  },
  passkeys: {
    reason:
      "second factors are bound to the address the site answers at (a passkey to its host name) and are the source's secrets: " +
      'a restored or moved site signs the admin in with the password, and the owner adds them again on the Security screen',
    clearOnReplace: true,
  },
  totp_factors: {
    reason: "the authenticator app's secret, a second factor of the source (see passkeys)",
    clearOnReplace: true,
  },
  recovery_codes: {
    reason: "they stand in for the source's second factors, which a backup does not carry (see passkeys)",
    clearOnReplace: true,
  },
  webauthn_challenges: {
    reason: 'passkey challenges already answered, kept until they run out within minutes so none is answered twice',
    clearOnReplace: true,
  },
  sign_in_steps: {
    reason: 'half-done sign-ins that run out within minutes',
    clearOnReplace: true,
  },
  account_changes: {
    reason:
      'changes to how the owner signs in, with what undoing them needs (old password hashes, factor secrets): ' +
      "the source's secrets, and their emailed undo links belong to the source's sessions",
    clearOnReplace: true,
  },
  locks: {
    reason: 'rows used only as write locks; the migrations create them in every database',
    clearOnReplace: false,
  },
  content_version: {
    reason:
      "a counter of the target's own content writes (the import's rows move it on by themselves, telling every server to render afresh)",
    clearOnReplace: false,
  },
  rate_limits: {
    reason: 'sign-in and reset counters that run out within the hour',
    clearOnReplace: true,
  },
  reset_decoys: {
    reason: 'reset stand-ins for unknown emails that run out with the codes they stand in for',
    clearOnReplace: true,
  },
  jobs: {
    reason: "when the target's own periodic jobs last ran",
    clearOnReplace: false,
  },
  lead_salts: {
    reason: "today's random visitor salt: deleted after its day, so it must never outlive it in a file",
    clearOnReplace: true,
  },
  lead_visitors: {
    reason: "today's visitor hashes, which live one day; the counts they made are in lead_counts",
    clearOnReplace: true,
  },
  lead_marks: {
    reason:
      "what today's visitors did once (a page seen, a tap), which lives one day; the counts they made are in lead_counts",
    clearOnReplace: true,
  },
  lead_caps: {
    reason: "today's counters of visitors per address and of sources, which live one day",
    clearOnReplace: true,
  },
  lead_totals: {
    reason:
      'the sums of lead_counts per day, page, source, language and device: the import builds them again from lead_counts',
    clearOnReplace: true,
  },
  backup_runs: {
    reason:
      "the record of the nightly backups made of this site (a restored site keeps its own, starting with the next night's)",
    clearOnReplace: false,
  },
  lead_keys: {
    reason:
      "the secret of the pages' beacon tokens: each site makes its own (a page served before an import counts for a day more at most)",
    clearOnReplace: false,
  },
};

/** Kysely's own bookkeeping: the backup's header names the migrations instead. */
export const MIGRATION_TABLES: readonly string[] = ['kysely_migration', 'kysely_migration_lock'];

export interface LiveTable {
  name: string;
  columns: { name: string; dataType: string; isAutoIncrementing: boolean }[];
}

/** The tables and columns of the schema as it is (not as the code believes it is). */
export async function liveTables(db: Kysely<any>): Promise<LiveTable[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return tables
    .filter((t) => !t.isView && (t.schema === undefined || t.schema === 'public'))
    .map((t) => ({
      name: t.name,
      columns: t.columns.map((c) => ({
        name: c.name,
        dataType: c.dataType.toLowerCase(),
        isAutoIncrementing: c.isAutoIncrementing,
      })),
    }));
}

/** Names of live tables that are in neither list (nor Kysely's own). */
export function unclassifiedTables(live: readonly LiveTable[]): string[] {
  return live
    .map((t) => t.name)
    .filter(
      (name) =>
        !EXPORTED_TABLES.includes(name) &&
        !REQUEST_TABLES.includes(name) &&
        !(name in SKIPPED_TABLES) &&
        !MIGRATION_TABLES.includes(name),
    )
    .sort();
}

/** Refuses a schema with a table nobody decided about: a backup must never be silently incomplete. */
export function assertClassified(live: readonly LiveTable[]): void {
  const unknown = unclassifiedTables(live);
  if (unknown.length > 0) {
    throw new BackupError(
      `The database has tables the backup does not know: ${unknown.join(', ')}. ` +
        'Add each to EXPORTED_TABLES, REQUEST_TABLES or SKIPPED_TABLES in src/server/features/backup/tables.ts.',
    );
  }
}

/** The exported tables present in this schema (and the requests' when asked), in dependency order, with their columns. */
export function exportedTables(live: readonly LiveTable[], withRequests = false): LiveTable[] {
  const byName = new Map(live.map((t) => [t.name, t]));
  return [...EXPORTED_TABLES, ...(withRequests ? REQUEST_TABLES : [])].flatMap((name) => byName.get(name) ?? []);
}

/** bytea on PostgreSQL, blob on SQLite. */
export const isBinaryType = (dataType: string): boolean => /^(bytea|blob)$/i.test(dataType);
