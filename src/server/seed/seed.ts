import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';

/** Fills an empty database with demo content. */
export async function seedDemoContent(_ctx: AppContext, _log: FastifyBaseLogger): Promise<void> {}
