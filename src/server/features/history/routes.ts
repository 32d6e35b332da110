import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listHistory } from './history-repository.ts';
import type { ContentHistoryKind } from '../../../shared/history.ts';
import { currentVersions, restoreVersion } from './restore-service.ts';
import { cardTypes } from '../trash/trash-repository.ts';
import {
  isRequestChange,
  listRequestChanges,
  requestVersions,
  restoreRequestChange,
} from '../requests/request-trash.ts';
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
      const { kind, item } = request.query;
      const limit = request.query.limit ?? 50;
      // The content's changes and the requests' (kept with the requests: request-trash.ts), newest first.
      const content =
        kind === 'request'
          ? []
          : await listHistory(ctx.db, { kind: kind as ContentHistoryKind | undefined, item, limit });
      const requests =
        kind === undefined || kind === 'request' ? await listRequestChanges(ctx.db, { item, limit }) : [];
      const entries = [...content, ...requests]
        .sort((a, b) => (a.changedAt < b.changedAt ? 1 : a.changedAt > b.changedAt ? -1 : 0))
        .slice(0, limit);
      const current = await currentVersions(
        ctx.db,
        entries.filter((e) => e.kind !== 'request'),
      );
      const requestNow = await requestVersions(
        ctx.db,
        entries.filter((e) => e.kind === 'request').map((e) => e.itemId),
      );
      for (const [id, at] of requestNow) current.set(`request:${id}`, at);
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
      if (await isRequestChange(ctx.db, request.params.id)) {
        await restoreRequestChange(
          ctx.db,
          request.params.id,
          expectedVersion(request.headers, request.body),
          actorOf(request),
        );
        return { message: 'Version restored', data: { historyId: null } };
      }
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
