import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getCardWithDetails } from '../cards-repository.ts';
import { createDetail, deleteDetail, updateDetail } from '../cards-service.ts';
import { actorOf } from '../../../lib/actor.ts';
import { expectedVersion } from '../../../lib/concurrency.ts';
import { notFound } from '../../../lib/http-error.ts';
import { localizeCard, localizeDetail } from '../../../../shared/localize.ts';
import {
  cardTags as tags,
  CardWithDetails,
  DetailAnswer,
  DetailCreate,
  DetailsQuery,
  DetailUpdate,
  errors,
  IdParams,
  MessageOnly,
  VersionHeaders,
} from '../schemas.ts';

/** Detail items of a card: GET/POST /api/card/details, PUT/DELETE /api/card/details/:id. */
const details: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/details',
    {
      schema: {
        tags,
        summary: 'A card with its detail items (in the order they were added)',
        querystring: DetailsQuery,
        response: { 200: CardWithDetails, ...errors(400, 404) },
      },
    },
    async (request) => {
      const found = await getCardWithDetails(ctx.db, request.query.id);
      if (!found) throw notFound('card.not_found');
      const { language } = request.query;
      if (!language) return { data: { cardWithImageUrl: found.card, detailsWithImageUrl: found.details } };
      return {
        data: {
          cardWithImageUrl: localizeCard(found.card, language),
          detailsWithImageUrl: found.details.map((d) => localizeDetail(d, language)),
        },
      };
    },
  );

  app.post(
    '/details',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Add a detail item to a card (id is the card id; upload the image first)',
        body: DetailCreate,
        response: { 201: DetailAnswer, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const data = await createDetail(ctx, request.body);
      return reply.status(201).send({ message: 'Detail added', data });
    },
  );

  app.put(
    '/details/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Edit a detail item; leave image out to keep the current one',
        params: IdParams,
        headers: VersionHeaders,
        body: DetailUpdate,
        response: { 200: DetailAnswer, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const data = await updateDetail(
        ctx,
        request.params.id,
        request.body,
        expectedVersion(request.headers, request.body),
        actorOf(request),
      );
      return { message: 'Detail updated', data };
    },
  );

  app.delete(
    '/details/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Delete a detail item',
        params: IdParams,
        response: { 200: MessageOnly, ...errors(401, 404) },
      },
    },
    async (request) => {
      await deleteDetail(ctx, request.params.id, actorOf(request));
      return { message: 'Detail deleted' };
    },
  );
};

export default details;
