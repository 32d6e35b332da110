import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findImage, setImageFocus, type StoredImage } from './images-repository.ts';
import { imageUrl } from '../../lib/image-url.ts';
import { strictValidator } from '../../lib/all-errors.ts';
import { notFound } from '../../lib/http-error.ts';
import { errors, FocusAnswer, FocusBody, ImageAnswer, ImageParams, tags } from './schemas.ts';

const NOT_FOUND = 'image.not_found';

const facts = (stored: StoredImage) => ({
  image: stored.name,
  imageUrl: imageUrl(stored.name),
  width: stored.width,
  height: stored.height,
  focus: stored.focus,
});

/**
 * GET /api/images/{name} and PUT /api/images/{name}/focus: the admin's photo picker reads a stored
 * image's size and focal point, and moves the focal point. The point belongs to the image, so every
 * card, detail item and slide showing it is cropped around it; moving it is a content write.
 */
const images: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/:name',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: "A stored image's size and focal point",
        params: ImageParams,
        response: { 200: ImageAnswer, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const stored = await findImage(db, request.params.name);
      if (!stored) throw notFound(NOT_FOUND);
      return { data: facts(stored) };
    },
  );

  app.put(
    '/:name/focus',
    {
      config: { admin: true },
      // `null` is not 0 and a field the call does not take is refused, not dropped.
      validatorCompiler: strictValidator,
      schema: {
        tags,
        summary: 'Set the focal point of a stored image (x across, y down, 0 to 1 each)',
        params: ImageParams,
        body: FocusBody,
        response: { 200: FocusAnswer, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const stored = await setImageFocus(db, request.params.name, { x: request.body.x, y: request.body.y });
      if (!stored) throw notFound(NOT_FOUND);
      return { message: 'Focal point saved', data: facts(stored) };
    },
  );
};

export default images;
