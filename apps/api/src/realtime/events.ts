// Domain events pushed to customers, with the names Laravel Echo listens for.
//
// Echo (laravel-echo 2.x, EventFormatter) with namespace 'App.Events' turns
// `.listen('TransactionStatusChanged')` into 'App.Events.TransactionStatusChanged' and then
// replaces every '.' with '\', so it binds the Pusher event `App\Events\TransactionStatusChanged`.
// That is the name the server must publish (what Laravel's broadcastAs() default produces).

export const EVENT_NAMESPACE = 'App.Events';

export const DOMAIN_EVENTS = [
  'TransactionStatusChanged',
  'DocumentStatusChanged',
  'ProfileUpdated',
  'TasksChanged',
  'SessionRevoked',
] as const;
export type DomainEvent = (typeof DOMAIN_EVENTS)[number];

/** The Pusher event name Echo receives for a domain event, e.g. `App\Events\TasksChanged`. */
export function eventName(event: DomainEvent | (string & {})): string {
  return `${EVENT_NAMESPACE}.${event}`.replace(/\./g, '\\');
}

/** The private channel of one customer (Echo: `Echo.private('customer.' + id)`). */
export function customerChannel(customerId: string | number): string {
  return `private-customer.${customerId}`;
}

/** The presence channel of one customer (Echo: `Echo.join('customer.' + id)`). */
export function customerPresenceChannel(customerId: string | number): string {
  return `presence-customer.${customerId}`;
}
