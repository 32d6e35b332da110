import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { itemRoutes } from '../item-routes.ts';
import { listCities } from './cities-repository.ts';
import { createCity, deleteCity, saveCity } from './cities-service.ts';
import { CityInput, CityList, CitySaved, tags } from './schemas.ts';

/**
 * /api/cities: the served cities, each with its page at /cities/<slug> (admin only: the pages show
 * them). The city form answers every refused field at once, as the contact form does (decision 023).
 */
const cities: FastifyPluginAsyncTypebox = async (app) => {
  const { list, add, save, remove } = itemRoutes(app.ctx.db, {
    tags,
    schemas: [CityInput, CityList, CitySaved],
    missing: 'city.not_found',
    service: { list: listCities, add: createCity, save: saveCity, remove: deleteCity },
    list: {
      summary: 'Every city entry, on or off, with its projects and whether its page is published',
    },
    add: {
      summary: 'Add a city (its slug is made from the English name when left out)',
      message: 'City added',
      refused: [400, 401, 409],
    },
    save: { summary: 'Save a city (all fields); projectIds, when given, become its projects', message: 'City saved' },
    remove: {
      summary: 'Move a city to the Trash (its projects keep no city until it is restored)',
      message: 'City moved to the Trash',
    },
  });
  app.get('/', list.options, list.handler);
  app.post('/', add.options, add.handler);
  app.put('/:id', save.options, save.handler);
  app.delete('/:id', remove.options, remove.handler);
};

export default cities;
