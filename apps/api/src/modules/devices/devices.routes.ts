import { devicesEndpoints as e } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../lib/contract-route.ts';

/** GET /client/v1/devices and DELETE /client/v1/device/{id} (docs/product/api.md#devices-calls). */
export default async function devicesRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['devices'] });
  const { devices } = app.services;

  route(e.listDevices, { access: 'session', cacheControl: 'no-store' }, (req) => devices.list(req.auth));

  route(e.revokeDevice, { access: 'session' }, (req) => devices.revoke(req.auth, req.params.id));
}
