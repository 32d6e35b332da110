import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../lib/http-error.ts';
import { TRASH_SOURCES, trashSourceOf } from './sources.ts';
import { actorOf } from '../../lib/actor.ts';
import { errors, IdParams, MessageOnly, Restored, tags, TrashList } from './schemas.ts';

const NOT_IN_TRASH = 'trash.not_in_trash';

/**
 * GET /api/trash, POST /api/trash/:id/restore, DELETE /api/trash/:id: what was deleted, for
 * TRASH_DAYS. Each kind is kept by its source (sources.ts); these routes only ask them.
 */
const trash: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Deleted items, most recently deleted first',
        response: { 200: TrashList, ...errors(401) },
      },
    },
    async () => {
      const days = ctx.config.retention.trashDays;
      const items = [];
      for (const source of TRASH_SOURCES) items.push(...(await source.list(ctx.db, days)));
      return { data: items.sort((a, b) => (a.deletedAt < b.deletedAt ? 1 : a.deletedAt > b.deletedAt ? -1 : 0)) };
    },
  );

  app.post(
    '/:id/restore',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Put a deleted item back as it was (same id, detail items, images, place)',
        params: IdParams,
        response: { 200: Restored, ...errors(401, 404, 409) },
      },
    },
    async (request) => {
      const source = await trashSourceOf(ctx.db, request.params.id);
      if (!source) throw notFound(NOT_IN_TRASH);
      const historyId = await source.restore(ctx, request.params.id, actorOf(request));
      return { message: 'Restored', data: { historyId: historyId ?? null } };
    },
  );

  app.delete(
    '/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Delete a trashed item forever, with its history; its images are freed',
        params: IdParams,
        response: { 200: MessageOnly, ...errors(401, 404) },
      },
    },
    async (request) => {
      const source = await trashSourceOf(ctx.db, request.params.id);
      if (!source) throw notFound(NOT_IN_TRASH);
      await source.purge(ctx, request.params.id);
      return { message: 'Deleted forever' };
    },
  );
};

export default trash;
