// The plugin's options, checked and defaulted once into the settings every part of the server
// reads (connections, subscriptions, HTTP events API, shutdown), plus what those parts share.
import type { FastifyBaseLogger } from 'fastify';
import type { Fanout } from './fanout.ts';
import type { Hub } from './hub.ts';
import { LIMITS } from './protocol.ts';
import type { ConnectionQuotas } from './quotas.ts';
import type { Credentials } from './signatures.ts';

/** The limits a server may tighten or loosen; the message and presence defaults are hosted Pusher Channels'. */
export interface PusherServerLimits {
  /** Connections on this instance (default 10,000); one more is refused with 4100 (over capacity, retry later). */
  maxConnections: number;
  /**
   * Connections from one address on this instance (default 200): the address Fastify gives as
   * `request.ip` (its `trustProxy` decides), IPv6 counted by /64. One more is refused with 4100.
   */
  maxConnectionsPerAddress: number;
  /**
   * Connections of one user on this instance (default 20): a socket counts for a user once it signs
   * in as them (`pusher:signin`), joins a presence channel as them, or joins a channel that
   * `userOfChannel` says is theirs. The subscription or sign-in that would exceed it is refused and
   * the socket closed with 4004 (over connection quota: the client does not reconnect).
   */
  maxConnectionsPerUser: number;
  /** Largest WebSocket message a client may send, in bytes (default 10 KB); larger: `pusher:error` 4300. */
  maxMessageBytes: number;
  /** Largest `data` of an event published through the HTTP API, in bytes (default 10 KB); larger: 413. */
  maxEventDataBytes: number;
  /** Members of one presence channel (default 100); one more is refused with a subscription error. */
  maxPresenceMembers: number;
  /** Channels one connection may subscribe to (default 100). */
  maxSubscriptionsPerSocket: number;
}

/** Default connection caps, sized for one 2-core instance with an open-file limit of about 20,000. */
export const DEFAULT_CONNECTION_LIMITS = {
  maxConnections: 10_000,
  maxConnectionsPerAddress: 200,
  maxConnectionsPerUser: 20,
} as const;

export interface PusherServerOptions {
  /** The app id of the HTTP events API path, `/apps/{appId}/…`. */
  appId: string;
  /** The public key: clients connect to `/app/{key}`; signatures are `key:hmac`. */
  key: string;
  /** The secret every signature is made with. */
  secret: string;
  /** Redis URL for the fan-out between instances; the plugin owns and closes these connections. */
  redisUrl?: string;
  /** Redis pub/sub channel of the fan-out, default `remit:realtime`. */
  redisChannel?: string;
  /** A fan-out owned by the caller (not closed by the plugin); wins over `redisUrl`. */
  fanout?: Fanout;
  /** Where the server logs; default the app's logger with `{ module: 'realtime' }`. */
  logger?: FastifyBaseLogger;
  /** Overrides of the default limits. */
  limits?: Partial<PusherServerLimits>;
  /** Seconds of client silence before the server pings (and the value announced to clients), default 120. */
  activityTimeoutSeconds?: number;
  /** Seconds to wait for a pong before closing with 4201, default 30. */
  pongTimeoutSeconds?: number;
  /** How long `app.close()` waits for sockets to finish their close handshake (ms), default 2000. */
  closeTimeoutMs?: number;
  /**
   * Seconds a connection may stay unauthorised (neither signed in nor subscribed to a private,
   * presence or server-to-user channel) after it connects or leaves its last such channel; then it
   * is closed with 4009. Default 30; 0 turns it off (e.g. for an app of public channels only).
   */
  authTimeoutSeconds?: number;
  /**
   * Seconds a client has to send its whole upgrade request. The HTTP server's `headersTimeout` is
   * lowered to this (never raised; it applies to every request of that server) and checked often
   * enough; a connection still sending headers then gets 408 and is closed. Default 30; 0 leaves the
   * server as it is.
   */
  handshakeTimeoutSeconds?: number;
  /**
   * The user a private channel belongs to, if any (e.g. `private-customer.42` → `"42"`), so that a
   * socket on it counts toward that user's `maxConnectionsPerUser`. Presence channels and sign-ins
   * name their user themselves.
   */
  userOfChannel?: (channel: string) => string | undefined;
}

