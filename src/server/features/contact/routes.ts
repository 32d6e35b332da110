import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getContact } from './contact-repository.ts';
import { saveContactDetails } from './contact-form-service.ts';
import { actorOf } from '../../lib/actor.ts';
import { allErrorsValidator } from '../../lib/all-errors.ts';
import { expectedVersion } from '../../lib/concurrency.ts';
import { ContactAnswer, ContactSave, ContactSaved, errors, tags } from './schemas.ts';

/** GET/PUT /api/contact: the business's email, WhatsApp, social links and served cities. */
const contact: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { db } = ctx;

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The business's contact details ('' = not set; whatsapp '' = use the phone number)",
        response: { 200: ContactAnswer },
      },
    },
    async () => ({ data: await getContact(db) }),
  );

  app.put(
    '/',
    {
      config: { admin: true },
      // Every refused field at once, for the form to mark each one.
      validatorCompiler: allErrorsValidator,
      schema: {
        tags,
        summary: 'Save the contact details (all fields; empty string = not set)',
        description:
          'Send the updatedAt you read (as updatedAt, expectedUpdatedAt or If-Match) to get 409 instead of overwriting a newer save.',
        body: ContactSave,
        response: { 200: ContactSaved, ...errors(400, 401, 409) },
      },
    },
    async (request) => {
      const { updatedAt, expectedUpdatedAt: _e, ...fields } = request.body;
      const expected = expectedVersion(request.headers, request.body) ?? (updatedAt ? updatedAt : undefined);
      const data = await saveContactDetails(ctx, fields, expected, actorOf(request));
      return { message: 'Contact details saved', data };
    },
  );
};

export default contact;
