import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '../config.ts';

/** Above this share of the bound, idle keep-alive connections are closed to make room. */
const HIGH_WATER = 0.75;
/** Closing idle connections walks them all: at most this often. */
const CLOSE_IDLE_EVERY_MS = 1000;
/** A connection that has sent no request yet is not made room for by a newcomer before this age. */
const EVICT_AFTER_MS = 1000;

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
  // Connections that have not sent a whole request yet, oldest first (a Map keeps insertion order),
  // with when they came. When the bound is full, a newcomer takes the place of the oldest of them:
  // held connections from many addresses (each within its own bound) cannot keep visitors out,
  // since a visitor's request arrives at once and takes it off this list.
  const waiting = new Map<Socket, number>();
  server.on('request', (request) => {
    waiting.delete(request.socket);
  });

  server.on('connection', (socket: Socket) => {
    // A socket that reset before this runs has no address; it closes by itself.
    const address = socket.remoteAddress ?? '';
    const fromAddress = (perAddress.get(address) ?? 0) + 1;
    if (limits.perAddress > 0 && fromAddress > limits.perAddress) {
      socket.destroy();
      return;
    }
    if (open >= limits.max) {
      const oldest = waiting.entries().next();
      if (oldest.done || Date.now() - oldest.value[1] < EVICT_AFTER_MS) {
        socket.destroy();
        return;
      }
      // Its close handler gives its place back a moment later: until then the bound is over by one.
      waiting.delete(oldest.value[0]);
      oldest.value[0].destroy();
    }
    open++;
    perAddress.set(address, fromAddress);
    waiting.set(socket, Date.now());
    socket.once('close', () => {
      waiting.delete(socket);
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
