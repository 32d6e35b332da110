import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../lib/http-error.ts';
import { HISTORY_SOURCES, historySourceOf } from './sources.ts';
import { cardTypes } from './card-types.ts';
import { actorOf } from '../../lib/actor.ts';
import { expectedVersion } from '../../lib/concurrency.ts';
import { errors, HistoryList, HistoryQuery, IdParams, RestoreBody, Restored, tags } from './schemas.ts';

const NO_VERSION = 'history.not_kept';

/**
 * GET /api/history, POST /api/history/:id/restore: recent changes and the versions they replaced.
 * Each kind is kept by its source (sources.ts); these routes only ask them.
 */
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
      const sources = HISTORY_SOURCES.filter((s) => kind === undefined || s.kinds.includes(kind));
      const listed = [];
      for (const source of sources) listed.push(...(await source.list(ctx.db, { kind, item, limit })));
      const entries = listed
        .sort((a, b) => (a.changedAt < b.changedAt ? 1 : a.changedAt > b.changedAt ? -1 : 0))
        .slice(0, limit);
      const current = new Map<string, string>();
      for (const source of sources) {
        const mine = entries.filter((e) => source.kinds.includes(e.kind));
        if (mine.length > 0) for (const [key, at] of await source.current(ctx.db, mine)) current.set(key, at);
      }
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
      const source = await historySourceOf(ctx.db, request.params.id);
      if (!source) throw notFound(NO_VERSION);
      const historyId = await source.restore(
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
