import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { demoItemIds, launchChecklist } from './launch-checklist.ts';
import { ChecklistAnswer, DemoItemsAnswer, errors, tags } from './schemas.ts';

/** GET /api/checklist, GET /api/checklist/demo: what is left before launch (demo content, placeholder or missing contacts, missing English). Not in the original contract. */
const checklist: FastifyPluginAsyncTypebox = async (app) => {
  const { db, mailer } = app.ctx;
  app.get(
    '/',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'The launch checklist of the admin home',
        response: { 200: ChecklistAnswer, ...errors(401) },
      },
    },
    async () => ({ data: await launchChecklist(db, { configured: mailer.configured }) }),
  );

  app.get(
    '/demo',
    {
      config: { admin: true },
      schema: {
        tags,
        summary:
          'The ids of the slides, cards and detail items that still show a demo photo or text (marked "demo" in the admin\'s lists)',
        response: { 200: DemoItemsAnswer, ...errors(401) },
      },
    },
    async () => ({ data: await demoItemIds(db) }),
  );
};

export default checklist;
