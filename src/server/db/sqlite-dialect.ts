import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/**
 * Adapts Node's built-in `node:sqlite` to the interface Kysely's SqliteDialect expects,
 * so the embedded database needs no native addon compiled at install time.
 */
function wrap(db: DatabaseSync): SqliteDatabase {
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      // On a full disk or an I/O error SQLite rolls the transaction back itself; Kysely's ROLLBACK
      // would then fail ("no transaction is active") and hide the error that says what happened.
      if (/^\s*rollback\s*$/i.test(sql)) {
        return rollbackIfActive(db);
      }
      const stmt = db.prepare(sql);
      const reader = stmt.columns().length > 0;
      const args = (params: readonly unknown[]) => params.map(toSqlite);
      return {
        reader,
        all: (params) => stmt.all(...args(params)) as unknown[],
        run: (params) => {
          const r = stmt.run(...args(params));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        iterate: (params) => stmt.iterate(...args(params)) as IterableIterator<unknown>,
      };
    },
  };
}

function rollbackIfActive(db: DatabaseSync): SqliteStatement {
  const run = () => {
    if (db.isTransaction) db.exec('ROLLBACK');
    return { changes: 0, lastInsertRowid: 0 };
  };
  return { reader: false, run, all: () => { run(); return []; }, iterate: () => { run(); return [][Symbol.iterator](); } };
}

function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

export function createSqliteDialect(file: string): SqliteDialect {
  return new SqliteDialect({
    database: async () => {
      const db = new DatabaseSync(file);
      // WAL: a commit is in the write-ahead log before it is acknowledged, so a killed process loses
      // nothing. synchronous=FULL also syncs the log to disk on every commit, so a power cut loses
      // nothing acknowledged either (NORMAL would sync only at checkpoints). Writes here are one
      // admin's edits: the few milliseconds per commit are not felt.
      db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = FULL;');
      return wrap(db);
    },
  });
}
