import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toggleCardDetails } from '../cards-service.ts';
import { actorOf } from '../../../lib/actor.ts';
import { expectedVersion } from '../../../lib/concurrency.ts';
import { CardAnswer, cardTags as tags, errors, IdParams, VersionHeaders } from '../schemas.ts';

/** PUT /api/card/togggle-details/:id (three g: the contract's spelling). */
const toggle: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/togggle-details/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: "Switch a card's Details button on or off (flips isDetailed)",
        params: IdParams,
        headers: VersionHeaders,
        response: { 200: CardAnswer, ...errors(401, 404, 409) },
      },
    },
    async (request) => {
      const data = await toggleCardDetails(
        app.ctx,
        request.params.id,
        expectedVersion(request.headers, request.body),
        actorOf(request),
      );
      return { message: data.isDetailed ? 'Details switched on' : 'Details switched off', data };
    },
  );
};

export default toggle;
