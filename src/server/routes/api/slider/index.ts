import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// Routes of this area are being written; see the issue tracker.
const routes: FastifyPluginAsyncTypebox = async () => {};
export default routes;
