import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { isDatabaseUnavailable } from '../../lib/unavailable.ts';
import { addressKey, countedPage, dayIn, deviceOf, FIXED_SOURCES, sourceOf, UNKNOWN_CARD_PAGE } from './classify.ts';
import { Batch, type BeaconKind, type PendingVisitor } from './lead-batch.ts';
import { halves, planChunks } from './lead-plan.ts';
import { admitSources, resolveVisitors, writeChunk, type Chunk, type Resolved } from './lead-writes.ts';
import { daySalt, forgetVisitors } from './leads-repository.ts';
import { KnownCards } from './known-cards.ts';
import { CardAddresses } from '../cards/card-addresses.ts';

/** What the page said: what happened, on which page, and how the visit began. */
export interface Beacon {
  kind: BeaconKind;
  path: string;
  referrer: string;
  entry: string;
}
/** What the request said: the address and browser make the day's hash (then are forgotten), the host tells this site's own referrers. */
export interface Visit {
  address: string;
  userAgent: string;
  host: string;
}

/** Visitors counted per address (or IPv6 /64) and day: a household's phones and computers, not one browser renamed again and again. */
export const VISITORS_PER_ADDRESS = 5;
/** Visitors a day stores, whatever the number of addresses: twenty times a busy small business's day. */
const VISITORS_PER_DAY = 200_000;
/** Visitors held before a write is started without waiting for the timer (a flood is written as it comes). */
const WRITE_AT = 10_000;
/** Sources beyond the fixed ones (search engines, social networks, direct) with rows of their own per day; the rest are 'other'. */
export const SOURCES_PER_DAY = 50;
/** Writes a chunk (or a batch's visitors) is tried while the database cannot be reached; then it is dropped, with a log line. */
const MAX_ATTEMPTS = 3;
/** Rows kept for another try while the database is away. */
const MAX_HELD_ROWS = 20_000;
/** Today's visitors whose verdict this server knows (saves asking again; the database decides). */
const MAX_KNOWN = 100_000;

/**
 * Beacons added up in memory and written in batches: every `flushMs` and when the app closes. A
 * batch is written in chunks, each one transaction under every engine's parameter limit
 * (src/server/features/leads/lead-writes.ts). A chunk the database refuses is split until the row it refuses
 * is found and dropped (one log line per write); a chunk that meets an unreachable database is
 * tried again at the next writes, at most 3 times. A `kill -9` loses the batch not yet written.
 */
interface CounterOptions {
  timeZone: string;
  ownHost: string;
  log: FastifyBaseLogger;
  content: { version: number };
}

export class LeadCounter {
  private batch = new Batch();
  private held: Chunk[] = [];
  private failures = 0;
  private known = new Map<string, Resolved>();
  private sources = new Map<string, { admitted: Set<string>; full: boolean }>();
  private salts = new Map<string, Promise<string>>();
  private readonly cards: KnownCards;
  private today = '';
  private forgotten = '';
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Chunks written by this server (tests and logs). */
  writes = 0;
  private inFlight = new Set<Promise<unknown>>();

  private readonly db: Db;
  private readonly opts: CounterOptions;

  /** `addresses`: the app's index of card addresses (AppContext.cardAddresses); a counter of its own without it. */
  constructor(db: Db, opts: CounterOptions & { addresses?: CardAddresses }) {
    this.db = db;
    this.opts = opts;
    this.cards = new KnownCards(db, opts.content, opts.addresses ?? new CardAddresses(db, opts.content));
  }

  start(flushMs: number): void {
    this.timer = setInterval(() => void this.flush(), flushMs).unref();
  }

  /** Writes what is held (the beacons under way included): at SIGTERM nothing counted is lost. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.settled();
  }

  /** Keeps a beacon's counting, which runs after its answer, so `settled` can wait for it. */
  track(work: Promise<unknown>): void {
    const held = work.catch(() => undefined).finally(() => this.inFlight.delete(held));
    this.inFlight.add(held);
  }

  /** Waits for the beacons under way, then writes the batch (tests, and the last batch at close). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
    await this.flush();
  }

  private salt(day: string): Promise<string> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = daySalt(this.db, day);
      salt.catch(() => this.salts.delete(day));
      this.salts.set(day, salt);
    }
    return salt;
  }

  /** Counts one beacon (already checked: token, no bot, no prefetch, not the owner, from this site). */
  async record(beacon: Beacon, visit: Visit, now = new Date()): Promise<void> {
    const counted = countedPage(beacon.path);
    if (!counted) return;
    if (counted.cardId !== undefined && !(await this.cards.has(counted.cardId))) counted.page = UNKNOWN_CARD_PAGE;
    if (counted.cardSlug !== undefined) {
      const id = await this.cards.idOfSlug(counted.cardSlug, counted.language);
      if (id !== undefined) counted.page = `/card-details?id=${id}`;
    }
    if (counted.citySlug !== undefined && !(await this.cards.hasCity(counted.citySlug))) return;
    const day = dayIn(this.opts.timeZone, now);
    if (day !== this.today) {
      for (const old of this.salts.keys()) if (old < day) this.salts.delete(old);
      for (const old of this.sources.keys()) if (old < day) this.sources.delete(old);
      this.known.clear();
      this.today = day;
    }
    const salt = await this.salt(day);
    const digest = (text: string) => createHash('sha256').update(`${salt}\n${text}`).digest('base64url');
    this.batch.add(
      {
        day,
        hash: digest(`${visit.address}\n${visit.userAgent}\n${this.opts.ownHost}`),
        address: digest(`address\n${addressKey(visit.address)}`).slice(0, 22),
        device: deviceOf(visit.userAgent),
        source: sourceOf(beacon.referrer, beacon.entry, [this.opts.ownHost, visit.host.toLowerCase()]),
      },
      beacon.kind,
      counted.page,
      counted.language,
    );
    if (this.batch.visitors.size >= WRITE_AT) void this.flush();
  }

