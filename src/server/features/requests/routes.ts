import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dictionaryFor } from '../../../shared/i18n/index.ts';
import { pagePath } from '../../../shared/paths.ts';
import { REQUEST_FIELDS } from '../../../shared/quote-request.ts';
import { fieldProblem, InvalidInputError } from '../../lib/domain-errors.ts';
import { receiveRequest } from './receive.ts';
import { makeChallenge } from './request-challenge.ts';
import { FormNotMultipart } from './request-form.ts';
import {
  ChallengeAnswer,
  CsvAnswer,
  errors,
  IdParams,
  PhotoAnswer,
  LangQuery,
  ListAnswer,
  ListQuery,
  MessageOnly,
  OneAnswer,
  PhotoParams,
  RequestBody,
  SentAnswer,
  tags,
  UpdateAnswer,
  UpdateBody,
} from './schemas.ts';
import { countNew, findRequest, listRequests, readRequestPhoto, type QuoteRequest } from './requests-repository.ts';
import { customerGreeting } from './request-email.ts';
import { CSV_LIMIT, requestsCsv } from './requests-csv.ts';
import { actorOf } from '../../lib/actor.ts';
import { changeRequest, trashRequest } from './request-trash.ts';
import { HttpError, notFound, tooManyRequests } from '../../lib/http-error.ts';

/**
 * POST /api/requests: the request form as the island sends it (the same multipart fields as the
 * plain form, answered in JSON). Refused fields come back all at once, in the page's language.
 */
const requests: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      // The body is a stream read by the route: nothing for the schema to validate.
      validatorCompiler: ({ httpPart }) => (httpPart === 'body' ? () => true : (value) => ({ value })),
      schema: {
        tags,
        summary: 'Send a quote request (multipart/form-data, up to 5 photos)',
        consumes: ['multipart/form-data'],
        querystring: LangQuery,
        body: RequestBody,
        response: { 201: SentAnswer, ...errors(400, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const lang = request.query.lang === 'en' ? 'en' : 'ar';
      let result;
      try {
        result = await receiveRequest(app, request, lang);
      } catch (err) {
        if (err instanceof FormNotMultipart) throw new HttpError(415, 'request.not_multipart');
        throw err;
      }
      if (!result.ok) {
        const words = dictionaryFor(lang).request.errors;
        // Said in the form's language, as its page says them; the code is the same in both.
        if (result.limited) throw tooManyRequests('quote.tooMany').saying(words.tooMany);
        const problems = REQUEST_FIELDS.flatMap((field) => {
          const key = result.errors[field];
          return key ? [{ ...fieldProblem(field, `quote.${key}`), message: words[key] }] : [];
        });
        throw InvalidInputError.of(problems)!;
      }
      return reply.status(201).send({
        message: 'Request received',
        data: { reference: result.reference, next: `${pagePath('request-sent', lang)}?ref=${result.reference}` },
      });
    },
  );

  // A fresh proof-of-work challenge for the form's island; the page itself is the same for everyone.
  app.get(
    '/challenge',
    {
      schema: {
        tags,
        summary: 'A proof-of-work challenge for the request form (solved in the browser, posted as `proof`)',
        response: { 200: ChallengeAnswer },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await makeChallenge(app.ctx.tokens) };
    },
  );

  const item = (r: QuoteRequest) => ({ ...r, greeting: customerGreeting(r) });

  app.get(
    '/',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Quote requests, newest first (search by name, number, city or reference)',
        querystring: ListQuery,
        response: { 200: ListAnswer, ...errors(400, 401) },
      },
    },
    async (request) => {
      const [list, newCount] = await Promise.all([listRequests(app.ctx.db, request.query), countNew(app.ctx.db)]);
      return { data: list.map(item), newCount };
    },
  );

  app.get(
    '/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'One quote request',
        params: IdParams,
        response: { 200: OneAnswer, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const found = await findRequest(app.ctx.db, request.params.id);
      if (!found) throw notFound(NOT_FOUND);
      return { data: item(found) };
    },
  );

  app.put(
    '/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: "Set a request's status (new, contacted, done, spam) or the owner's notes",
        params: IdParams,
        body: UpdateBody,
        response: { 200: UpdateAnswer, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { db } = app.ctx;
      const changed = await changeRequest(db, request.params.id, request.body, actorOf(request));
      const updated = changed && (await findRequest(db, request.params.id));
      if (!updated) throw notFound(NOT_FOUND);
      return { message: 'Request updated', data: item(updated) };
    },
  );

  // Into the Trash, with its photos: restored from there, or deleted forever (trash/routes.ts).
  app.delete(
    '/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Move a request to the Trash (restorable for TRASH_DAYS)',
        params: IdParams,
        response: { 200: MessageOnly, ...errors(401, 404) },
      },
    },
    async (request) => {
      if (!(await trashRequest(app.ctx.db, request.params.id, actorOf(request)))) throw notFound(NOT_FOUND);
      return { message: 'Request moved to the Trash' };
    },
  );

  // A request's photos: the owner's only, never kept by a browser or a proxy.
  app.get(
    '/:id/photos/:n',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: "One of a request's photos (WebP)",
        params: PhotoParams,
        response: { 200: PhotoAnswer, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const bytes = await readRequestPhoto(app.ctx.db, request.params.id, request.params.n - 1);
      if (!bytes) throw notFound('request.photo_not_found');
      return reply.header('cache-control', 'private, no-store').type('image/webp').send(bytes);
    },
  );
};

const NOT_FOUND = 'request.not_found';

/** GET /api/requests.csv: every request kept, for a spreadsheet. */
export const requestsCsvRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/requests.csv',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Every quote request as CSV',
        querystring: ListQuery,
        produces: ['text/csv'],
        response: { 200: CsvAnswer, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const list = await listRequests(app.ctx.db, { ...request.query, limit: CSV_LIMIT });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="requests.csv"')
        .header('cache-control', 'no-store')
        .send(requestsCsv(list));
    },
  );
};

export default requests;
