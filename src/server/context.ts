import type { Config } from './config.ts';
import type { Db, Engine } from './db/database.ts';
import type { ImageStore } from './images/image-store.ts';
import type { FastLane } from './lib/fast-lane.ts';
import type { Mailer } from './mail/mailer.ts';

/** The services every route and page loader reaches through `app.ctx`. */
export interface AppContext {
  config: Config;
  db: Db;
  engine: Engine;
  images: ImageStore;
  mailer: Mailer;
  /** Bumped after every successful content write; page caches compare against it. */
  content: { version: number };
  /** Kept answers sent before routing; filled by the page routes and the answer cache. */
  lane: FastLane;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
