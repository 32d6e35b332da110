import type { FastifyRequest } from 'fastify';

/** Requests answered from kept bytes (a cached page or API answer): the request log writes them at debug level only. */
const quiet = new WeakSet<FastifyRequest>();

export function markQuiet(request: FastifyRequest): void {
  quiet.add(request);
}

export const isQuiet = (request: FastifyRequest): boolean => quiet.has(request);
