import type { RealtimeEventName } from '@remit/contract';
import { useEffect, useRef, useState } from 'react';
import { useCustomer } from './customer-store';
import {
  customerChannelName,
  disconnectEcho,
  getEcho,
  onConnectionState,
  type ConnectionState,
  type CustomerEventHandlers,
} from './echo';

export type { CustomerEventHandlers };

/**
 * Listens to the signed-in customer's private channel (`private-customer.{id}`, Echo:
 * `Echo.private('customer.' + id)`) for the events of docs/product/realtime.md#events. Handlers may change between
 * renders; the subscription only changes with the customer or the set of event names.
 */
export function useCustomerEvents(handlers: CustomerEventHandlers): void {
  const customerId = useCustomer().data?.id;
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const names = (Object.keys(handlers) as RealtimeEventName[]).sort().join(',');

  useEffect(() => {
    if (!customerId) return;
    let cancelled = false;
    let stop: (() => void) | undefined;
    getEcho().then(
      (echo) => {
        if (cancelled) return;
        const channel = echo.private(customerChannelName(customerId));
        const bound = (names.split(',').filter(Boolean) as RealtimeEventName[]).map((name) => {
          const callback = (payload: unknown) =>
            latest.current[name]?.(payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {});
          channel.listen(name, callback);
          return { name, callback };
        });
        stop = () => {
          for (const { name, callback } of bound) channel.stopListening(name, callback);
        };
      },
      () => undefined, // no live updates (config or chunk failed); the app works without them
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [customerId, names]);
}

export interface RealtimeConnection {
  state: ConnectionState | null;
  /** Whether this connection has been up at least once (the banner only shows after that). */
  wasConnected: boolean;
}

/**
 * Opens the realtime connection while a customer is signed in and closes it when the caller
 * unmounts (logout, revoked session, leaving the signed-in screens). Reports the connection state.
 */
export function useRealtimeConnection(customerId: string | undefined): RealtimeConnection {
  const [connection, setConnection] = useState<RealtimeConnection>({ state: null, wasConnected: false });
  useEffect(() => {
    if (!customerId) return;
    let cancelled = false;
    let off: (() => void) | undefined;
    getEcho().then(
      (echo) => {
        if (cancelled) return;
        off = onConnectionState(echo, (state) =>
          setConnection((prev) => ({ state, wasConnected: prev.wasConnected || state === 'connected' })),
        );
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      off?.();
      disconnectEcho();
      setConnection({ state: null, wasConnected: false });
    };
  }, [customerId]);
  return connection;
}
