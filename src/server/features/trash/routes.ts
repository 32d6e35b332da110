import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { deleteForever, restoreFromTrash } from '../history/restore-service.ts';
import { listTrash } from './trash-repository.ts';
import {
  isTrashedRequest,
  listTrashedRequests,
  purgeTrashedRequest,
  restoreTrashedRequest,
} from '../requests/request-trash.ts';
import { actorOf } from '../../lib/actor.ts';
import { errors, IdParams, MessageOnly, Restored, tags, TrashList } from './schemas.ts';

/** GET /api/trash, POST /api/trash/:id/restore, DELETE /api/trash/:id: what was deleted, for TRASH_DAYS. */
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
      // The content's trash and the requests' (kept on their rows: request-trash.ts), most recent first.
      const items = [...(await listTrash(ctx.db, days)), ...(await listTrashedRequests(ctx.db, days))];
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
      if (await isTrashedRequest(ctx.db, request.params.id)) {
        await restoreTrashedRequest(ctx.db, request.params.id);
        return { message: 'Restored', data: { historyId: null } };
      }
      const historyId = await restoreFromTrash(ctx, request.params.id, actorOf(request));
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
      if (await isTrashedRequest(ctx.db, request.params.id)) await purgeTrashedRequest(ctx.db, request.params.id);
      else await deleteForever(ctx, request.params.id);
      return { message: 'Deleted forever' };
    },
  );
};

export default trash;
