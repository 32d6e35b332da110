import { setTimeout as sleep } from 'node:timers/promises';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type SqliteStatement,
  type TransactionSettings,
} from 'kysely';

/**
 * Adapts Node's built-in `node:sqlite` to the interface Kysely's SqliteDialect expects,
 * so the embedded database needs no native addon compiled at install time.
 */
function wrap(db: DatabaseSync): SqliteDatabase {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => {
      kept.clear();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      // On a full disk or an I/O error SQLite rolls the transaction back itself; Kysely's ROLLBACK
      // would then fail ("no transaction is active") and hide the error that says what happened.
      if (/^\s*rollback\s*$/i.test(sql)) {
        return rollbackIfActive(db);
      }
      // Kysely prepares every query it runs. The same texts come back again and again (a page's
      // reads, an import's batches of one table: a 100-row insert took as long to prepare as to
      // run), so the latest STATEMENTS_KEPT statements are kept, the least recently used dropped.
      const hit = kept.get(sql);
      if (hit) {
        kept.delete(sql);
        kept.set(sql, hit);
        return hit;
      }
      const statement = prepared(db, sql);
      kept.set(sql, statement);
      if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
      return statement;
    },
  };
}

/** How many prepared statements a connection keeps (each a few kilobytes). */
const STATEMENTS_KEPT = 200;

function prepared(db: DatabaseSync, sql: string): SqliteStatement {
  const stmt = db.prepare(sql);
  const reader = stmt.columns().length > 0;
  const args = (params: readonly unknown[]) => params.map(toSqlite);
  return {
    reader,
    // all and run finish before they return (node:sqlite is synchronous): a kept statement is free again at once.
    all: (params) => stmt.all(...args(params)) as unknown[],
    run: (params) => {
      const r = stmt.run(...args(params));
      return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
    },
    // A stream (an export, the CSV) reads its rows over many turns of the event loop, while other
    // queries run, the same text among them: it gets a statement of its own.
    iterate: (params) => db.prepare(sql).iterate(...args(params)) as IterableIterator<unknown>,
  };
}

function rollbackIfActive(db: DatabaseSync): SqliteStatement {
  const run = () => {
    if (db.isTransaction) db.exec('ROLLBACK');
    return { changes: 0, lastInsertRowid: 0 };
  };
  return {
    reader: false,
    run,
    all: () => {
      run();
      return [];
    },
    iterate: () => {
      run();
      return [][Symbol.iterator]();
    },
  };
}

function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

/**
 * How long a write waits for SQLite's write lock when another process holds it (an import, a
 * second server) before it answers 503: node:sqlite runs statements synchronously, so SQLite's own
 * busy handler would stall every request of the process while it waits. Here the wait is a timer:
 * the lock is asked for again and again (BEGIN IMMEDIATE, or the statement itself outside a
 * transaction) while pages and reads go on being served.
 */
const LOCK_WAIT_MS = 1500;

const isBusy = (err: unknown) => ((err as { errcode?: number }).errcode ?? 0) % 256 === 5; // SQLITE_BUSY and its extended codes

async function whileBusy<T>(attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    try {
      return await attempt();
    } catch (err) {
      if (!isBusy(err) || Date.now() + wait > deadline) throw err;
      await sleep(wait);
    }
  }
}

class SiteSqliteDriver extends SqliteDriver {
  private readonly inTransaction: () => boolean;
  private wrapped: DatabaseConnection | undefined;

  constructor(config: SqliteDialectConfig, inTransaction: () => boolean) {
    super(config);
    this.inTransaction = inTransaction;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    // A statement outside a transaction that meets the lock has done nothing yet: it is tried again.
    this.wrapped ??= {
      executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
        this.inTransaction() ? connection.executeQuery<R>(query) : whileBusy(() => connection.executeQuery<R>(query)),
      streamQuery: <R>(query: CompiledQuery, chunkSize: number) => connection.streamQuery<R>(query, chunkSize),
    };
    return this.wrapped;
  }

  /**
   * A writing transaction takes the write lock at BEGIN (IMMEDIATE), where waiting for it is safe;
   * a deferred transaction that read first could only fail at its first write. A read-only one (an
   * export's snapshot) takes no lock, so the site's writes go on meanwhile.
   */
  override async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings): Promise<void> {
    await connection.executeQuery(
      CompiledQuery.raw(settings?.accessMode === 'read only' ? 'begin' : 'begin immediate'),
    );
  }
}

class SiteSqliteDialect extends SqliteDialect {
  private readonly config: SqliteDialectConfig;
  private readonly inTransaction: () => boolean;

  constructor(config: SqliteDialectConfig, inTransaction: () => boolean) {
    super(config);
    this.config = config;
    this.inTransaction = inTransaction;
  }

  override createDriver(): Driver {
    return new SiteSqliteDriver(this.config, this.inTransaction);
  }
}

export function createSqliteDialect(file: string): SqliteDialect {
  let db: DatabaseSync | undefined;
  return new SiteSqliteDialect(
    {
      database: async () => {
        db = new DatabaseSync(file);
        // WAL: a commit is in the write-ahead log before it is acknowledged, so a killed process loses
        // nothing. synchronous=FULL also syncs the log to disk on every commit, so a power cut loses
        // nothing acknowledged either (NORMAL would sync only at checkpoints). Writes here are one
        // admin's edits: the few milliseconds per commit are not felt. The busy timeout is short: the
        // wait for another process's write lock is done without blocking (whileBusy).
        db.exec(
          'PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 20; PRAGMA synchronous = FULL;',
        );
        return wrap(db);
      },
    },
    () => db?.isTransaction ?? false,
  );
}
