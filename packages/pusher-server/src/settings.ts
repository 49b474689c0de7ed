// The plugin's options, checked and defaulted once into the settings every part of the server
// reads (connections, subscriptions, HTTP events API, shutdown), plus what those parts share.
import type { FastifyBaseLogger } from 'fastify';
import type { Fanout } from './fanout.ts';
import type { Hub } from './hub.ts';
import { LIMITS } from './protocol.ts';
import type { Credentials } from './signatures.ts';

/** The limits a server may tighten or loosen; the defaults are hosted Pusher Channels'. */
export interface PusherServerLimits {
  /** Refuse new connections (4100, the client backs off) above this many on this instance. Default: none. */
  maxConnections: number;
  /** Largest WebSocket message a client may send, in bytes (default 10 KB); larger: `pusher:error` 4300. */
  maxMessageBytes: number;
  /** Largest `data` of an event published through the HTTP API, in bytes (default 10 KB); larger: 413. */
  maxEventDataBytes: number;
  /** Members of one presence channel (default 100); one more is refused with a subscription error. */
  maxPresenceMembers: number;
  /** Channels one connection may subscribe to (default 100). */
  maxSubscriptionsPerSocket: number;
}

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
  readonly limits: Readonly<PusherServerLimits>;
}

export function resolveSettings(opts: PusherServerOptions): ServerSettings {
  for (const field of ['appId', 'key', 'secret'] as const) {
    if (typeof opts[field] !== 'string' || opts[field].length === 0) {
      throw new Error(`pusherServer: option ${field} is required`);
    }
  }
  const activityTimeoutSeconds = opts.activityTimeoutSeconds ?? 120;
  const limits = opts.limits ?? {};
  return {
    appId: opts.appId,
    key: opts.key,
    credentials: { key: opts.key, secret: opts.secret },
    activityTimeoutSeconds,
    activityTimeoutMs: activityTimeoutSeconds * 1000,
    pongTimeoutMs: (opts.pongTimeoutSeconds ?? 30) * 1000,
    closeTimeoutMs: opts.closeTimeoutMs ?? 2000,
    limits: {
      maxConnections: limits.maxConnections ?? Number.POSITIVE_INFINITY,
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
  readonly log: FastifyBaseLogger;
  readonly trigger: Trigger;
}

/** The outcome of checking a piece of client input. */
export type Verdict<T> = { ok: true; value: T } | { ok: false; status: number; message: string };
