import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { itemRoutes } from '../item-routes.ts';
import { createFaq, deleteFaq, listFaqs, reorderFaqs, saveFaq } from './faq-service.ts';
import { errors, FaqInput, FaqList, FaqOrder, FaqOrdered, FaqSaved, tags } from './schemas.ts';

/** /api/faq: the questions and answers (admin only: the pages /faq, the cities' and the products' show them). */
const faq: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const { list, add, save, remove } = itemRoutes(db, {
    tags,
    schemas: [FaqInput, FaqList, FaqSaved],
    missing: 'faq.not_found',
    service: { list: listFaqs, add: createFaq, save: saveFaq, remove: deleteFaq },
    list: { summary: 'Every question, on or off, in order, with the city or product it is shown on' },
    add: {
      summary: 'Add a question (last in the order unless a position is given)',
      message: 'Question added',
      refused: [400, 401],
    },
    save: { summary: 'Save a question (all fields)', message: 'Question saved' },
    remove: { summary: 'Delete a question (to the Trash, restorable)', message: 'Question moved to the Trash' },
  });

  // In the order /api/docs has always listed them: the questions' order between the add and the save.
  app.get('/', list.options, list.handler);
  app.post('/', add.options, add.handler);
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
  app.put('/:id', save.options, save.handler);
  app.delete('/:id', remove.options, remove.handler);
};

export default faq;
