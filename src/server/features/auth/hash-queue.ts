/**
 * The queue of password hashes (scrypt: 128 MiB and a thread-pool thread for a few hundred
 * milliseconds each), run one at a time. Waiting work is served fairly by address: each address
 * has its own line and the lines take turns, so strangers sending many sign-ins (from many
 * addresses, with unknown emails) cannot starve anyone else's: a newcomer waits for at most one
 * hash per busy address. A browser that has signed in to the account before (its device cookie)
 * goes first. Each line and the whole queue are bounded; past a bound the work is refused at once
 * (the caller answers 429), so memory stays bounded too. The whole queue holds what is served in a
 * few seconds (MAX_QUEUED_HASHES hashes of about a quarter of a second each here), so a newcomer
 * never waits behind a minute of strangers' work: past it, it is refused at once and may try again,
 * use a passkey (no hash) or have this browser let in by email (then it goes first). Work whose
 * client has gone (its connection closed) is dropped, waiting or not yet started.
 */
export interface HashTicket {
  /** Who is waiting: the client's address. */
  address: string;
  /** A browser that has signed in before: served before every line. */
  priority?: boolean;
  /** Aborted when the client has gone: the work is dropped if it has not started. */
  signal?: AbortSignal;
}

export const MAX_QUEUED_PER_ADDRESS = 4;
export const MAX_QUEUED_HASHES = 32;
const MAX_PRIORITY_QUEUED = 16;

/** Thrown when too many password checks are already waiting. */
export class PasswordQueueFull extends Error {
  constructor() {
    super('Too many sign-in attempts at once. Please wait a moment and try again, or sign in with your passkey.');
  }
}

/** Thrown for work dropped because its client has gone: nobody hears the answer. */
export class ClientGone extends Error {
  constructor() {
    super('The client closed the connection.');
  }
}

/** Hashes run and dropped since the process began (for the stress figures and tests). */
export const hashCounts = { run: 0, dropped: 0 };

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
    const { signal } = ticket;
    if (signal?.aborted) {
      hashCounts.dropped++;
      return Promise.reject(new ClientGone());
    }
    const line = ticket.priority ? this.priority : (this.lines.get(ticket.address) ?? []);
    const bound = ticket.priority ? MAX_PRIORITY_QUEUED : MAX_QUEUED_PER_ADDRESS;
    if (line.length >= bound || (!ticket.priority && this.waiting >= MAX_QUEUED_HASHES))
      return Promise.reject(new PasswordQueueFull());
    return new Promise<T>((resolve, reject) => {
      const job: Job = () => {
        signal?.removeEventListener('abort', drop);
        if (signal?.aborted) {
          hashCounts.dropped++;
          reject(new ClientGone());
          this.running = false;
          this.next();
          return;
        }
        hashCounts.run++;
        work()
          .then(resolve, reject)
          .finally(() => {
            this.running = false;
            this.next();
          });
      };
      // A client that goes while waiting frees its place at once.
      const drop = () => {
        const at = line.indexOf(job);
        if (at < 0) return;
        line.splice(at, 1);
        this.waiting--;
        if (line.length === 0 && !ticket.priority && this.lines.get(ticket.address) === line)
          this.lines.delete(ticket.address);
        hashCounts.dropped++;
        reject(new ClientGone());
      };
      signal?.addEventListener('abort', drop, { once: true });
      line.push(job);
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
