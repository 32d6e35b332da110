import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '../config.ts';

/** Above this share of the bound, idle keep-alive connections are closed to make room. */
const HIGH_WATER = 0.75;
/** Closing idle connections walks them all: at most this often. */
const CLOSE_IDLE_EVERY_MS = 1000;

/**
 * Bounds the connections a server holds, so that sockets held open from one address (idle, or
 * sending headers a byte at a time) can neither use up the process's file descriptors nor its
 * heap (docs/decisions/016). A connection over the per-address or the total bound is destroyed
 * as soon as it is accepted; past the high-water mark, keep-alive connections waiting between
 * requests are closed (a browser reopens one when it needs it). Node's own timers cut the rest
 * (`serverOptions`): headers must arrive within `headersTimeoutMs`, a request within `requestTimeoutMs`.
 */
/** The options of `createServer` that bound how long a request may take to arrive. */
export function serverOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // Node checks both only this often (30 s by default): a 10 s bound would be up to 40 s.
    connectionsCheckingInterval: Math.min(1000, Math.ceil(limits.headersTimeoutMs / 2)),
  };
}

export function guardConnections(server: Server, limits: ConnectionLimits): { open(): number } {
  const perAddress = new Map<string, number>();
  let open = 0;
  let idleClosedAt = 0;
  const highWater = Math.floor(limits.max * HIGH_WATER);

  server.on('connection', (socket: Socket) => {
    // A socket that reset before this runs has no address; it closes by itself.
    const address = socket.remoteAddress ?? '';
    const fromAddress = (perAddress.get(address) ?? 0) + 1;
    if (open >= limits.max || (limits.perAddress > 0 && fromAddress > limits.perAddress)) {
      socket.destroy();
      return;
    }
    open++;
    perAddress.set(address, fromAddress);
    socket.once('close', () => {
      open--;
      const left = perAddress.get(address)! - 1;
      if (left === 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
    if (open > highWater) {
      const now = Date.now();
      if (now - idleClosedAt >= CLOSE_IDLE_EVERY_MS) {
        idleClosedAt = now;
        server.closeIdleConnections();
      }
    }
  });
  return { open: () => open };
}
