import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toggleCardDetails } from '../../../cards/cards-service.ts';
import { expectedVersion } from '../../../lib/concurrency.ts';
import { IdParams } from '../../../../shared/schemas.ts';
import { adminOnly, CardAnswer, cardTags as tags, errors, VersionHeaders } from './schemas.ts';

/** PUT /api/card/togggle-details/:id (three g: the contract's spelling). */
const toggle: FastifyPluginAsyncTypebox = async (app) => {
  // The call has an empty body, and HTTP clients often still label it JSON; in this plugin only,
  // an empty JSON body means "no body" instead of a 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  app.put('/togggle-details/:id', {
    preHandler: app.requireAdmin,
    schema: {
      tags, summary: 'Switch a card\'s Details button on or off (flips isDetailed)', security: adminOnly,
      params: IdParams, headers: VersionHeaders,
      response: { 200: CardAnswer, ...errors(401, 404, 409) },
    },
  }, async (request) => {
    const data = await toggleCardDetails(app.ctx, request.params.id, expectedVersion(request.headers, request.body));
    return { message: data.isDetailed ? 'Details switched on' : 'Details switched off', data };
  });
};

export default toggle;
