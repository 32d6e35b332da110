import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import { MAX_UPLOAD_BYTES } from '../images/image-store.ts';

export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  mkdirSync(app.ctx.images.dir, { recursive: true });
  // Stored names are random and never reused, so the files can be cached forever.
  await app.register(fastifyStatic, {
    root: app.ctx.images.dir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
  });
}
