import type { Language } from '../../../shared/language.ts';
import type { Device } from './classify.ts';

export type BeaconKind = 'view' | 'call' | 'whatsapp' | 'email';

/** One visitor's beacons in a batch: who (a day's hash), from where, and what happened in order. */
export interface PendingVisitor {
  day: string;
  /** The visitor: a hash of the day's salt, the address, the browser and the site. */
  hash: string;
  /** The visitor's address (or IPv6 /64) under the day's salt: at most a few visitors count per address. */
  address: string;
  device: Device;
  /** The source of the first beacon that told one (a referrer from this site tells none). */
  source: string | undefined;
  /** `kind \t page \t language` → beacons, in the order each first came. */
  events: Map<string, number>;
}

/** Bounds on what one server holds between two writes; past them a beacon is dropped, never the server. */
const MAX_VISITORS = 50_000;
const MAX_EVENTS = 200_000;
/** A visitor's distinct (kind, page, language): a person reading every page of a large catalogue stays under it. */
const MAX_EVENTS_PER_VISITOR = 500;

/** Beacons added up in memory until the next write. */
export class Batch {
  readonly visitors = new Map<string, PendingVisitor>();
  events = 0;
  /** Beacons that did not fit (logged once per write). */
  dropped = 0;

  /** Adds one beacon; false when it did not fit. */
  add(v: Omit<PendingVisitor, 'events'>, kind: BeaconKind, page: string, language: Language, times = 1): boolean {
    const key = `${v.day}\t${v.hash}`;
    let held = this.visitors.get(key);
    if (!held) {
      if (this.visitors.size >= MAX_VISITORS) return this.drop(times);
      held = { ...v, events: new Map() };
      this.visitors.set(key, held);
    }
    held.source ??= v.source;
    const event = `${kind}\t${page}\t${language}`;
    const before = held.events.get(event);
    if (before === undefined) {
      if (this.events >= MAX_EVENTS || held.events.size >= MAX_EVENTS_PER_VISITOR) return this.drop(times);
      this.events++;
    }
    held.events.set(event, (before ?? 0) + times);
    return true;
  }

  /** Puts back a batch that could not be written (bounded like any other). */
  merge(other: Batch): void {
    for (const v of other.visitors.values()) {
      for (const [event, times] of v.events) {
        const [kind, page, language] = event.split('\t') as [BeaconKind, string, Language];
        this.add(v, kind, page, language, times);
      }
    }
    this.dropped += other.dropped;
  }

  get empty(): boolean {
    return this.visitors.size === 0;
  }

  private drop(times: number): false {
    this.dropped += times;
    return false;
  }
}
