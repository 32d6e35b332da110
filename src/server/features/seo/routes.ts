import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor.ts';
import { expectedVersion } from '../../lib/concurrency.ts';
import { getSeo, saveSeo } from './seo-service.ts';
import { errors, SeoAnswer, SeoSave, SeoSaved, tags } from './schemas.ts';

/** GET/PUT /api/seo: the headline of the pages' titles and the home description, per language. */
const seo: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The search titles and descriptions ('' = the site's default)",
        response: { 200: SeoAnswer },
      },
    },
    async () => ({ data: await getSeo(db) }),
  );

  app.put(
    '/',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Save the search titles and descriptions (all fields; empty string = the default)',
        description:
          'Send the updatedAt you read as expectedUpdatedAt or If-Match to get 409 instead of overwriting a newer save.',
        body: SeoSave,
        response: { 200: SeoSaved, ...errors(400, 401, 409) },
      },
    },
    async (request) => {
      const { expectedUpdatedAt: _e, ...fields } = request.body;
      const data = await saveSeo(db, fields, expectedVersion(request.headers, request.body), actorOf(request));
      return { message: 'Search titles saved', data };
    },
  );
};

export default seo;
