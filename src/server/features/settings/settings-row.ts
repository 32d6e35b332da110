import { nextUpdatedAt, type Db } from '../../db/database.ts';
import { assertSwapped, assertVersion } from '../../lib/concurrency.ts';
import type { ContentHistoryKind, Version } from '../../../shared/history.ts';

/** What every settings row answers besides its fields: the version an editor sends back (If-Match). */
interface Versioned {
  updatedAt: string;
}

/**
 * How the value is kept in its row's text. By default JSON of every field; a row kept in another
 * form (the phone: the number as plain text, as sites have stored it from the start) says how
 * it is written and read back. A form that does not keep `updatedAt` reads it as '' (no version
 * check is then possible; the compare-and-set on the stored text still holds).
 */
interface EncodingOf<T> {
  /** The row's text for a value; undefined = no row (the row is deleted). */
  encode: (value: T) => string | undefined;
  /** The fields a row's text holds (a field it lacks reads as in `empty`); may throw on a damaged row. */
  decode: (text: string) => Partial<T>;
}

/** How a settings row's changes are kept in the History. */
interface HistoryOf<T> {
  kind: ContentHistoryKind;
  /** The entry's title ('' names it by its kind). */
  title: (next: T) => string;
  /** A stored value as a history version (by default the value itself). */
  version?: (value: T) => Version;
}

export interface SettingsRowDefinition<T extends Versioned> {
  /** The row's key in the `settings` table. */
  key: string;
  /** Every field with its "not set" value, `updatedAt` ''; also what a row saved before a field existed lacks. */
  empty: T;
  /** What is stored, as answered (a value saved before it was checked, shown in today's form). */
  read?: (stored: T) => T;
  /** How the value is kept in the row (JSON by default). */
  encoding?: EncodingOf<T>;
  history?: HistoryOf<T>;
}

/**
 * One row of the `settings` table edited as a whole (the contact details, trust and proof, the
 * search titles as JSON; the phone number as plain text): read with every field present, written
 * with a version check (the `updatedAt` the editor read, 409 when it changed since) and a
 * compare-and-set on the stored value (409 when another save won the race). An admin's change keeps the value it replaced in
 * the History through settings-service.ts (`writeRow`): this module reads and writes the row only.
 * Each feature says what is stored (`empty`), how an old row reads, how the value is kept in the
 * row's text (JSON unless `encoding` says otherwise), and its History kind; its own rules
 * (normalising, refusals) run before `write`.
 */
export function settingsRow<T extends Versioned>(def: SettingsRowDefinition<T>) {
  const encode = def.encoding?.encode ?? ((value: T): string | undefined => JSON.stringify(value));
  const decode = def.encoding?.decode ?? ((text: string) => JSON.parse(text) as Partial<T>);
  const parse = (value: string | undefined): T => {
    if (!value) return { ...def.empty };
    let stored: T;
    try {
      stored = { ...def.empty, ...decode(value) };
    } catch {
      return { ...def.empty };
    }
    return def.read ? def.read(stored) : stored;
  };
  const asVersion = (value: T): Version =>
    (def.history?.version ?? ((v: T) => ({ ...v }) as unknown as Version))(value);

  /** The stored value; every field "not set" before the first save. */
  const get = async (db: Db): Promise<T> => {
    const row = await db.selectFrom('settings').select('value').where('key', '=', def.key).executeTakeFirst();
    return parse(row?.value);
  };

  /**
   * Stores `fields` (already checked) in the transaction the caller holds. With `expected`, a
   * newer stored version answers 409. Answers the value it replaced and the one it stored.
   */
  const write = async (
    db: Db,
    fields: Omit<T, 'updatedAt'>,
    expected: string | undefined,
  ): Promise<{ before: T; after: T }> => {
    const row = await db.selectFrom('settings').select('value').where('key', '=', def.key).executeTakeFirst();
    const current = parse(row?.value);
    assertVersion(expected, current.updatedAt);
    const next = { ...fields, updatedAt: nextUpdatedAt(current.updatedAt) } as T;
    const value = encode(next);
    if (!row) {
      if (value === undefined) return { before: current, after: next };
      // Another save that made the row first won the race: 409, as for a changed row.
      const made = await db
        .insertInto('settings')
        .values({ key: def.key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      assertSwapped({ numUpdatedRows: made.numInsertedOrUpdatedRows ?? 0n });
    } else if (value === undefined) {
      const gone = await db
        .deleteFrom('settings')
        .where('key', '=', def.key)
        .where('value', '=', row.value)
        .executeTakeFirst();
      assertSwapped({ numUpdatedRows: gone.numDeletedRows });
    } else {
      assertSwapped(
        await db
          .updateTable('settings')
          .set({ value })
          .where('key', '=', def.key)
          .where('value', '=', row.value)
          .executeTakeFirst(),
      );
    }
    return { before: current, after: next };
  };

  /** `write` in a transaction of its own, for a row kept in no History. */
  const save = async (db: Db, fields: Omit<T, 'updatedAt'>, expected: string | undefined): Promise<T> =>
    (await db.transaction().execute((trx) => write(trx, fields, expected))).after;

  return { key: def.key, history: def.history, asVersion, get, write, save };
}

/** A settings row as settingsRow makes it. */
export type SettingsRow<T extends Versioned> = ReturnType<typeof settingsRow<T>>;
