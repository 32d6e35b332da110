import type { FastifyError, FastifyInstance } from 'fastify';
import { ClientGone, PasswordQueueFull } from '../features/auth/passwords.ts';
import {
  ConflictError,
  DomainError,
  InvalidInputError,
  type FieldProblem,
  NotAllowedError,
  NotAuthenticatedError,
  NotFoundError,
  TooLargeError,
  TooManyTriesError,
  UnsupportedKindError,
} from '../lib/domain-errors.ts';
import { errorBody, HttpError } from '../lib/http-error.ts';
import { isUniqueViolation } from '../db/database.ts';
import { isReferenceViolation } from '../db/dialect.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../lib/unavailable.ts';
import { errorText, fieldProblem, type ErrorCode, type ErrorParamValues } from '../../shared/error-codes.ts';
import { VISIBLE_PATTERN } from '../../shared/text.ts';
import { TIME_PATTERN } from '../../shared/hours.ts';
import { CARD_SLUG_MAX, CARD_SLUG_PATTERN } from '../../shared/slugs.ts';

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
  keyword?: string;
}

/** Known patterns of the shared schemas, each with the code of the sentence that says it. */
const PATTERN_CODES: Record<string, ErrorCode> = {
  [VISIBLE_PATTERN]: 'input.empty',
  '^[0-9]{6}$': 'input.six_digits',
  '^/': 'input.starts_with_slash',
  [TIME_PATTERN]: 'input.time',
  [`^$|${CARD_SLUG_PATTERN}`]: 'input.slug',
};

/** The code and values of one failed rule of a schema, for the field it names. */
function describeRule(item: ValidationItem, field: string): [ErrorCode, ErrorParamValues] {
  const p = item.params ?? {};
  const limit = Number(p.limit);
  switch (item.keyword) {
    case 'required':
      return ['input.required', { field }];
    case 'minLength':
      return p.limit === 1 ? ['input.empty', { field }] : ['input.too_short', { field, limit }];
    case 'maxLength':
      return ['input.too_long', { field, limit }];
    case 'enum':
      return ['input.not_one_of', { field, values: (p.allowedValues as unknown[] | undefined)?.join(', ') ?? '…' }];
    case 'format':
      return p.format === 'email' ? ['input.email', { field }] : ['input.format', { field, format: String(p.format) }];
    case 'pattern': {
      const code = PATTERN_CODES[String(p.pattern)] ?? 'input.pattern';
      return [code, code === 'input.slug' ? { field, max: CARD_SLUG_MAX } : { field }];
    }
    case 'type':
      return String(p.type).startsWith('integer')
        ? ['input.whole_number', { field }]
        : ['input.type', { field, type: String(p.type) }];
    case 'minimum':
      return ['input.too_small', { field, limit }];
    case 'maximum':
      return ['input.too_big', { field, limit }];
    case 'maxItems':
      return ['input.too_many_items', { field, limit }];
    case 'additionalProperties':
      return ['input.unknown_field', { field }];
    default:
      return ['input.invalid', { field, rule: item.message ?? 'is invalid' }];
  }
}

/** At most this many refused fields are listed in one answer (a route that reports them all has a bounded body). */
const MAX_FIELD_ERRORS = 50;
/** Rules a union's branches add to the one that failed: said once, by the branch's own rule. */
const UNION_NOISE = new Set(['anyOf', 'oneOf', 'if']);

/** One failed rule of a schema validation, as the field it names and one sentence saying the rule. */
function fieldError(item: ValidationItem, context: string | undefined): FieldProblem {
  let field = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (item.keyword === 'required' && typeof item.params?.missingProperty === 'string')
    field = field ? `${field}.${item.params.missingProperty}` : item.params.missingProperty;
  if (item.keyword === 'additionalProperties' && typeof item.params?.additionalProperty === 'string') {
    // A name from the request: shown cut short.
    const name = item.params.additionalProperty.slice(0, 64);
    field = field ? `${field}.${name}` : name;
  }
  if (!field) field = context ?? 'request';
  const [code, params] = describeRule(item, field);
  return { field, code, message: errorText(code, params), params };
}

