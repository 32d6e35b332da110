import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/http-error.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    // Pages set their own nonce-based CSP; this default covers the API and static files.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'"],
        scriptSrc: ["'self'"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
  });

  const allowed = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization', 'If-Match'],
  });

  // Refuse state-changing requests a browser sends from another origin (defence in depth on top of SameSite).
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const sameHost = `${request.protocol}://${request.host}`;
    if (origin !== sameHost && !allowed.has(origin)) throw forbidden('Cross-origin request refused.');
  });
}
