import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { findSessionUser } from '../auth/sessions.ts';
import type { BeaconTokens } from './beacon-token.ts';
import { addDays } from './classify.ts';
import type { Beacon as CountedBeacon } from './lead-counter.ts';
import { contactsByCard } from './lead-totals.ts';
import { getOptions, saveOptions } from './leads-repository.ts';
import { leadResults, periodOf } from './results.ts';
import { leadsCsv } from './csv.ts';
import { badRequest, tooManyRequests } from '../../lib/http-error.ts';
import { sessionToken } from '../../plugins/auth.ts';
import {
  Beacon,
  CsvAnswer,
  CsvQuery,
  errors,
  OptionsSave,
  OptionsSaved,
  ProductsAnswer,
  ProductsQuery,
  ResultsAnswer,
  ResultsQuery,
  tags,
} from './schemas.ts';

const KIND = { v: 'view', c: 'call', w: 'whatsapp', e: 'email' } as const;
/**
 * Beacons one address may send a minute (one server's count: a beacon is no secret to guard). Kept
 * in memory, not in the rate_limits table every other limit shares: that would be a database write
 * for each page view, which the beacon's batched counting exists to avoid.
 */
const PER_ADDRESS_PER_MINUTE = 120;
const MAX_ADDRESSES = 50_000;
const MAX_CSV_DAYS = 3 * 366;

/**
 * Whether a beacon comes from this site's own pages: its Origin is PUBLIC_URL's, or names the very
 * address and port this connection reached (a server asked directly, as in development). The Host
 * header alone proves nothing: any client can send "Host: evil.example" with a matching Origin.
 */
function fromThisSite(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === publicOrigin) return true;
  const { localAddress, localPort } = request.raw.socket;
  if (!localAddress || !localPort) return false;
  const address = localAddress.replace(/^::ffff:/, '');
  const own = [address.includes(':') ? `[${address}]:${localPort}` : `${address}:${localPort}`];
  if (/^(127\.|::1$)/.test(address)) own.push(`localhost:${localPort}`);
  return own.some((host) => origin === `${request.protocol}://${host}`);
}

/** Why a beacon is not counted, or undefined when it is. */
function notCounted(
  request: FastifyRequest<{ Body: { t: string } }>,
  publicOrigin: string,
  tokens: BeaconTokens,
): string | undefined {
  if (!fromThisSite(request, publicOrigin)) return 'origin';
  if (!tokens.accepts(request.body.t)) return 'token';
  const ua = request.headers['user-agent'] ?? '';
  if (ua === '' || isbot(ua)) return 'bot';
  const purpose = `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''} ${request.headers['x-moz'] ?? ''}`;
  if (/prefetch|prerender/i.test(purpose)) return 'prefetch';
  return undefined;
}

/**
 * /api/leads: the public pages' beacon, and what the owner reads of it (signed in). The beacon
 * answers 204 at once and does its counting after: a page never waits for it.
 */
const leads: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const publicOrigin = new URL(config.publicUrl).origin;

  // navigator.sendBeacon sends a string as text/plain (no CORS preflight): read as JSON here only.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 2048 }, (request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('leads.beacon_not_json'), undefined);
    }
  });

  let window = new Map<string, number>();
  setInterval(() => {
    window = new Map();
  }, 60_000).unref();

  app.post(
    '/',
    {
      bodyLimit: 2048,
      schema: {
        tags,
        summary: 'Count a page view or a tap on a call, WhatsApp or email link (sent by the public pages)',
        description:
          'Answers 204 whether or not the beacon is counted: beacons without the token of a page served today or yesterday, bots, prefetches, the signed-in owner and other sites are not.',
        body: Beacon,
        response: { 204: { type: 'null' }, ...errors(400, 403, 429) },
      },
    },
    (request, reply) => {
      const address = request.ip;
      const hits = (window.get(address) ?? 0) + 1;
      if (window.size < MAX_ADDRESSES || window.has(address)) window.set(address, hits);
      if (hits > PER_ADDRESS_PER_MINUTE) throw tooManyRequests('leads.too_many_beacons');
      void reply.code(204).send(null);
      if (notCounted(request, publicOrigin, app.ctx.tokens)) return;
      const beacon: CountedBeacon = {
        kind: KIND[request.body.k],
        path: request.body.p,
        referrer: request.body.r,
        entry: request.body.e,
      };
      const visit = { address, userAgent: request.headers['user-agent'] ?? '', host: request.host };
      const token = sessionToken(request);
      app.ctx.leads.track(
        (async () => {
          // A browser signed in to the admin is the owner's own: not counted.
          if (token && (await findSessionUser(db, token))) return;
          await app.ctx.leads.record(beacon, visit);
        })().catch((err: unknown) => request.log.warn({ err }, 'could not count a beacon')),
      );
    },
  );

  app.get(
    '/results',
    {
      config: { admin: true },
      schema: {
        tags,
        summary:
          'What the Results screen shows: totals, the period before, a daily series and what brought most contacts',
        querystring: ResultsQuery,
        response: { 200: ResultsAnswer, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { days, language } = request.query;
      const { from, to } = periodOf(config.leads.timeZone, days);
      // A read only: the email's language is saved through PUT /api/leads/options.
      const [options, results] = await Promise.all([getOptions(db), leadResults(db, from, to, days, language ?? 'ar')]);
      return { data: { ...results, weeklyEmail: options.weeklyEmail, emailLanguage: options.language } };
    },
  );

  app.get(
    '/products',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: "Contacts (calls, WhatsApp, emails) from each product's page over the last days, by card id",
        querystring: ProductsQuery,
        response: { 200: ProductsAnswer, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { from, to } = periodOf(config.leads.timeZone, request.query.days);
      return { data: await contactsByCard(db, from, to) };
    },
  );

  app.put(
    '/options',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Switch the weekly results email on or off, or set the language it is written in',
        body: OptionsSave,
        response: { 200: OptionsSaved, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { weeklyEmail, language } = request.body;
      const options = await saveOptions(db, {
        ...(weeklyEmail === undefined ? {} : { weeklyEmail }),
        ...(language ? { language } : {}),
      });
      return { message: 'Saved', data: { weeklyEmail: options.weeklyEmail, emailLanguage: options.language } };
    },
  );
};

/** GET /api/leads.csv: every non-empty row of the days asked, for a spreadsheet. */
export const leadsCsvRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/leads.csv',
    {
      config: { admin: true },
      schema: {
        tags,
        summary:
          'The counts as CSV (UTF-8 with a byte order mark), one row per day, page, language, device and source, sent as it is read',
        querystring: CsvQuery,
        response: { 200: CsvAnswer, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const { from, to, language } = request.query;
      if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) throw badRequest('leads.bad_days');
      if (from > to) throw badRequest('leads.from_after_to');
      if (addDays(from, MAX_CSV_DAYS) < to) throw badRequest('leads.too_far_apart', { max: MAX_CSV_DAYS });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(leadsCsv(db, from, to, language ?? 'ar')));
    },
  );
};

export default leads;
