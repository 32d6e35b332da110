import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { answerClientError } from './lib/client-error.ts';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import { trustProxyOption, type Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { listenForContentChanges } from './db/content-listener.ts';
import { pollContentVersion } from './db/content-poll.ts';
import { createImageStore, MAX_UPLOAD_BYTES } from './features/images/image-store.ts';
import { moveUploadsIntoDatabase } from './features/images/move-uploads.ts';
import { createMailer } from './mail/mailer.ts';
import { createRequestOutbox } from './features/requests/request-outbox.ts';
import { BeaconTokens } from './features/leads/beacon-token.ts';
import { createMapsLinks, type MapsLinks } from './features/contact/maps-links.ts';
import { LeadCounter } from './features/leads/lead-counter.ts';
import { registerAnswerCache } from './plugins/answer-cache.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerRequestLog } from './plugins/request-log.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerLoadShedding } from './plugins/load-shedding.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerFeatures } from './features/index.ts';
import { registerJobs } from './jobs/schedule.ts';
import { badRequest, errorBody } from './lib/http-error.ts';
import { schemaCompilers } from './lib/schema-compilers.ts';
import { AJV_OPTIONS } from './lib/all-errors.ts';
import { FastLane } from './lib/fast-lane.ts';
import { JSON_BODY_LIMIT, registerJsonBodies } from './lib/json-body.ts';
import { guardConnections, serverOptions } from './lib/connection-guard.ts';
import { ensureAdmin } from './features/auth/bootstrap.ts';
import { databaseRateLimitStore } from './features/auth/rate-limit-store.ts';
import { isBlank, seedDemoContent } from './seed/seed.ts';
import { keepVersions } from './features/history/history-service.ts';
import { CardAddresses } from './features/cards/card-addresses.ts';

export interface BuildOptions {
  /** Pino options or false; tests pass { level: 'silent' }. */
  logger?: boolean | Record<string, unknown>;
  /**
   * Seed the demo content in a child process running this command (server.ts), so the memory that
   * drawing and encoding the pictures takes (libvips, malloc arenas) leaves with it.
   */
  seedCommand?: string[];
  /**
   * Called as each route is declared, before any is registered: `npm run routes` (scripts/routes.ts)
   * reads the declaring file and line from the call stack here, so the list never goes stale.
   */
  onRoute?: (route: RouteOptions) => void;
  /** How Google Maps share links are followed; tests give one that asks a local stand-in for Google. */
  mapsLinks?: MapsLinks;
}

