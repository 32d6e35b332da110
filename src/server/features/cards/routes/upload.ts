import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DECODE_RETRY_AFTER_SECONDS, DecodeQueueFull } from '../../images/decode-queue.ts';
import { TOO_MANY_BYTES } from '../../images/image-encode.ts';
import { imageUrl } from '../../../lib/image-url.ts';
import { badRequest, serviceUnavailable, tooLarge } from '../../../lib/http-error.ts';
import { errors, UploadAnswer, UploadBody } from '../schemas.ts';

/** POST /api/card/upload: the image of a card, detail item or slide, stored before the form is sent. */
const upload: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/upload',
    {
      config: { admin: true },
      // The body is a stream consumed by request.file(), so there is nothing for the schema to validate.
      validatorCompiler: () => () => true,
      schema: {
        tags: ['uploads'],
        summary: 'Upload an image (multipart field "image"); it is re-encoded to WebP without metadata',
        consumes: ['multipart/form-data'],
        body: UploadBody,
        response: { 200: UploadAnswer, ...errors(400, 401, 413, 415, 503) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('image.required');
      const { images, db } = app.ctx;
      let leave: () => void;
      try {
        // A place is taken before the file is read, so a refused upload costs no memory: its body
        // is discarded by Node as it arrives.
        leave = images.decodes.enter();
      } catch (err) {
        if (!(err instanceof DecodeQueueFull)) throw err;
        reply.header('retry-after', String(DECODE_RETRY_AFTER_SECONDS));
        throw serviceUnavailable('image.busy');
      }
      try {
        const file = await request.file();
        if (!file || file.fieldname !== 'image') throw badRequest('image.field_required');
        // toBuffer() throws 413 when the 10 MB limit cuts the file; the check covers a limit that truncates silently.
        const buffer = await file.toBuffer();
        if (file.file.truncated) throw tooLarge(TOO_MANY_BYTES);
        const stored = await images.save(db, buffer);
        return { image: stored.name, imageUrl: imageUrl(stored.name) };
      } finally {
        leave();
      }
    },
  );
};

export default upload;
