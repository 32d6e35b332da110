import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './http-error.ts';

/**
 * What Node refuses before a request reaches the app (headers over its 16 KB limit, a request
 * line it cannot parse, a client too slow to send its headers) is answered in the API's
 * `{ message, code }` shape, then the connection is closed, as Node itself does.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'http.headers_too_large' as const]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'http.too_slow' as const]
        : [400, 'http.not_http' as const];
  const body = JSON.stringify(errorBody(code));
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
