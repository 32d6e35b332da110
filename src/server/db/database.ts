import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { createSqliteDialect } from './sqlite-dialect.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  /** PostgreSQL: the backend process ids of this server's pool connections (whose notifications are its own writes). */
  ownBackends: ReadonlySet<number>;
  destroy(): Promise<void>;
}

/**
 * The bounds on waiting for PostgreSQL below, multiplied. 1 in production. Test servers that do not
 * measure an outage wait 5 times as long (tests/helpers/server.ts): with the whole suite and a
 * benchmark on this 2-core machine (load 12), a statement took over the 1.9 s a request may wait and
 * a test saw a 503 no visitor would. The outage suites set it back to 1: they measure these bounds.
 */
let patience = 1;
export function setDatabasePatienceForTests(factor: number): void {
  patience = factor;
}

/** SQLite in DATA_DIR by default; PostgreSQL when a postgres:// URL is given. */
export function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  onPoolError?: (err: Error) => void;
  /** For export and import: one long transaction and statements that take as long as they need. */
  longRunning?: boolean;
}): DatabaseHandle {
  if (opts.databaseUrl) {
    // COUNT(*) and BIGINT come back as strings by default; our counts are small.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    // A database that is gone or frozen must answer within 2 s (a 503), never hang a request:
    // connecting, a statement on the server and the wait for its answer on the client are bounded.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 1500 * patience,
      statement_timeout: 1800 * patience,
      query_timeout: 1900 * patience,
      idle_in_transaction_session_timeout: 5000 * patience,
      ...(opts.longRunning
        ? {
            max: 2,
            connectionTimeoutMillis: 5000,
            statement_timeout: 0,
            query_timeout: 0,
            idle_in_transaction_session_timeout: 0,
          }
        : {}),
    });
    // An idle client whose connection dies (server restart, admin kill) must not crash the process.
    pool.on('error', (err) => opts.onPoolError?.(err));
    // The same for a client whose connection dies while it is checked out between two queries:
    // pg emits 'error' on the client itself then, and with no listener that is an uncaught exception.
    pool.on('connect', (client) => {
      client.on('error', (err) => opts.onPoolError?.(err));
    });
    const ownBackends = new Set<number>();
    pool.on('connect', (client) => {
      ownBackends.add(backendPid(client));
    });
    pool.on('remove', (client) => {
      ownBackends.delete(backendPid(client));
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', ownBackends, destroy: () => db.destroy() };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const db = new Kysely<Database>({ dialect: createSqliteDialect(join(opts.dataDir, 'site.db')) });
  return { db, engine: 'sqlite', ownBackends: new Set(), destroy: () => db.destroy() };
}

/** The PostgreSQL backend process serving a pool connection (from the server's BackendKeyData). */
const backendPid = (client: pg.PoolClient) => (client as pg.PoolClient & { processID: number }).processID;

/** Current time as the ISO string every table stores. */
export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * A timestamp strictly later than `previous`, so `updatedAt` changes on every write
 * even when two writes land in the same millisecond (optimistic concurrency relies on it).
 */
export function nextUpdatedAt(previous: string): string {
  const now = Date.now();
  const prev = Date.parse(previous);
  return new Date(Number.isNaN(prev) || now > prev ? now : prev + 1).toISOString();
}

/** True when a driver error is a unique-constraint violation, on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errcode?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}
