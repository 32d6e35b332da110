import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { localizeSlide } from '../../../shared/localize.ts';
import { actorOf } from '../../lib/actor.ts';
import { expectedVersion } from '../../lib/concurrency.ts';
import { listSlides } from './slides-repository.ts';
import { createSlide, deleteSlide, moveSlide, updateSlide } from './slides-service.ts';
import {
  errors,
  IdParams,
  LanguageQuery,
  MessageOnly,
  MoveParams,
  SlideAnswer,
  SlideCreate,
  SlideList,
  SlideUpdate,
  tags,
} from './schemas.ts';

const MOVE_MESSAGES = {
  moved: 'Slide moved',
  'at-start': 'The slide is already first; nothing to move',
  'at-end': 'The slide is already last; nothing to move',
} as const;

const slider: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'List home slides in display order',
        querystring: LanguageQuery,
        response: { 200: SlideList, ...errors(400) },
      },
    },
    async (request) => {
      const slides = await listSlides(ctx.db);
      const { language } = request.query;
      return { data: language ? slides.map((s) => localizeSlide(s, language)) : slides };
    },
  );

  app.post(
    '/',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Add a slide at the end of the order',
        body: SlideCreate,
        response: { 201: SlideAnswer, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const data = await createSlide(ctx, request.body);
      return reply.status(201).send({ message: 'Slide added', data });
    },
  );

  app.put(
    '/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Edit a slide; the image is optional (the current one is kept)',
        description:
          'Send the updatedAt you read as If-Match (or expectedUpdatedAt) to get 409 instead of overwriting a newer edit.',
        params: IdParams,
        body: SlideUpdate,
        response: { 200: SlideAnswer, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const data = await updateSlide(
        ctx,
        request.params.id,
        request.body,
        expectedVersion(request.headers, request.body),
        actorOf(request),
      );
      return { message: 'Slide updated', data };
    },
  );

  app.delete(
    '/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Delete a slide; the ones after it move up one place',
        params: IdParams,
        response: { 200: MessageOnly, ...errors(401, 404) },
      },
    },
    async (request) => {
      await deleteSlide(ctx, request.params.id, actorOf(request));
      return { message: 'Slide deleted' };
    },
  );

  // A move has no body (one sent anyway, empty and labelled JSON as many clients do, is not read).
  app.put(
    '/:direction/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Move a slide one place; at either end nothing changes',
        params: MoveParams,
        response: { 200: MessageOnly, ...errors(400, 401, 404) },
      },
    },
    async (request) => ({
      message: MOVE_MESSAGES[await moveSlide(ctx, request.params.id, request.params.direction, actorOf(request))],
    }),
  );
};

export default slider;
