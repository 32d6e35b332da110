import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/**
 * What Node refuses before a request reaches the app (headers over its 16 KB limit, a request
 * line it cannot parse, a client too slow to send its headers) is answered in the API's
 * `{ "message" }` shape, then the connection is closed, as Node itself does.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers (or its address) are too large.']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
