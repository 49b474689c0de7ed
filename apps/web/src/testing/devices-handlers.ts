import { Device, devicesEndpoints, type DeviceList, type MessageBody } from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { buildCustomer } from './fixtures';
import { logRequest } from './handlers';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A device (parsed with the contract): another browser, active 5 minutes ago unless overridden. */
export function buildDevice(overrides: Partial<Device> = {}): Device {
  return Device.parse({
    id: 'sess-2',
    is_mfa_completed: true,
    session_token: 'public-handle-2',
    mfa_method: 'email',
    client_version: 'Chrome 120',
    os_version: 'macOS 10.15',
    touched_at: minutesAgo(5),
    created_at: minutesAgo(60 * 24 * 3),
    updated_at: minutesAgo(5),
    is_current: false,
    ...overrides,
  });
}

/** The device of buildCustomer()'s session (sess-1, Chrome 130 on Linux), marked current. */
export function currentDevice(overrides: Partial<Device> = {}): Device {
  const session = buildCustomer().session!;
  return buildDevice({ ...session, is_mfa_completed: true, touched_at: minutesAgo(0), is_current: true, ...overrides });
}

/** The api's order: the current device, then another browser, one with no user agent, one waiting for its MFA code. */
export function defaultDevices(): Device[] {
  return [
    currentDevice(),
    buildDevice(),
    buildDevice({
      id: 'sess-3',
      session_token: 'public-handle-3',
      client_version: null,
      os_version: null,
      touched_at: null,
    }),
    buildDevice({
      id: 'sess-4',
      session_token: 'public-handle-4',
      client_version: 'Firefox 128',
      os_version: 'Windows 10',
      is_mfa_completed: false,
      mfa_method: 'email',
      touched_at: minutesAgo(2),
    }),
  ];
}

/**
 * Handlers over a list of their own, as the api behaves: DELETE removes another device (204), 404
 * for an unknown one, 409 for the current one; GET answers what is left.
 */
export function devicesApi(initial: Device[] = defaultDevices()) {
  let devices = [...initial];
  return [
    http.get<never, never, DeviceList>(devicesEndpoints.listDevices.path, ({ request }) => {
      logRequest(request);
      return HttpResponse.json({ devices });
    }),
    http.delete<{ id: string }, never, MessageBody | null>(
      devicesEndpoints.revokeDevice.path,
      ({ request, params }) => {
        logRequest(request);
        const device = devices.find((d) => d.id === params.id);
        if (!device) return HttpResponse.json({ message: 'Not Found' }, { status: 404 });
        if (device.is_current) {
          return HttpResponse.json({ message: 'This is the device you are using: sign out instead.' }, { status: 409 });
        }
        devices = devices.filter((d) => d.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      },
    ),
  ];
}

/** Default devices handlers (a fresh list per request; tests wanting state use server.use(...devicesApi())). */
export const devicesHandlers = [
  http.get<never, never, DeviceList>(devicesEndpoints.listDevices.path, ({ request }) => {
    logRequest(request);
    return HttpResponse.json({ devices: defaultDevices() });
  }),
  http.delete(devicesEndpoints.revokeDevice.path, ({ request }) => {
    logRequest(request);
    return new HttpResponse(null, { status: 204 });
  }),
];
