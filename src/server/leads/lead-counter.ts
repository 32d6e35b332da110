import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { countedPage, dayIn, deviceOf, sourceOf } from './classify.ts';
import { addBatch, daySalt, forgetVisitors, type LeadRow } from './leads-repository.ts';

type BeaconKind = 'view' | 'call' | 'whatsapp' | 'email';
const COLUMN = { view: 'views', call: 'calls', whatsapp: 'whatsapp', email: 'emails' } as const;

/** What the page said: what happened, on which page, and how the visit began. */
export interface Beacon { kind: BeaconKind; path: string; referrer: string; entry: string }
/** What the request said: the address and browser make the day's hash (then are forgotten), the host tells this site's own referrers. */
export interface Visit { address: string; userAgent: string; host: string }

/** Bounds on what one server holds between two writes; past them a beacon is dropped, never the server. */
const MAX_ROWS = 20_000;
const MAX_NEW_VISITORS = 50_000;
const MAX_SEEN = 200_000;

const keyOf = (r: LeadRow) => `${r.day}\t${r.page}\t${r.language}\t${r.device}\t${r.source}`;

/**
 * Beacons added up in memory and written in batches: every `flushMs` and when the app closes, one
 * transaction adds this server's counts into the rows (src/server/leads/leads-repository.ts), so a
 * flood of beacons costs one write per batch. A `kill -9` loses at most the batch not yet written.
 */
export class LeadCounter {
  private rows = new Map<string, LeadRow>();
  private newVisitors: { day: string; hash: string; row: string }[] = [];
  /** Hashes this server has already sent today (saves sending them again; the database decides). */
  private seen = new Set<string>();
  /** The source each of today's visitors arrived from, for their later pages (referrer = this site). */
  private entrySources = new Map<string, string>();
  private salts = new Map<string, Promise<string>>();
  private today = '';
  private forgotten = '';
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Batches written by this server (tests and logs). */
  writes = 0;
  private inFlight = new Set<Promise<unknown>>();

  private readonly db: Db;
  private readonly opts: { timeZone: string; ownHost: string; log: FastifyBaseLogger };

  constructor(db: Db, opts: { timeZone: string; ownHost: string; log: FastifyBaseLogger }) {
    this.db = db;
    this.opts = opts;
  }

  start(flushMs: number): void {
    this.timer = setInterval(() => void this.flush(), flushMs).unref();
  }

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

  /** Counts one beacon (already checked: no bot, no prefetch, not the owner, from this site). */
  async record(beacon: Beacon, visit: Visit, now = new Date()): Promise<void> {
    const counted = countedPage(beacon.path);
    if (!counted) return;
    const day = dayIn(this.opts.timeZone, now);
    if (day !== this.today) {
      for (const old of this.salts.keys()) if (old < day) this.salts.delete(old);
      this.seen.clear();
      this.entrySources.clear();
      this.today = day;
    }
    const salt = await this.salt(day);
    const hash = createHash('sha256').update(`${salt}\n${visit.address}\n${visit.userAgent}\n${this.opts.ownHost}`).digest('base64url');
    let source = sourceOf(beacon.referrer, beacon.entry, [this.opts.ownHost, visit.host.toLowerCase()]);
    if (source !== undefined && beacon.kind === 'view' && this.entrySources.size < MAX_SEEN) this.entrySources.set(hash, source);
    source ??= this.entrySources.get(hash) ?? 'direct';
    const row: LeadRow = { day, ...counted, device: deviceOf(visit.userAgent), source, views: 0, visitors: 0, calls: 0, whatsapp: 0, emails: 0 };
    const key = keyOf(row);
    let held = this.rows.get(key);
    if (!held) {
      if (this.rows.size >= MAX_ROWS) return;
      held = row;
      this.rows.set(key, held);
    }
    held[COLUMN[beacon.kind]]++;
    if (beacon.kind === 'view' && !this.seen.has(hash) && this.newVisitors.length < MAX_NEW_VISITORS) {
      if (this.seen.size >= MAX_SEEN) this.seen.clear();
      this.seen.add(hash);
      this.newVisitors.push({ day, hash, row: key });
    }
  }

  /** Writes what is held; one flush at a time. A failed write keeps the batch for the next one. */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => { this.flushing = undefined; });
    return this.flushing;
  }

  private async write(): Promise<void> {
    const rows = this.rows;
    const visitors = this.newVisitors;
    if (rows.size === 0 && visitors.length === 0) return;
    this.rows = new Map();
    this.newVisitors = [];
    try {
      await addBatch(this.db, [...rows.values()], visitors, keyOf);
      this.writes++;
      // Once a day per server: the hashes and salt of the days before go (the hourly job does it too).
      if (this.today && this.forgotten !== this.today) {
        await forgetVisitors(this.db, this.today);
        this.forgotten = this.today;
      }
    } catch (err) {
      this.opts.log.warn({ err, rows: rows.size }, 'could not write the leads counts; kept for the next batch');
      for (const [key, row] of rows) {
        const held = this.rows.get(key);
        if (!held) {
          if (this.rows.size < MAX_ROWS) this.rows.set(key, { ...row, visitors: 0 });
        } else {
          held.views += row.views;
          held.calls += row.calls;
          held.whatsapp += row.whatsapp;
          held.emails += row.emails;
        }
      }
      for (const v of visitors) if (this.newVisitors.length < MAX_NEW_VISITORS && this.rows.has(v.row)) this.newVisitors.push(v);
    }
  }
}
