import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error.ts';

/** The largest JSON body any call takes: six about texts of 5,000 characters, each escaped as \uXXXX. */
export const JSON_BODY_LIMIT = 256 * 1024;
/** No call's body nests deeper than 2 (contact details: an object holding a list of cities). */
const MAX_JSON_DEPTH = 8;

/**
 * True when `text` opens more than `max` objects or arrays inside each other. One pass over the
 * characters, before JSON.parse builds anything: a body nested 5,000 deep is refused at the cost of
 * reading it, and no walk over a parsed body (the checks in app.ts) can run out of stack.
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character, a quote included
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * The one JSON body parser of the app, in place of Fastify's:
 * - a call whose contract has no body (a delete, a toggle, a slide move, sign-out) reads and drops
 *   whatever is sent, parsing nothing: HTTP clients often label an empty body as JSON;
 * - an empty body is "no body" on such calls, `{}` where every field of the body is optional, and a
 *   400 naming the problem where a body is needed;
 * - a body nested deeper than MAX_JSON_DEPTH is a 400 before it is parsed;
 * - otherwise Fastify's own parser, which refuses `__proto__` and `constructor.prototype` keys.
 * Bodies over JSON_BODY_LIMIT are a 413 (the app's bodyLimit) before any of this.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (!request.routeOptions.schema?.body) return done(null, undefined);
    const text = body as string;
    if (text.trim() === '') {
      // A body whose every field is optional (POST /api/auth/passkey/options): an empty one is `{}`.
      const required = (request.routeOptions.schema.body as { required?: unknown[] }).required;
      if (!required || required.length === 0) return done(null, {});
      return done(badRequest('http.body_empty'), undefined);
    }
    if (nestedDeeperThan(text, MAX_JSON_DEPTH))
      return done(badRequest('http.body_too_deep', { max: MAX_JSON_DEPTH }), undefined);
    parseJson(request, text, done);
  });
}
