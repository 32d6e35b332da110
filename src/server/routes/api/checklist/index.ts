import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { launchChecklist } from '../../../seed/launch-checklist.ts';
import { ChecklistAnswer, errors, tags } from './schemas.ts';

/** GET /api/checklist: what is left before launch (demo content, placeholder contacts, missing English). Not in the original contract. */
const checklist: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get('/', {
    config: { admin: true },
    schema: { tags, summary: 'The launch checklist of the admin home', response: { 200: ChecklistAnswer, ...errors(401) } },
  }, async () => ({ data: await launchChecklist(db) }));
};

export default checklist;
