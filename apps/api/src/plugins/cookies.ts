import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Cookie parsing (values are signed by our own HMAC where needed) and form bodies (/broadcasting/*). */
export default fp(
  async function cookiesPlugin(app: FastifyInstance) {
    await app.register(cookie, { parseOptions: {} });
    await app.register(formbody, { bodyLimit: 64 * 1024 });
  },
  { name: 'cookies' },
);
