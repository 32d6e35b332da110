import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/http-error.ts';

/** A year, the longest a cache is asked to keep anything: a name never stands for other bytes. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** /uploads/NAME: the stored images (registered under the /uploads prefix). */
const uploads: FastifyPluginAsync = async (app) => {
  // Stored images are served from the database (through this server's memory cache), so every
  // server serves every image. A wildcard, not a parameter: any path below /uploads/, however
  // long or odd, is a name we either have or answer 404 for.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const { db, images } = app.ctx;
    const file = await images.read(db, name);
    if (!file) throw notFound('image.no_such');
    reply.header('cache-control', CACHE_CONTROL).header('etag', file.etag).type('image/webp');
    if (matches(request.headers['if-none-match'], file.etag)) return reply.status(304).send();
    return reply.send(file.bytes);
  });
};

export default uploads;

/** If-None-Match holds the validator (a list of them, weak or strong, or *). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
