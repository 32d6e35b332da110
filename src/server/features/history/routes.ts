import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listHistory } from './history-repository.ts';
import { currentVersions, restoreVersion } from './restore-service.ts';
import { cardTypes } from '../trash/trash-repository.ts';
import { actorOf } from '../../lib/actor.ts';
import { expectedVersion } from '../../lib/concurrency.ts';
import { errors, HistoryList, HistoryQuery, IdParams, RestoreBody, Restored, tags } from './schemas.ts';

/** GET /api/history, POST /api/history/:id/restore: recent changes and the versions they replaced. */
const history: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Recent changes, newest first',
        querystring: HistoryQuery,
        response: { 200: HistoryList, ...errors(400, 401) },
      },
    },
    async (request) => {
      const entries = await listHistory(ctx.db, {
        kind: request.query.kind,
        item: request.query.item,
        limit: request.query.limit ?? 50,
      });
      const current = await currentVersions(ctx.db, entries);
      const types = await cardTypes(
        ctx.db,
        entries.filter((e) => e.kind === 'card').map((e) => e.itemId),
      );
      return {
        data: entries.map((e) => ({
          ...e,
          current: current.get(`${e.kind}:${e.itemId}`) ?? null,
          cardType: (types.get(e.itemId) as 'product' | 'portfolio' | undefined) ?? null,
        })),
      };
    },
  );

  app.post(
    '/:id/restore',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Bring an item back to the version this change replaced',
        description:
          "Send the item's updatedAt as read (expectedUpdatedAt or If-Match) to get 409 instead of overwriting a newer change.",
        params: IdParams,
        body: RestoreBody,
        response: { 200: Restored, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { historyId } = await restoreVersion(
        ctx,
        request.params.id,
        expectedVersion(request.headers, request.body),
        actorOf(request),
      );
      return { message: 'Version restored', data: { historyId: historyId ?? null } };
    },
  );
};

export default history;
