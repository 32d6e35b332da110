import type { FastifyInstance } from 'fastify';
import aboutus from './aboutus/index.ts';
import auth from './auth/index.ts';
import card from './card/index.ts';
import checklist from './checklist/index.ts';
import contact from './contact/index.ts';
import history from './history/index.ts';
import images from './images/index.ts';
import leads, { leadsCsvRoute } from './leads/index.ts';
import proof from './proof/index.ts';
import seo from './seo/index.ts';
import slider from './slider/index.ts';
import trash from './trash/index.ts';
import word from './word/index.ts';

/** Folder = URL prefix: the code for /api/slider lives in ./slider. */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(auth, { prefix: '/auth' });
  await app.register(aboutus, { prefix: '/aboutus' });
  await app.register(word, { prefix: '/word' });
  await app.register(card, { prefix: '/card' });
  await app.register(slider, { prefix: '/slider' });
  await app.register(contact, { prefix: '/contact' });
  await app.register(trash, { prefix: '/trash' });
  await app.register(history, { prefix: '/history' });
  await app.register(leads, { prefix: '/leads' });
  await app.register(leadsCsvRoute);
  await app.register(seo, { prefix: '/seo' });
  await app.register(proof, { prefix: '/proof' });
  await app.register(checklist, { prefix: '/checklist' });
  await app.register(images, { prefix: '/images' });
}
