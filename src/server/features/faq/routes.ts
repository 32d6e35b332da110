import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor.ts';
import { expectedVersion } from '../../lib/concurrency.ts';
import { notFound } from '../../lib/http-error.ts';
import { allErrorsValidator } from '../../lib/all-errors.ts';
import { createFaq, deleteFaq, listFaqs, reorderFaqs, saveFaq } from './faq-service.ts';
import { errors, FaqInput, FaqList, FaqOrder, FaqOrdered, FaqSaved, IdParams, MessageOnly, tags } from './schemas.ts';

/** /api/faq: the questions and answers (admin only: the pages /faq, the cities' and the products' show them). */
const faq: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Every question, on or off, in order, with the city or product it is shown on',
        response: { 200: FaqList, ...errors(401) },
      },
    },
    async () => ({ data: await listFaqs(db) }),
  );

  app.post(
    '/',
    {
      config: { admin: true },
      validatorCompiler: allErrorsValidator,
      schema: {
        tags,
        summary: 'Add a question (last in the order unless a position is given)',
        body: FaqInput,
        response: { 201: FaqSaved, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const data = await createFaq(db, request.body, actorOf(request));
      return reply.status(201).send({ message: 'Question added', data });
    },
  );

  app.put(
    '/order',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Put the questions in this order (every id once)',
        body: FaqOrder,
        response: { 200: FaqOrdered, ...errors(400, 401) },
      },
    },
    async (request) => ({ message: 'Questions reordered', data: await reorderFaqs(db, request.body.ids) }),
  );

  app.put(
    '/:id',
    {
      config: { admin: true },
      validatorCompiler: allErrorsValidator,
      schema: {
        tags,
        summary: 'Save a question (all fields)',
        description:
          'Send the updatedAt you read as expectedUpdatedAt or If-Match to get 409 instead of overwriting a newer save.',
        params: IdParams,
        body: FaqInput,
        response: { 200: FaqSaved, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const data = await saveFaq(
        db,
        request.params.id,
        request.body,
        expectedVersion(request.headers, request.body),
        actorOf(request),
      );
      return { message: 'Question saved', data };
    },
  );

  app.delete(
    '/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Delete a question (to the Trash, restorable)',
        params: IdParams,
        response: { 200: MessageOnly, ...errors(401, 404) },
      },
    },
    async (request) => {
      if (!(await deleteFaq(db, request.params.id, actorOf(request)))) throw notFound('faq.not_found');
      return { message: 'Question moved to the Trash' };
    },
  );
};

export default faq;
