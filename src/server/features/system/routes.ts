import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { systemFacts } from './system-facts.ts';
import { errors, SystemAnswer, tags } from './schemas.ts';

/** GET /api/system: the System panel's facts (version, last backup and restore drill, email, disk, warnings). Not in the original contract. */
const system: FastifyPluginAsyncTypebox = async (app) => {
  const { db, mailer, config } = app.ctx;
  app.get(
    '/',
    {
      config: { admin: true },
      schema: {
        tags,
        summary:
          'The System panel of the admin home: version, last backup and its restore drill, email, free disk, warnings',
        response: { 200: SystemAnswer, ...errors(401) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await systemFacts(db, { dataDir: config.dataDir, mailConfigured: mailer.configured }) };
    },
  );
};

export default system;
