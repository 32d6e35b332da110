import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/** OpenAPI document generated from the route schemas; served as JSON at /api/docs (features/docs). */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bird Barrier site API',
        version: '1.0.0',
        description:
          'Public content and the admin API. Admin writes need the session cookie set by POST /api/auth/login.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
  });
}
