import type { Config } from './config.ts';
import type { MapsLinks } from './features/contact/maps-links.ts';
import type { Db, Engine } from './db/database.ts';
import type { ImageStore } from './features/images/image-store.ts';
import type { BeaconTokens } from './features/leads/beacon-token.ts';
import type { LeadCounter } from './features/leads/lead-counter.ts';
import type { CardAddresses } from './features/cards/card-addresses.ts';
import type { FastLane } from './lib/fast-lane.ts';
import type { Mailer } from './mail/mailer.ts';
import type { RequestOutbox } from './features/requests/request-outbox.ts';

/** The services every route and page loader reaches through `app.ctx`. */
export interface AppContext {
  config: Config;
  db: Db;
  engine: Engine;
  images: ImageStore;
  mailer: Mailer;
  /** Sends the owner's emails about quote requests from the database (src/server/features/requests/request-outbox.ts). */
  requestMail: RequestOutbox;
  /** Follows Google Maps share links of the contact details (outgoing requests, to Google only). */
  mapsLinks: MapsLinks;
  /** Beacons added up in memory, written in batches (src/server/features/leads/lead-counter.ts). */
  leads: LeadCounter;
  /**
   * Which card each product or project address names, read once per content version: the pages'
   * redirects and the beacons' counting share it (src/server/features/cards/card-addresses.ts).
   */
  cardAddresses: CardAddresses;
  /** The token pages carry for their beacons, the same on every server (src/server/features/leads/beacon-token.ts). */
  tokens: BeaconTokens;
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
