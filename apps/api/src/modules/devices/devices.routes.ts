import { devicesEndpoints } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-route.ts';

const tags = ['devices'];

/** GET /client/v1/devices and DELETE /client/v1/device/{id} (docs/product/api.md#devices-calls). */
export default async function devicesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { devices } = app.services;
  const e = devicesEndpoints;

  app.get(e.listDevices.path, { schema: contractSchema(e.listDevices, tags), preHandler: app.requireSession }, async (req, reply) => {
    return reply.header('cache-control', 'no-store').code(200).send(await devices.list(req.auth!));
  });

  app.delete(e.revokeDevice.path, { schema: contractSchema(e.revokeDevice, tags), preHandler: app.requireSession }, async (req, reply) => {
    await devices.revoke(req.auth!, req.params.id);
    return reply.code(204).send();
  });
}