const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/** Builds the whole application (database, services, API and pages) without listening. Tests use this. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const content = { version: 0 };
  // Kept pages and API answers at the current content version are sent before routing (lib/fast-lane.ts).
  const lane = new FastLane(content);
  const drain = { draining: false };
  const app = Fastify({
    serverFactory: (handler) => {
      const server = createServer(serverOptions(config.connections), (req, res) => {
        // Draining: this answer closes its connection (lane answers too), the client reconnects elsewhere.
        if (drain.draining) res.shouldKeepAlive = false;
        if (!lane.serve(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = 72_000; // Fastify's own default, which a server of our making must set itself
      guardConnections(server, config.connections);
      return server;
    },
    logger: opts.logger ?? { level: config.logLevel, redact: REDACT },
    // Hops or proxy addresses, never `true`: trusting every hop lets a client choose its address.
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => randomUUID(),
    // One line per request at most, written by registerRequestLog (not Fastify's two).
    logController: new LogController({ disableRequestLogging: true }),
    // URLs the router refuses (a bad % escape, an id over 100 characters) answer in the API's own shape.
    frameworkErrors: (error, _request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply;
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply.status(tooLong ? 414 : 400).send(errorBody(tooLong ? 'http.address_too_long' : 'http.broken_escape'));
    },
    // Requests Node refuses before they reach the app (headers over 16 KB, malformed HTTP).
    clientErrorHandler: answerClientError,
    bodyLimit: JSON_BODY_LIMIT, // uploads (multipart) have their own limits, below
    ajv: { customOptions: { ...AJV_OPTIONS } },
    schemaController: { compilersFactory: schemaCompilers },
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (err) => app.log.warn({ err }, 'idle database connection failed'),
  });
  if (database.engine === 'postgres') {
    // Servers started together take turns on the migration lock: the one that waits must not be
    // cut off by the 1.8 s bound every request's statement has (it failed starts on a busy machine).
    const migrating = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, longRunning: true });
    try {
      await migrateToLatest(migrating.db);
    } finally {
      await migrating.destroy();
    }
  } else {
    await migrateToLatest(database.db);
  }
  // Before the first request: the images of a site that kept them as files are served from the start.
  await moveUploadsIntoDatabase(database.db, config.dataDir, app.log);
  const tokens = new BeaconTokens();
  await tokens.load(database.db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
  });
  const cardAddresses = new CardAddresses(database.db, content);
  const ctx: AppContext = {
    config,
    db: database.db,
    engine: database.engine,
    images: createImageStore(),
    mailer,
    mapsLinks: opts.mapsLinks ?? createMapsLinks(),
    leads: new LeadCounter(database.db, {
      timeZone: config.leads.timeZone,
      ownHost: new URL(config.publicUrl).hostname,
      log: app.log,
      content,
      addresses: cardAddresses,
    }),
    cardAddresses,
    tokens,
    content,
    lane,
    drain,
  } as Omit<AppContext, 'requestMail'> as AppContext;
  ctx.requestMail = createRequestOutbox(ctx, app.log);
  app.decorate('ctx', ctx);
  keepVersions(config.retention.historyVersions);
  // Emails about requests left unsent by a previous run (a restart, a mail server that was down).
  app.addHook('onReady', async () => ctx.requestMail.nudge());
  // Content written through another server on the same PostgreSQL arrives as a notification; on
  // SQLite, a write by another process on the file (an import) is read from the version row.
  const listener = config.databaseUrl
    ? await listenForContentChanges({
        databaseUrl: config.databaseUrl,
        log: app.log,
        ignoreFrom: database.ownBackends,
        onChange: () => {
          ctx.content.version++;
        },
      })
    : pollContentVersion(database.db, ctx.content, app.log);
  ctx.leads.start(config.leads.flushMs);
  app.addHook('onClose', async () => {
    // The last batch is written before the database closes: only a kill -9 loses it.
    await ctx.leads.close().catch((err: unknown) => app.log.warn({ err }, 'could not write the last leads batch'));
    await ctx.requestMail.close();
    mailer.close();
    await listener.close();
    await database.destroy();
  });

  // Lane answers are not logged: at debug level (which logs kept answers too) every request is routed.
  lane.enabled = app.log.level !== 'debug' && app.log.level !== 'trace';
  // While closing, the framework answers new requests 503 (and with Connection: close); so must the lane.
  app.addHook('preClose', (done) => {
    lane.enabled = false;
    done();
  });

  // Requests that were under way when draining began close their connection after their answer too.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (drain.draining) reply.raw.shouldKeepAlive = false;
    return payload;
  });
  registerRequestLog(app);
  registerErrorHandling(app);
  registerJsonBodies(app);
  await registerLoadShedding(app);
  await registerSecurity(app);
  await registerAuth(app);
  // Public pages and the frequent API reads are kept compressed (src/server/lib/ready-bytes.ts) and
  // built assets are sent from their precompressed twins; this compresses the other answers, fast.
  registerAnswerCache(app);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // Counted in the database: every server on it holds the same limits.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(ctx.db) });
  // Image uploads (POST /api/card/upload, /api/images): one file, within the size the image store takes.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  await registerDocs(app);

  // Titles, words and other text fields are compared and stored trimmed; passwords are taken as typed.
  app.addHook('preValidation', async (request) => {
    // NUL and the other control characters (but tab and line breaks) mean nothing in any field, id
    // or query of the API, and PostgreSQL refuses a NUL outright: refused here, once, for every call.
    if (request.url.startsWith('/api/')) {
      const field =
        controlCharacterField({ ...(request.query as object), ...(request.params as object) }) ??
        (request.isMultipart() ? undefined : controlCharacterField(request.body));
      if (field !== undefined) throw badRequest('http.control_characters', { field: field || 'The request' });
      // A lone surrogate (half of an emoji, say) cannot be stored as UTF-8: it would come back as
      // a different character than the one acknowledged, so it is refused too.
      const broken = (t: string) => !t.isWellFormed();
      const illFormed =
        controlCharacterField({ ...(request.query as object), ...(request.params as object) }, '', broken) ??
        (request.isMultipart() ? undefined : controlCharacterField(request.body, '', broken));
      if (illFormed !== undefined) throw badRequest('http.broken_text', { field: illFormed || 'The request' });
    }
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== 'object' || Array.isArray(body) || request.isMultipart()) return;
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === 'string' && !/password/i.test(key)) body[key] = value.trim();
    }
  });

  // Every successful content write invalidates cached pages. Content writes are exactly the admin's
  // writes (`requireAdmin` set request.admin); sign-in or a reset request must not flush the cache.
  // Bumped before the answer leaves (onSend, not onResponse): a read the admin's screen sends as soon
  // as it sees the answer must never get a page or API answer kept from before the write. The other
  // servers hear of the write from the database (the listener above); this one does not wait for that.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.admin && request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      if ('ownWrite' in listener) await listener.ownWrite();
      else ctx.content.version++;
    }
    return payload;
  });

  // Every route of the app: the table in features/index.ts.
  await registerFeatures(app);

  // The image sweep and the clean-up, on one server at a time.
  registerJobs(app);

  await ensureAdmin(app);
  if (config.seedDemo && opts.seedCommand && (await isBlank(ctx.db))) {
    const [command, ...args] = opts.seedCommand;
    const code = await new Promise<number | null>((resolve) => {
      spawn(command!, args, { stdio: 'inherit' })
        .once('exit', resolve)
        .once('error', () => resolve(null));
    });
    if (code !== 0) app.log.error({ code }, 'the demo content process failed');
  } else if (config.seedDemo) {
    await seedDemoContent(ctx, app.log);
  }
  return app;
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The name of the first field (nested: "citiesEn[2]") holding a control character, or undefined. */
function controlCharacterField(
  value: unknown,
  name = '',
  bad: (text: string) => boolean = (t) => CONTROL.test(t),
): string | undefined {
  if (typeof value === 'string') return bad(value) ? name : undefined;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = controlCharacterField(v, `${name}[${i}]`, bad);
      if (found !== undefined) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (bad(k)) return name || 'The request';
      const found = controlCharacterField(v, name ? `${name}.${k}` : k, bad);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
