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
import { HttpError } from '../lib/http-error.ts';
import { isUniqueViolation } from '../db/database.ts';
import { isReferenceViolation } from '../db/dialect.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '../lib/unavailable.ts';
import { VISIBLE_PATTERN } from '../../shared/text.ts';
import { TIME_PATTERN } from '../../shared/hours.ts';
import { CARD_SLUG_MAX, CARD_SLUG_PATTERN } from '../../shared/slugs.ts';

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
  keyword?: string;
}

/** Known patterns of the shared schemas, said in words a person reading a toast understands. */
const PATTERN_RULES: Record<string, string> = {
  [VISIBLE_PATTERN]: 'must not be empty',
  '^[0-9]{6}$': 'must be exactly 6 digits',
  '^/': 'must start with /',
  [TIME_PATTERN]: 'must be a time written HH:MM on a 24-hour clock, like 08:00 or 16:30',
  [`^$|${CARD_SLUG_PATTERN}`]: `must be letters and digits joined by single dashes, at most ${CARD_SLUG_MAX} characters (or empty)`,
};

function describeRule(item: ValidationItem): string {
  const p = item.params ?? {};
  switch (item.keyword) {
    case 'required':
      return 'is required';
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters`;
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[] | undefined)?.join(', ') ?? '…'}`;
    case 'format':
      return p.format === 'email' ? 'must be a valid email address' : `must be a valid ${String(p.format)}`;
    case 'pattern':
      return PATTERN_RULES[String(p.pattern)] ?? 'is not in the expected format';
    case 'type':
      return String(p.type).startsWith('integer') ? 'must be a whole number' : `must be a ${String(p.type)}`;
    case 'minimum':
      return `must be at least ${String(p.limit)}`;
    case 'maximum':
      return `must be at most ${String(p.limit)}`;
    case 'maxItems':
      return `must have at most ${String(p.limit)} items`;
    case 'additionalProperties':
      return 'is not a field this call takes';
    default:
      return item.message ?? 'is invalid';
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
  return { field, message: `${field} ${describeRule(item)}` };
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
  return out.size > 0 ? [...out.values()] : [{ field: err.validationContext ?? 'request', message: err.message }];
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

const RACE_MESSAGE = 'This conflicts with a change made at the same moment. Please reload and try again.';

/** A unique or foreign key refusal, or PostgreSQL giving up a transaction to a concurrent one (serialization, deadlock). */
function isRaceRefusal(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return isUniqueViolation(err) || isReferenceViolation(err) || code === '40001' || code === '40P01';
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof TooManyTriesError) reply.header('retry-after', String(err.retryAfterSeconds));
    if (err instanceof InvalidInputError)
      return reply.status(400).send({ message: err.message, errors: err.problems.slice(0, MAX_FIELD_ERRORS) });
    if (err instanceof DomainError) return reply.status(domainStatus(err)).send({ message: err.message });
    if (err instanceof HttpError) return reply.status(err.statusCode).send({ message: err.message });
    if (err instanceof PasswordQueueFull)
      return reply.status(429).header('retry-after', '1').send({ message: err.message });
    // Nobody hears this answer: the client closed the connection while its password check waited.
    if (err instanceof ClientGone) return reply.status(503).send({ message: err.message });
    if (err.validation) {
      const problems = describeValidation(err);
      return reply.status(400).send({ message: problems[0]!.message, errors: problems });
    }
    const status = err.statusCode ?? 500;
    if (status === 429)
      return reply.status(429).send({ message: 'Too many attempts. Please wait a moment and try again.' });
    if (status >= 400 && status < 500) {
      const messages: Record<string, string> = {
        FST_REQ_FILE_TOO_LARGE: 'The file is too large (10 MB at most).',
        FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
        FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected a multipart/form-data upload.',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
        FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
      };
      return reply.status(status).send({ message: messages[err.code] ?? err.message });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send({ message: UNAVAILABLE_MESSAGE });
    }
    if (isRaceRefusal(err)) {
      // A constraint or a lock that a concurrent write hit, where no service maps it to its own answer.
      request.log.warn({ err: { message: err.message, code: err.code } }, 'write refused by a concurrent change');
      return reply.status(409).send({ message: RACE_MESSAGE });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
