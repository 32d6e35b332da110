import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getPhone, setPhone } from './phone-service.ts';
import { actorOf } from '../../lib/actor.ts';
import { errors, PhoneAnswer, PhoneChange, PhoneSaved, tags } from './schemas.ts';

/** The contact phone number: `GET /api/auth/phone` and `PUT /api/auth/change-phone`, under /api/auth as in the contract. */
const phone: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/phone',
    {
      schema: { tags, summary: 'The contact phone number', response: { 200: PhoneAnswer } },
    },
    async () => ({ data: await getPhone(db) }),
  );

  app.put(
    '/change-phone',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Change the contact phone number',
        body: PhoneChange,
        response: { 200: PhoneSaved, ...errors(400, 401) },
      },
    },
    async (request) => {
      const data = await setPhone(db, request.body.phoneNumber, actorOf(request));
      return { message: 'Phone number updated', data };
    },
  );
};

export default phone;
