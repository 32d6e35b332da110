import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '../../../shared/i18n/index.ts';
import { deviceOf } from '../leads/classify.ts';
import { readRequestForm } from './request-form.ts';
import { submitRequest, type SubmitResult } from './requests-service.ts';

/**
 * A posted request form, read, checked and (when nothing is refused) stored: what the page route
 * (a browser without script) and the API route (the island) both do before answering.
 */
export async function receiveRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  lang: Language,
): Promise<SubmitResult & { photosChosen: boolean }> {
  const form = await readRequestForm(request, app.ctx.images);
  const page = form.values.product
    ? `${lang === 'en' ? '/en' : ''}/card-details`
    : `${lang === 'en' ? '/en' : ''}/request`;
  const result = await submitRequest(app.ctx, form, {
    lang,
    page,
    source: 'direct',
    device: deviceOf(request.headers['user-agent'] ?? ''),
    address: request.ip,
  });
  // The email is sent from the stored row, after the answer: a failed send never fails the request.
  if (result.ok && result.id) app.ctx.requestMail.nudge();
  return { ...result, photosChosen: form.photos.length > 0 || form.photoError !== undefined };
}
