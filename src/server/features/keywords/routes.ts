import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor.ts';
import { notFound } from '../../lib/http-error.ts';
import { addWord, deleteWord, listWords } from './keywords-service.ts';
import { errors, IdParams, MessageOnly, tags, WordAdded, WordCreate, WordList } from './schemas.ts';

const words: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/',
    {
      schema: { tags, summary: 'List search keywords', response: { 200: WordList } },
    },
    async () => ({ data: await listWords(db) }),
  );

  app.post(
    '/',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Add a keyword (unique, case-insensitive)',
        body: WordCreate,
        response: { 201: WordAdded, ...errors(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const data = await addWord(db, request.body.word, actorOf(request));
      return reply.status(201).send({ message: 'Keyword added', data });
    },
  );

  app.delete(
    '/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Delete a keyword',
        params: IdParams,
        response: { 200: MessageOnly, ...errors(401, 404) },
      },
    },
    async (request) => {
      if (!(await deleteWord(db, request.params.id, actorOf(request)))) throw notFound('keyword.not_found');
      return { message: 'Keyword deleted' };
    },
  );
};

export default words;
