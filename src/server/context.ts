import type { Config } from './config.ts';
import type { Db, Engine } from './db/database.ts';
import type { ImageStore } from './images/image-store.ts';
import type { LeadCounter } from './leads/lead-counter.ts';
import type { FastLane } from './lib/fast-lane.ts';
import type { Mailer } from './mail/mailer.ts';

/** The services every route and page loader reaches through `app.ctx`. */
export interface AppContext {
  config: Config;
  db: Db;
  engine: Engine;
  images: ImageStore;
  mailer: Mailer;
  /** Beacons added up in memory, written in batches (src/server/leads/lead-counter.ts). */
  leads: LeadCounter;
  /**
   * This server's content version, the key of every kept page and answer: bumped before the answer
   * of a content write through this server leaves, and when another server's write is heard of
   * (PostgreSQL LISTEN). A plain property: reading it costs nothing per request.
   */
  content: { version: number };
  /** Kept answers sent before routing; filled by the page routes and the answer cache. */
  lane: FastLane;
  /**
   * Set when the server is told to stop (server.ts): /readyz fails and every answer closes its
   * connection, so that a load balancer moves visitors elsewhere before the server stops listening.
   */
  drain: { draining: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