/**
 * Every failed rule of a schema validation (one, unless the route collects them all), a field once:
 * the first sentence is the answer's `message`.
 */
function describeValidation(err: FastifyError): FieldProblem[] {
  const items = (err.validation as ValidationItem[] | undefined) ?? [];
  const out = new Map<string, FieldProblem>();
  for (const item of items) {
    if (out.size >= MAX_FIELD_ERRORS) break;
    if (UNION_NOISE.has(item.keyword ?? '') && items.length > 1) continue;
    const problem = fieldError(item, err.validationContext);
    if (!out.has(problem.field)) out.set(problem.field, problem);
  }
  return out.size > 0
    ? [...out.values()]
    : [fieldProblem(err.validationContext ?? 'request', 'http.refused', { detail: err.message })];
}

/** The one place where what went wrong in the domain becomes an HTTP status. */
function domainStatus(err: DomainError): number {
  if (err instanceof InvalidInputError) return 400;
  if (err instanceof NotAuthenticatedError) return 401;
  if (err instanceof NotAllowedError) return 403;
  if (err instanceof NotFoundError) return 404;
  if (err instanceof ConflictError) return 409;
  if (err instanceof TooManyTriesError) return 429;
  if (err instanceof TooLargeError) return 413;
  if (err instanceof UnsupportedKindError) return 415;
  return 400;
}

/** A unique or foreign key refusal, or PostgreSQL giving up a transaction to a concurrent one (serialization, deadlock). */
function isRaceRefusal(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return isUniqueViolation(err) || isReferenceViolation(err) || code === '40001' || code === '40P01';
}

/** Fastify's and its plugins' own 4xx refusals that have a code of the catalogue. */
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_REQ_FILE_TOO_LARGE: 'http.file_too_large',
  FST_ERR_CTP_BODY_TOO_LARGE: 'http.body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'http.unsupported_type',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'http.not_multipart',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'http.body_empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'http.body_not_json',
};

/** An answer of a field refusal: the first problem's sentence, code and values, and every problem. */
const fieldsBody = (problems: readonly FieldProblem[]) => ({
  ...errorBody(problems[0]!.code, problems[0]!.params, problems[0]!.message),
  errors: problems.slice(0, MAX_FIELD_ERRORS),
});

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof TooManyTriesError) reply.header('retry-after', String(err.retryAfterSeconds));
    if (err instanceof InvalidInputError) return reply.status(400).send(fieldsBody(err.problems));
    if (err instanceof DomainError)
      return reply.status(domainStatus(err)).send(errorBody(err.code, err.params, err.message));
    if (err instanceof HttpError)
      return reply.status(err.statusCode).send(errorBody(err.code, err.params, err.message));
    if (err instanceof PasswordQueueFull)
      return reply.status(429).header('retry-after', '1').send(errorBody('auth.queue_full'));
    // Nobody hears this answer: the client closed the connection while its password check waited.
    if (err instanceof ClientGone) return reply.status(503).send(errorBody('server.client_gone'));
    if (err.validation) return reply.status(400).send(fieldsBody(describeValidation(err)));
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(errorBody('rate.too_many_attempts'));
    if (status >= 400 && status < 500) {
      const code = FRAMEWORK_CODES[err.code];
      return reply.status(status).send(code ? errorBody(code) : errorBody('http.refused', { detail: err.message }));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send(errorBody('server.database_unavailable'));
    }
    if (isRaceRefusal(err)) {
      // A constraint or a lock that a concurrent write hit, where no service maps it to its own answer.
      request.log.warn({ err: { message: err.message, code: err.code } }, 'write refused by a concurrent change');
      return reply.status(409).send(errorBody('server.race'));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('server.error'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody('http.no_route', { method: request.method, path: request.url.split('?')[0]! }));
  });
}
