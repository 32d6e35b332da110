import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error.ts';

interface ValidationItem { instancePath?: string; message?: string; params?: Record<string, unknown>; keyword?: string }

/** Turns a schema-validation failure into one sentence that names the field and the rule. */
function describeValidation(err: FastifyError): string {
  const first = (err.validation as ValidationItem[] | undefined)?.[0];
  if (!first) return err.message;
  let field = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (first.keyword === 'required' && typeof first.params?.missingProperty === 'string') field = first.params.missingProperty;
  if (!field) field = err.validationContext ?? 'request';
  if (first.keyword === 'required') return `${field} is required`;
  if (first.keyword === 'pattern' && first.params?.pattern === '\\S') return `${field} must not be empty`;
  return `${field} ${first.message ?? 'is invalid'}`;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) return reply.status(err.statusCode).send({ message: err.message });
    if (err.validation) return reply.status(400).send({ message: describeValidation(err) });
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: 'Too many attempts. Please wait a moment and try again.' });
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
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
