/**
 * The flood of `npm run stress -- held` (bench/stress.ts starts it as its own process, so that its
 * sockets count against its own file limit, not the server's): holds `perAddress` connections from
 * each of `addresses` (loopback) to the server, half of them idle and half sending the start of a
 * request and then one header line every `slowEveryMs`, never ending it. A connection the server
 * closes is opened again (at most `openPerSecond` new connections a second, `maxPending` connecting
 * at once), as an attacker would, until `seconds` have passed; then everything is closed. Prints one
 * JSON line of counts a second on stdout, and a last one with `final: true`.
 *
 * Usage: node bench/stress-flood.ts '<json options>'
 */
import { connect, type Socket } from 'node:net';

interface Options {
  port: number;
  addresses: string[];
  perAddress: number;
  seconds: number;
  slowEveryMs: number;
  openPerSecond: number;
  maxPending: number;
  connectTimeoutMs: number;
}
const opts = JSON.parse(process.argv[2] ?? '{}') as Options;

/** One slot per connection to hold: its source address and whether it sends headers slowly. */
interface Slot {
  address: string;
  slow: boolean;
  socket?: Socket;
}
const slots: Slot[] = opts.addresses.flatMap((address) =>
  Array.from({ length: opts.perAddress }, (_, i) => ({ address, slow: i % 2 === 1 })),
);

const counts = {
  attempted: 0,
  connected: 0,
  /** Connecting failed (refused, timed out, or the client's own limits), by error code. */
  failed: {} as Record<string, number>,
  /** Connected, then closed by the server within a second: destroyed at once by a bound. */
  closedAtOnce: 0,
  /** Connected, then closed by the server later: a timeout or the closing of idle connections. */
  closedLater: 0,
  /** Answers the server sent on held connections before closing them (e.g. 408), by status line. */
  answers: {} as Record<string, number>,
  /** Lifetimes (ms) of the connections the server closed later, for their median. */
  lifetimes: [] as number[],
};
let open = 0;
let pending = 0;
let stopping = false;
const queue: Slot[] = [...slots];

function openSlot(slot: Slot): void {
  counts.attempted++;
  pending++;
  let connectedAt = 0;
  const socket = connect({ host: '127.0.0.1', port: opts.port, localAddress: slot.address });
  slot.socket = socket;
  socket.setTimeout(opts.connectTimeoutMs);
  socket.once('timeout', () => {
    if (!connectedAt) socket.destroy(Object.assign(new Error('connect timeout'), { code: 'CONNECT_TIMEOUT' }));
  });
  socket.once('connect', () => {
    pending--;
    open++;
    counts.connected++;
    connectedAt = Date.now();
    socket.setTimeout(0);
    if (slot.slow) socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nx-held-${counts.attempted}: 1\r\n`);
  });
  let head = '';
  socket.on('data', (chunk: Buffer) => {
    if (head.length < 64) {
      head += chunk.toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
      if (status) {
        counts.answers[status] = (counts.answers[status] ?? 0) + 1;
        head = '–'.repeat(64);
      }
    }
  });
  socket.on('error', (err: NodeJS.ErrnoException) => {
    if (connectedAt) return; // a reset after connecting is counted as a close by the server
    const code = err.code ?? 'unknown';
    counts.failed[code] = (counts.failed[code] ?? 0) + 1;
  });
  socket.once('close', () => {
    slot.socket = undefined;
    if (connectedAt) {
      open--;
      if (stopping) return;
      const lived = Date.now() - connectedAt;
      if (lived < 1000) counts.closedAtOnce++;
      else {
        counts.closedLater++;
        if (counts.lifetimes.length < 100_000) counts.lifetimes.push(lived);
      }
    } else {
      pending--;
    }
    if (!stopping) queue.push(slot);
  });
}

// Opens queued slots at most `openPerSecond` a second (in 50 ms steps), `maxPending` at a time.
const opener = setInterval(() => {
  let budget = Math.ceil(opts.openPerSecond / 20);
  while (budget-- > 0 && pending < opts.maxPending && queue.length > 0) openSlot(queue.shift()!);
}, 50);

// Each slow connection sends one more header line every `slowEveryMs`, spread over the period.
const ticksPerPeriod = Math.max(1, Math.round(opts.slowEveryMs / 250));
let tick = 0;
const slowWriter = setInterval(() => {
  const turn = tick++ % ticksPerPeriod;
  for (let i = turn; i < slots.length; i += ticksPerPeriod) {
    const slot = slots[i]!;
    if (slot.slow && slot.socket && !slot.socket.connecting && !slot.socket.destroyed)
      slot.socket.write(`x-slow-${tick}: 1\r\n`);
  }
}, 250);

const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const snapshot = () => ({
  open,
  pending,
  queued: queue.length,
  ...counts,
  lifetimes: undefined,
  medianLifetimeMs: median(counts.lifetimes),
});

const started = Date.now();
const reporter = setInterval(() => {
  process.stdout.write(`${JSON.stringify({ t: Date.now() - started, ...snapshot() })}\n`);
}, 1000);

function stop(): void {
  if (stopping) return;
  stopping = true;
  clearInterval(opener);
  clearInterval(slowWriter);
  clearInterval(reporter);
  const last = snapshot();
  for (const slot of slots) slot.socket?.destroy();
  process.stdout.write(`${JSON.stringify({ t: Date.now() - started, final: true, ...last })}\n`, () => process.exit(0));
}
setTimeout(stop, opts.seconds * 1000);
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
