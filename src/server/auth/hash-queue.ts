/**
 * The queue of password hashes (scrypt: 128 MiB and a thread-pool thread for a few hundred
 * milliseconds each), run one at a time. Waiting work is served fairly by address: each address
 * has its own line and the lines take turns, so strangers sending many sign-ins (from many
 * addresses, with unknown emails) cannot starve anyone else's: a newcomer waits for at most one
 * hash per busy address. A browser that has signed in to the account before (its device cookie)
 * goes first. Each line and the whole queue are bounded; past a bound the work is refused at once
 * (the caller answers 429), so memory stays bounded too.
 */
export interface HashTicket {
  /** Who is waiting: the client's address. */
  address: string;
  /** A browser that has signed in before: served before every line. */
  priority?: boolean;
}

export const MAX_QUEUED_PER_ADDRESS = 4;
export const MAX_QUEUED_HASHES = 256;
const MAX_PRIORITY_QUEUED = 16;

/** Thrown when too many password checks are already waiting. */
export class PasswordQueueFull extends Error {
  constructor() { super('Too many sign-in attempts at once. Please wait a moment and try again.'); }
}

type Job = () => void;

export class FairHashQueue {
  private running = false;
  private waiting = 0;
  private readonly priority: Job[] = [];
  /** One line per address, in turn order (a Map keeps insertion order). */
  private readonly lines = new Map<string, Job[]>();

  get pending(): number {
    return this.waiting;
  }

  run<T>(work: () => Promise<T>, ticket: HashTicket): Promise<T> {
    const line = ticket.priority ? this.priority : this.lines.get(ticket.address) ?? [];
    const bound = ticket.priority ? MAX_PRIORITY_QUEUED : MAX_QUEUED_PER_ADDRESS;
    if (line.length >= bound || (!ticket.priority && this.waiting >= MAX_QUEUED_HASHES)) return Promise.reject(new PasswordQueueFull());
    return new Promise<T>((resolve, reject) => {
      line.push(() => {
        work().then(resolve, reject).finally(() => {
          this.running = false;
          this.next();
        });
      });
      if (!ticket.priority && !this.lines.has(ticket.address)) this.lines.set(ticket.address, line);
      this.waiting++;
      if (!this.running) this.next();
    });
  }

  private next(): void {
    let job = this.priority.shift();
    if (!job) {
      const first = this.lines.entries().next();
      if (first.done) return;
      const [address, line] = first.value;
      job = line.shift()!;
      // The line goes to the back of the turn order, or away when empty.
      this.lines.delete(address);
      if (line.length > 0) this.lines.set(address, line);
    }
    this.waiting--;
    this.running = true;
    job();
  }
}
