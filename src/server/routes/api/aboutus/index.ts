import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { About, AboutSave, ErrorAnswer } from '../../../../shared/schemas.ts';
import { getAbout, saveAbout } from '../../../about/about-repository.ts';
import { expectedVersion } from '../../../lib/concurrency.ts';

const tags = ['about'];

const aboutus: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get('/', {
    schema: {
      tags, summary: 'About text of one language (empty strings before it is first written)',
      // An enum (not the shared union) so a bad value reads "must be equal to one of the allowed values".
      querystring: Type.Object({ language: Type.Enum(['ar', 'en'], { description: 'ar or en' }) }),
      response: { 200: Type.Object({ data: About }), 400: ErrorAnswer },
    },
  }, async (request) => ({ data: await getAbout(db, request.query.language) }));

  app.post('/', {
    config: { admin: true },
    schema: {
      tags, summary: 'Save the about text of one language', 
      description: 'Send the updatedAt you read as If-Match (or expectedUpdatedAt) to get 409 instead of overwriting a newer save.',
      body: AboutSave,
      response: { 200: Type.Object({ message: Type.String(), data: About }), 400: ErrorAnswer, 401: ErrorAnswer, 409: ErrorAnswer },
    },
  }, async (request) => {
    const { language, ...text } = request.body;
    const data = await saveAbout(db, language, text, expectedVersion(request.headers, request.body));
    return { message: 'About text saved', data };
  });
};

export default aboutus;
