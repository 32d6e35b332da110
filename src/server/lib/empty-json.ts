import type { FastifyInstance } from 'fastify';

/**
 * For calls whose contract has no body (a toggle, a slide move): HTTP clients often still label
 * the empty body as JSON. In the plugin this is called in only, an empty JSON body means "no body"
 * instead of a 400; a non-empty one is parsed (and refused when it is not JSON) as everywhere else.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}
