import { defineEndpoint } from '../common/endpoint.ts';
import { IdParams } from '../common/primitives.ts';
import { DeviceList } from './schemas.ts';

export const listDevices = defineEndpoint({
  method: 'GET',
  path: '/client/v1/devices',
  summary: 'The signed-in devices (live sessions) of the customer',
  response: DeviceList,
  auth: 'session',
});

/**
 * Signs another device out at once (its session ends; it is told over realtime). 404 for a device
 * that is not the customer's or no longer signed in; 409 for the device that asks (sign out instead).
 */
export const revokeDevice = defineEndpoint({
  method: 'DELETE',
  path: '/client/v1/device/:id',
  summary: 'Sign a device out',
  params: IdParams,
  response: null,
  auth: 'session',
});
