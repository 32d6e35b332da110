import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor.ts';
import { expectedVersion } from '../../lib/concurrency.ts';
import { getProof, saveProof } from './proof-service.ts';
import { errors, ProofAnswer, ProofSave, ProofSaved, tags } from './schemas.ts';

/** GET/PUT /api/proof: figures, the guarantee, the registration numbers and customer quotes. */
const proof: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "What shows the business is established (null or '' = not shown)",
        response: { 200: ProofAnswer },
      },
    },
    async () => ({ data: await getProof(db) }),
  );

  app.put(
    '/',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: "Save the figures, guarantee, registration numbers and quotes (all fields; null or '' = not shown)",
        description:
          'Send the updatedAt you read as expectedUpdatedAt or If-Match to get 409 instead of overwriting a newer save. ' +
          'A quote without an id is new and gets one.',
        body: ProofSave,
        response: { 200: ProofSaved, ...errors(400, 401, 409) },
      },
    },
    async (request) => {
      const { expectedUpdatedAt: _e, ...fields } = request.body;
      const data = await saveProof(db, fields, expectedVersion(request.headers, request.body), actorOf(request));
      return { message: 'Trust and proof saved', data };
    },
  );
};

export default proof;
