import { z } from 'zod';

/**
 * Realtime (docs/product/realtime.md): Laravel Echo + pusher-js against either the api's
 * built-in Pusher-protocol server or hosted Pusher Channels (cluster eu, TLS).
 */

/** Echo's event-name namespace (docs/product/realtime.md). */
export const REALTIME_NAMESPACE = 'App.Events';

/** The domain events pushed on `private-customer.{id}` (docs/product/realtime.md). */
export const RealtimeEventName = z.enum([
  'TransactionStatusChanged',
  'DocumentStatusChanged',
  'ProfileUpdated',
  'TasksChanged',
  'SessionRevoked',
  'QuoteExpiring',
  'RateAlertTriggered',
  'ScheduledTransferRan',
]);
export type RealtimeEventName = z.infer<typeof RealtimeEventName>;

/** Why sessions ended: the app words its sign-in notice after it (docs/product/realtime.md). */
export const SessionRevokedReason = z.enum(['password_changed', 'password_reset', 'revoked', 'device_removed']);
export type SessionRevokedReason = z.infer<typeof SessionRevokedReason>;

/** Payload of SessionRevoked: the ids of the sessions (devices) that just ended, and why. */
export const SessionRevokedPayload = z
  .object({ session_ids: z.array(z.string()), reason: SessionRevokedReason.optional() })
  .loose();
export type SessionRevokedPayload = z.infer<typeof SessionRevokedPayload>;

/** POST /broadcasting/auth (form-encoded by pusher-js; JSON accepted too). */
export const BroadcastingAuthRequest = z.object({
  socket_id: z.string(),
  channel_name: z.string(),
});
export type BroadcastingAuthRequest = z.infer<typeof BroadcastingAuthRequest>;

/** Pusher's signature format; presence channels add the signed channel_data. */
export const BroadcastingAuthResponse = z.object({
  auth: z.string(),
  channel_data: z.string().optional(),
});
export type BroadcastingAuthResponse = z.infer<typeof BroadcastingAuthResponse>;

/** POST /broadcasting/user-auth (pusher-js `signin()`). */
export const UserAuthRequest = z.object({
  socket_id: z.string(),
});
export type UserAuthRequest = z.infer<typeof UserAuthRequest>;

/** user_data is the JSON string `{"id":"…","user_info":{"name":"…"}}`, covered by `auth`. */
export const UserAuthResponse = z.object({
  auth: z.string(),
  user_data: z.string(),
});
export type UserAuthResponse = z.infer<typeof UserAuthResponse>;

/** How the web app reaches the push service: one build runs against built-in or hosted Pusher. */
export const RealtimeClientConfig = z.object({
  driver: z.literal('pusher'),
  /**
   * 'builtin': the api's own Pusher-protocol server, reached at ws_host/ws_port, null meaning the
   * api's (same-origin: the page's) host and port. 'hosted': Pusher Channels, host from the cluster.
   */
  mode: z.enum(['builtin', 'hosted']),
  /** The public application key. */
  key: z.string().min(1),
  cluster: z.string().min(1),
  /** Null: the page's own host (built-in server); always null for hosted Pusher (host from the cluster). */
  ws_host: z.string().nullable(),
  /** Null: the page's own port. */
  ws_port: z.number().int().min(1).max(65535).nullable(),
  force_tls: z.boolean(),
  auth_endpoint: z.string(),
  user_auth_endpoint: z.string(),
  namespace: z.string(),
});
export type RealtimeClientConfig = z.infer<typeof RealtimeClientConfig>;

export const AppConfigResponse = z.object({ realtime: RealtimeClientConfig });
export type AppConfigResponse = z.infer<typeof AppConfigResponse>;

/** Body of the dev-only POST /dev/realtime/notify. */
export const DevNotifyRequest = z.object({
  event: RealtimeEventName,
  payload: z.record(z.string(), z.unknown()).optional(),
});
export type DevNotifyRequest = z.infer<typeof DevNotifyRequest>;
