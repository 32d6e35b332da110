import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// forget-password, verify-reset-password, resend-otp and reset-password: being written.
const passwordReset: FastifyPluginAsyncTypebox = async () => {};
export default passwordReset;