/** The options once checked and defaulted. */
export interface ServerSettings {
  readonly appId: string;
  readonly key: string;
  readonly credentials: Credentials;
  readonly activityTimeoutSeconds: number;
  readonly activityTimeoutMs: number;
  readonly pongTimeoutMs: number;
  readonly closeTimeoutMs: number;
  /** 0 = off. */
  readonly authTimeoutMs: number;
  /** 0 = leave the HTTP server's headersTimeout alone. */
  readonly handshakeTimeoutMs: number;
  readonly userOfChannel: (channel: string) => string | undefined;
  readonly limits: Readonly<PusherServerLimits>;
}

/** A count or a duration option: a non-negative number (Infinity allowed for caps), else an error. */
function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw new Error(`pusherServer: option ${name} must be a number >= 0 (got ${String(value)})`);
  }
  return value;
}

export function resolveSettings(opts: PusherServerOptions): ServerSettings {
  for (const field of ['appId', 'key', 'secret'] as const) {
    if (typeof opts[field] !== 'string' || opts[field].length === 0) {
      throw new Error(`pusherServer: option ${field} is required`);
    }
  }
  const activityTimeoutSeconds = opts.activityTimeoutSeconds ?? 120;
  const limits = opts.limits ?? {};
  const cap = (name: keyof typeof DEFAULT_CONNECTION_LIMITS) =>
    nonNegative(`limits.${name}`, limits[name], DEFAULT_CONNECTION_LIMITS[name]);
  return {
    appId: opts.appId,
    key: opts.key,
    credentials: { key: opts.key, secret: opts.secret },
    activityTimeoutSeconds,
    activityTimeoutMs: activityTimeoutSeconds * 1000,
    pongTimeoutMs: (opts.pongTimeoutSeconds ?? 30) * 1000,
    closeTimeoutMs: opts.closeTimeoutMs ?? 2000,
    authTimeoutMs: nonNegative('authTimeoutSeconds', opts.authTimeoutSeconds, 30) * 1000,
    handshakeTimeoutMs: nonNegative('handshakeTimeoutSeconds', opts.handshakeTimeoutSeconds, 30) * 1000,
    userOfChannel: opts.userOfChannel ?? (() => undefined),
    limits: {
      maxConnections: cap('maxConnections'),
      maxConnectionsPerAddress: cap('maxConnectionsPerAddress'),
      maxConnectionsPerUser: cap('maxConnectionsPerUser'),
      maxMessageBytes: limits.maxMessageBytes ?? LIMITS.maxMessageBytes,
      maxEventDataBytes: limits.maxEventDataBytes ?? LIMITS.maxEventDataBytes,
      maxPresenceMembers: limits.maxPresenceMembers ?? LIMITS.maxPresenceMembers,
      maxSubscriptionsPerSocket: limits.maxSubscriptionsPerSocket ?? LIMITS.maxSubscriptionsPerSocket,
    },
  };
}

/** Publishes to every instance: the in-process equivalent of `POST /apps/{id}/events`. */
export type Trigger = (channels: string[], event: string, data: string, excludeSocketId?: string) => Promise<void>;

/** What the parts of one server share. */
export interface ServerContext {
  readonly settings: ServerSettings;
  readonly hub: Hub;
  readonly quotas: ConnectionQuotas;
  readonly log: FastifyBaseLogger;
  readonly trigger: Trigger;
}

/** The outcome of checking a piece of client input. */
export type Verdict<T> = { ok: true; value: T } | { ok: false; status: number; message: string };
