import type { FastifyPluginAsync } from 'fastify';

/**
 * GET /api/docs: the OpenAPI document that plugins/docs.ts builds from every route's schema (that
 * plugin is registered before any route, so it sees them all).
 */
const docs: FastifyPluginAsync = async (app) => {
  app.get('/docs', { schema: { hide: true } }, async () => app.swagger());
};

export default docs;
