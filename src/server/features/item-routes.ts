import type { RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Db } from '../db/database.ts';
import { actorOf } from '../lib/actor.ts';
import { allErrorsValidator } from '../lib/all-errors.ts';
import { expectedVersion } from '../lib/concurrency.ts';
import { notFound } from '../lib/http-error.ts';
import type { PlainCode } from '../../shared/error-codes.ts';
import { IdParams } from '../../shared/schemas.ts';
import { errors, MessageOnly } from './answers.ts';

/**
 * A route's line in /api/docs and, for a write, its answer's message (written out at the feature,
 * where tests/unit/server-messages.test.ts finds it).
 */
interface Said {
  summary: string;
}
type Write = Said & { message: string };
/** A route's options and handler, for the feature to declare with its method and path. */
interface Declared {
  options: RouteShorthandOptions;
  handler: RouteHandlerMethod;
}

/** The body and the :id as their schemas read them (the routes are typed here without the type provider). */
const bodyOf = <Input extends TSchema>(request: { body: unknown }) => request.body as Static<Input>;
const idOf = (request: { params: unknown }) => (request.params as Static<typeof IdParams>).id;

/**
 * The admin-only routes of a list edited one item at a time (the cities, the questions): GET /
 * (every item), POST / (add: 201), PUT /:id (save against the version read, If-Match or
 * expectedUpdatedAt: 409 when another save came first) and DELETE /:id (to the Trash: 404 with the
 * `missing` code when there is no such item). The add and the save answer every refused field at
 * once (decision 023). The feature's routes.ts declares each with its method and path
 * (`put('/:id', save.options, save.handler)`), so the route table and `npm run routes` point at it.
 */
export function itemRoutes<Input extends TSchema, Item>(
  db: Db,
  o: {
    tags: string[];
    /** The item as a form sends it, and the answers: `{ data: items }`, `{ message, data: item }`. */
    schemas: readonly [input: Input, list: TSchema, saved: TSchema];
    /** The code of the delete's 404. */
    missing: PlainCode;
    /** The service calls the routes make. */
    service: {
      list: (db: Db) => Promise<Item[]>;
      add: (db: Db, body: Static<Input>, actor: string) => Promise<Item>;
      save: (db: Db, id: string, body: Static<Input>, expected: string | undefined, actor: string) => Promise<Item>;
      remove: (db: Db, id: string, actor: string) => Promise<boolean>;
    };
    list: Said;
    /** `refused`: the add's error statuses. */
    add: Write & { refused: number[] };
    save: Write;
    remove: Write;
  },
): Record<'list' | 'add' | 'save' | 'remove', Declared> {
  const { tags, service, list, add, save, remove } = o;
  const [input, many, saved] = o.schemas;
  const config = { admin: true };
  return {
    list: {
      options: { config, schema: { tags, summary: list.summary, response: { 200: many, ...errors(401) } } },
      handler: async () => ({ data: await service.list(db) }),
    },
    add: {
      options: {
        config,
        validatorCompiler: allErrorsValidator,
        schema: { tags, summary: add.summary, body: input, response: { 201: saved, ...errors(...add.refused) } },
      },
      handler: async (request, reply) => {
        const data = await service.add(db, bodyOf<Input>(request), actorOf(request));
        return reply.status(201).send({ message: add.message, data });
      },
    },
    save: {
      options: {
        config,
        validatorCompiler: allErrorsValidator,
        schema: {
          tags,
          summary: save.summary,
          description:
            'Send the updatedAt you read as expectedUpdatedAt or If-Match to get 409 instead of overwriting a newer save.',
          params: IdParams,
          body: input,
          response: { 200: saved, ...errors(400, 401, 404, 409) },
        },
      },
      handler: async (request) => {
        const expected = expectedVersion(request.headers, request.body);
        const data = await service.save(db, idOf(request), bodyOf<Input>(request), expected, actorOf(request));
        return { message: save.message, data };
      },
    },
    remove: {
      options: {
        config,
        schema: {
          tags,
          summary: remove.summary,
          params: IdParams,
          response: { 200: MessageOnly, ...errors(401, 404) },
        },
      },
      handler: async (request) => {
        if (!(await service.remove(db, idOf(request), actorOf(request)))) throw notFound(o.missing);
        return { message: remove.message };
      },
    },
  };
}
