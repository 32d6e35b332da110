import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorAnswer, IdParams, Word, WordCreate } from '../../../../shared/schemas.ts';
import { notFound } from '../../../lib/http-error.ts';
import { addWord, deleteWord, listWords } from '../../../words/words-repository.ts';

const tags = ['keywords'];

const words: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get('/', {
    schema: { tags, summary: 'List search keywords', response: { 200: Type.Object({ data: Type.Array(Word) }) } },
  }, async () => ({ data: await listWords(db) }));

  app.post('/', {
    config: { admin: true },
    schema: {
      tags, summary: 'Add a keyword (unique, case-insensitive)', body: WordCreate,
      response: { 201: Type.Object({ message: Type.String(), data: Word }), 400: ErrorAnswer, 401: ErrorAnswer, 409: ErrorAnswer },
    },
  }, async (request, reply) => {
    const data = await addWord(db, request.body.word);
    return reply.status(201).send({ message: 'Keyword added', data });
  });

  app.delete('/:id', {
    config: { admin: true },
    schema: { tags, summary: 'Delete a keyword', params: IdParams, response: { 200: Type.Object({ message: Type.String() }), 401: ErrorAnswer, 404: ErrorAnswer } },
  }, async (request) => {
    if (!(await deleteWord(db, request.params.id))) throw notFound('Keyword not found.');
    return { message: 'Keyword deleted' };
  });
};

export default words;
