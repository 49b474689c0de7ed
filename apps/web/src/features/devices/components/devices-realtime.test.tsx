import { devicesEndpoints } from '@remit/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CustomerEventHandlers } from '@/lib/use-customer-events';
import { requestLog } from '@/testing/handlers';
import { renderSignedIn } from '@/testing/render';

/** The handlers the signed-in layout listens with, to emit events without a socket. */
const events = vi.hoisted(() => ({ handlers: {} as CustomerEventHandlers }));

vi.mock('@/lib/use-customer-events', () => ({
  useCustomerEvents: (handlers: CustomerEventHandlers) => {
    events.handlers = handlers;
  },
  useRealtimeConnection: () => ({ state: 'connected', wasConnected: true }),
}));

describe('devices and realtime', () => {
  it('refetches the list when another session is revoked', async () => {
    const view = renderSignedIn('/devices');
    await screen.findAllByTestId('device-item');
    const calls = () => requestLog.filter((line) => line === `GET ${devicesEndpoints.listDevices.path}`).length;
    expect(calls()).toBe(1);

    act(() => events.handlers.SessionRevoked?.({ session_ids: ['sess-2'], reason: 'revoked' }));
    await waitFor(() => expect(calls()).toBe(2));
    expect(view.pathname()).toBe('/devices');
  });
});
