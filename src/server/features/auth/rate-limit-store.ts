import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { digest } from './tokens.ts';

export interface Hits {
  current: number;
  ttl: number;
}

/**
 * Counts one hit on `key` in its current window and answers the count so far and the milliseconds
 * left in the window; a window that has run out starts again at 1. One statement (an upsert), so
 * two servers counting the same key at once each get their own number. The key is stored as a
 * digest: keys name emails and addresses.
 */
export async function countHit(db: Db, key: string, windowMs: number, now = Date.now()): Promise<Hits> {
  const at = new Date(now).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key: digest(key), hits: 1, resets_at: new Date(now + windowMs).toISOString() })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.resets_at <= ${at} then 1 else rate_limits.hits + 1 end`,
        resets_at: sql<string>`case when rate_limits.resets_at <= ${at} then excluded.resets_at else rate_limits.resets_at end`,
      }),
    )
    .returning(['hits', 'resets_at'])
    .executeTakeFirstOrThrow();
  return { current: Number(row.hits), ttl: Math.max(0, Date.parse(row.resets_at) - now) };
}

/** The count in the current window without counting a hit. */
export async function peekHits(db: Db, key: string, now = Date.now()): Promise<Hits> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['hits', 'resets_at'])
    .where('key', '=', digest(key))
    .where('resets_at', '>', new Date(now).toISOString())
    .executeTakeFirst();
  return row ? { current: Number(row.hits), ttl: Date.parse(row.resets_at) - now } : { current: 0, ttl: 0 };
}

/** Drops counters whose window has run out. */
export async function pruneRateLimits(db: Db, now = Date.now()): Promise<number> {
  const r = await db.deleteFrom('rate_limits').where('resets_at', '<=', new Date(now).toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
}

interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit that keeps its counters in the database, so every server on one
 * database counts against the same limits. A route's limit is scoped by its method and URL (the
 * plugin's own store keeps one map per route); a limit made with `createRateLimit` has no route, and
 * its key generator names it.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(_options: unknown, scope = 'global') {
      this.scope = scope;
    }

    incr(key: string, callback: (error: Error | null, result?: Hits) => void, timeWindow: number): void {
      countHit(db, `${this.scope}\n${key}`, timeWindow).then(
        (hits) => callback(null, hits),
        (err: Error) => callback(err),
      );
    }

    read(key: string, callback: (error: Error | null, result?: Hits) => void): void {
      peekHits(db, `${this.scope}\n${key}`).then(
        (hits) => callback(null, hits),
        (err: Error) => callback(err),
      );
    }

    child(options: unknown): FastifyRateLimitStore {
      const route = (options as ChildOptions).routeInfo;
      return new DatabaseStore(undefined, route?.url ? `route ${String(route.method)} ${route.url}` : 'limit');
    }
  }
  return DatabaseStore;
}

/** Takes back one hit on `key` (a try that turned out not to be a guess: a success, or a refusal for load). */
export async function refundHit(db: Db, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`hits - 1` })
    .where('key', '=', digest(key))
    .where('hits', '>', 0)
    .execute();
}

/** Forgets every hit on `key`. */
export async function forgetHits(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', digest(key)).execute();
}
