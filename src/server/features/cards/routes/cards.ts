import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listCards, listHomePortfolio } from '../cards-repository.ts';
import { createCard, deleteCard, updateCard } from '../cards-service.ts';
import { actorOf } from '../../../lib/actor.ts';
import { expectedVersion } from '../../../lib/concurrency.ts';
import { localizeCard } from '../../../../shared/localize.ts';
import type { Card, Language } from '../../../../shared/schemas.ts';
import {
  CardAnswer,
  CardCreate,
  CardList,
  cardTags as tags,
  CardUpdate,
  errors,
  IdParams,
  LanguageQuery,
  MessageOnly,
  TypeLanguageQuery,
  TypeQuery,
  VersionHeaders,
} from '../schemas.ts';

/** Both languages without `language` (the admin's view); one language, with a per-card `language`, with it. */
const inLanguage = (cards: Card[], language: Language | undefined): Card[] =>
  language ? cards.map((c) => localizeCard(c, language)) : cards;

/** Products and portfolio entries: GET/POST /api/card, GET /api/card/home-portfolio, PUT/DELETE /api/card/:id. */
const cards: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'List the cards of one type, newest first',
        querystring: TypeLanguageQuery,
        response: { 200: CardList, ...errors(400) },
      },
    },
    async (request) => ({ data: inLanguage(await listCards(ctx.db, request.query.type), request.query.language) }),
  );

  app.get(
    '/home-portfolio',
    {
      schema: {
        tags,
        summary: 'The 6 most recently added portfolio cards, newest first',
        querystring: LanguageQuery,
        response: { 200: CardList, ...errors(400) },
      },
    },
    async (request) => ({ data: inLanguage(await listHomePortfolio(ctx.db), request.query.language) }),
  );

  app.post(
    '/',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Add a product or portfolio card (upload its image first)',
        querystring: TypeQuery,
        body: CardCreate,
        response: { 201: CardAnswer, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const data = await createCard(ctx, request.query.type, request.body);
      return reply.status(201).send({ message: 'Card added', data });
    },
  );

  app.put(
    '/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Edit a card; leave image out to keep the current one',
        params: IdParams,
        headers: VersionHeaders,
        body: CardUpdate,
        response: { 200: CardAnswer, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const data = await updateCard(
        ctx,
        request.params.id,
        request.body,
        expectedVersion(request.headers, request.body),
        actorOf(request),
      );
      return { message: 'Card updated', data };
    },
  );

  app.delete(
    '/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Delete a card with its detail items',
        params: IdParams,
        response: { 200: MessageOnly, ...errors(401, 404) },
      },
    },
    async (request) => {
      await deleteCard(ctx, request.params.id, actorOf(request));
      return { message: 'Card deleted' };
    },
  );
};

export default cards;
