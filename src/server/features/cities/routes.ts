import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor.ts';
import { expectedVersion } from '../../lib/concurrency.ts';
import { notFound } from '../../lib/http-error.ts';
import { allErrorsValidator } from '../../lib/all-errors.ts';
import { listCities } from './cities-repository.ts';
import { createCity, deleteCity, saveCity } from './cities-service.ts';
import { CityInput, CityList, CitySaved, errors, IdParams, MessageOnly, tags } from './schemas.ts';

/** /api/cities: the served cities, each with its page at /cities/<slug> (admin only: the pages show them). */
const cities: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Every city entry, on or off, with its projects and whether its page is published',
        response: { 200: CityList, ...errors(401) },
      },
    },
    async () => ({ data: await listCities(db) }),
  );

  // The city form answers every refused field at once, as the contact form does (decision 023).
  app.post(
    '/',
    {
      config: { admin: true },
      validatorCompiler: allErrorsValidator,
      schema: {
        tags,
        summary: 'Add a city (its slug is made from the English name when left out)',
        body: CityInput,
        response: { 201: CitySaved, ...errors(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const data = await createCity(db, request.body, actorOf(request));
      return reply.status(201).send({ message: 'City added', data });
    },
  );

  app.put(
    '/:id',
    {
      config: { admin: true },
      validatorCompiler: allErrorsValidator,
      schema: {
        tags,
        summary: 'Save a city (all fields); projectIds, when given, become its projects',
        description:
          'Send the updatedAt you read as expectedUpdatedAt or If-Match to get 409 instead of overwriting a newer save.',
        params: IdParams,
        body: CityInput,
        response: { 200: CitySaved, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const data = await saveCity(
        db,
        request.params.id,
        request.body,
        expectedVersion(request.headers, request.body),
        actorOf(request),
      );
      return { message: 'City saved', data };
    },
  );

  app.delete(
    '/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Move a city to the Trash (its projects keep no city until it is restored)',
        params: IdParams,
        response: { 200: MessageOnly, ...errors(401, 404) },
      },
    },
    async (request) => {
      if (!(await deleteCity(db, request.params.id, actorOf(request)))) throw notFound('city.not_found');
      return { message: 'City moved to the Trash' };
    },
  );
};

export default cities;