  /** Writes what is held; one write at a time. */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async write(): Promise<void> {
    const batch = this.batch;
    this.batch = new Batch();
    const chunks = this.held;
    this.held = [];
    if (batch.dropped > 0)
      this.opts.log.warn({ beacons: batch.dropped }, 'leads: beacons dropped, more than one write holds');
    if (!batch.empty) {
      try {
        chunks.push(...(await this.plan(batch)));
        this.failures = 0;
      } catch (err) {
        if (++this.failures >= MAX_ATTEMPTS) {
          this.failures = 0;
          this.opts.log.warn(
            { err, visitors: batch.visitors.size, events: batch.events },
            'leads: could not resolve a batch 3 times; dropped',
          );
        } else {
          this.opts.log.warn({ err }, 'leads: could not resolve a batch; tried again at the next write');
          batch.dropped = 0;
          batch.merge(this.batch);
          this.batch = batch;
        }
      }
    }
    let lost = 0;
    let cause: unknown;
    const put = async (chunk: Chunk): Promise<void> => {
      try {
        await writeChunk(this.db, chunk);
        this.writes++;
      } catch (err) {
        if (isDatabaseUnavailable(err)) {
          const heldRows = this.held.reduce((n, c) => n + c.rows.size, 0);
          if (++chunk.attempts < MAX_ATTEMPTS && heldRows + chunk.rows.size <= MAX_HELD_ROWS) this.held.push(chunk);
          else {
            lost += chunk.rows.size;
            cause = err;
          }
        } else if (chunk.rows.size > 1) {
          for (const half of halves(chunk)) await put(half);
        } else {
          lost += chunk.rows.size;
          cause = err;
        }
      }
    };
    for (const chunk of chunks) await put(chunk);
    if (lost > 0) this.opts.log.warn({ err: cause, rows: lost }, 'leads: rows the database would not take; dropped');
    // Once a day per server: the hashes, marks and salt of the days before go (the hourly job does it too).
    if (this.today && this.forgotten !== this.today && this.held.length === 0) {
      try {
        await forgetVisitors(this.db, this.today);
        this.forgotten = this.today;
      } catch (err) {
        this.opts.log.warn({ err }, 'leads: could not forget the visitors of the days before');
      }
    }
  }

  /** Resolves a batch's visitors and sources in the database, then cuts it into chunks. */
  private async plan(batch: Batch): Promise<Chunk[]> {
    const byDay = new Map<string, PendingVisitor[]>();
    for (const v of batch.visitors.values()) {
      const list = byDay.get(v.day);
      if (list) list.push(v);
      else byDay.set(v.day, [v]);
    }
    const resolved = new Map<string, Resolved>();
    for (const [day, visitors] of byDay) {
      const ask = visitors.filter((v) => {
        const known = this.known.get(`${day}\t${v.hash}`);
        if (known) resolved.set(`${day}\t${v.hash}`, { ...known, isNew: false });
        return !known;
      });
      const answers = await resolveVisitors(
        this.db,
        day,
        ask.map((v) => ({ hash: v.hash, address: v.address, source: v.source ?? 'direct' })),
        VISITORS_PER_ADDRESS,
        VISITORS_PER_DAY,
      );
      for (const v of ask) {
        const answer = answers.get(v.hash);
        if (!answer) continue;
        resolved.set(`${day}\t${v.hash}`, answer);
        if (this.known.size >= MAX_KNOWN) this.known.clear();
        if (day === this.today) this.known.set(`${day}\t${v.hash}`, answer);
      }
      await this.admit(day, [
        ...new Set(
          ask.map((v) => resolved.get(`${day}\t${v.hash}`)?.source).filter((s): s is string => s !== undefined),
        ),
      ]);
    }
    return planChunks(
      batch,
      (v) => resolved.get(`${v.day}\t${v.hash}`),
      (day, source) => {
        if (FIXED_SOURCES.has(source)) return source;
        return this.sources.get(day)?.admitted.has(source) ? source : 'other';
      },
    );
  }

  /** Asks which new sources get rows of their own (the database keeps the day's count for every server). */
  private async admit(day: string, sources: string[]): Promise<void> {
    let state = this.sources.get(day);
    if (!state) {
      state = { admitted: new Set(), full: false };
      this.sources.set(day, state);
    }
    const ask = sources.filter((s) => !FIXED_SOURCES.has(s) && !state.admitted.has(s));
    if (ask.length === 0) return;
    const { admitted, full } = await admitSources(this.db, day, ask, SOURCES_PER_DAY, state.full);
    for (const s of admitted) state.admitted.add(s);
    state.full = full;
  }
}
