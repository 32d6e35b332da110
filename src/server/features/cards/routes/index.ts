import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import cards from './cards.ts';
import details from './details.ts';
import toggle from './toggle.ts';
import upload from './upload.ts';

/** /api/card: cards, their detail items, the details switch and image upload. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(cards);
  await app.register(details);
  await app.register(toggle);
  await app.register(upload);
};
export default routes;
