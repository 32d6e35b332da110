import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getAbout, saveAbout } from './about-service.ts';
import { actorOf } from '../../lib/actor.ts';
import { expectedVersion } from '../../lib/concurrency.ts';
import { AboutAnswer, AboutQuery, AboutSave, AboutSaved, errors, tags } from './schemas.ts';

const aboutus: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'About text of one language (empty strings before it is first written)',
        querystring: AboutQuery,
        response: { 200: AboutAnswer, ...errors(400) },
      },
    },
    async (request) => ({ data: await getAbout(db, request.query.language) }),
  );

  app.post(
    '/',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Save the about text of one language',
        description:
          'Send the updatedAt you read as If-Match (or expectedUpdatedAt) to get 409 instead of overwriting a newer save.',
        body: AboutSave,
        response: { 200: AboutSaved, ...errors(400, 401, 409) },
      },
    },
    async (request) => {
      const { language, ...text } = request.body;
      const data = await saveAbout(
        db,
        language,
        text,
        expectedVersion(request.headers, request.body),
        actorOf(request),
      );
      return { message: 'About text saved', data };
    },
  );
};

export default aboutus;
