import { REALTIME_NAMESPACE, type RealtimeEventName } from './schemas.ts';

/**
 * Where realtime events go and by which name (docs/product/realtime.md), the same for the api that
 * publishes them and the web app that listens.
 *
 * Laravel Echo (2.x, EventFormatter) with namespace 'App.Events' turns
 * `.listen('TransactionStatusChanged')` into 'App.Events.TransactionStatusChanged' and then replaces
 * every '.' with '\', so it binds the Pusher event `App\Events\TransactionStatusChanged`: the name
 * the server must publish (what Laravel's broadcastAs() default produces).
 */
export function eventName(event: RealtimeEventName | (string & {})): string {
  return `${REALTIME_NAMESPACE}.${event}`.replace(/\./g, '\\');
}

/** The private channel of one customer (Echo: `Echo.private('customer.' + id)`). */
export function customerChannel(customerId: string | number): string {
  return `private-customer.${customerId}`;
}

/** The presence channel of one customer (Echo: `Echo.join('customer.' + id)`). */
export function customerPresenceChannel(customerId: string | number): string {
  return `presence-customer.${customerId}`;
}
