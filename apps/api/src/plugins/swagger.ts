import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contract's zod schemas; UI at /docs, JSON at /docs/json. */
export default fp(
  async function swaggerPlugin(app: FastifyInstance, opts: { appUrl: string }) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Remit customer API', version: '1.0.0', description: 'Generated from packages/contract.' },
        servers: [{ url: opts.appUrl }],
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'remit_session' },
            xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?/g, ''),
    });
  },
  { name: 'swagger' },
);
