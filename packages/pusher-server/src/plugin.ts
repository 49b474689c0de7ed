// The Fastify plugin: WebSocket connections at /app/{key} on the app's own HTTP server and the
// Pusher HTTP events API under /apps/{appId}. Events published on any instance reach the sockets
// of every instance through a Fanout (in process by default, Redis pub/sub with `redisUrl`).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openSocketServer } from './connection.ts';
import { createLocalFanout, createRedisFanout, type Fanout } from './fanout.ts';
import { httpEventsApi } from './http-api.ts';
import { Hub } from './hub.ts';
import { ConnectionQuotas } from './quotas.ts';
import { resolveSettings, type PusherServerOptions, type ServerContext, type Trigger } from './settings.ts';
import { closeWithApp } from './shutdown.ts';
import { createSubscriptionHandlers } from './subscriptions.ts';

/** What the plugin decorates the app with, as `app.realtime`. */
export interface PusherServer {
  readonly appId: string;
  readonly key: string;
  /** This instance's sockets, subscriptions and presence members. */
  readonly hub: Hub;
  readonly fanout: Fanout;
  /** Publishes to every instance (the in-process equivalent of POST /apps/{id}/events). */
  trigger: Trigger;
  /** Open WebSocket connections on this instance. */
  connectionCount(): number;
  /** Open connections on this instance from an address (IPv6: from its /64). */
  connectionsFrom(address: string): number;
  /** Open connections on this instance that count for a user (see `maxConnectionsPerUser`). */
  connectionsOfUser(userId: string): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: PusherServer;
  }
}

async function pusherServerPlugin(app: FastifyInstance, opts: PusherServerOptions): Promise<void> {
  const settings = resolveSettings(opts);
  const log = opts.logger ?? app.log.child({ module: 'realtime' });

  const hub = new Hub({ maxPresenceMembers: settings.limits.maxPresenceMembers });
  const ownsFanout = !opts.fanout;
  const fanout: Fanout =
    opts.fanout ??
    (opts.redisUrl
      ? await createRedisFanout({
          url: opts.redisUrl,
          logger: log,
          ...(opts.redisChannel ? { channel: opts.redisChannel } : {}),
        })
      : createLocalFanout(log));
  fanout.onMessage((msg) => {
    hub.publish(msg.channels, msg.event, msg.data, msg.socketId);
  });

  const trigger: Trigger = (channels, event, data, excludeSocketId) =>
    fanout.publish({ channels, event, data, ...(excludeSocketId ? { socketId: excludeSocketId } : {}) });
  const quotas = new ConnectionQuotas(settings.limits);
  const ctx: ServerContext = { settings, hub, quotas, log, trigger };

  const sockets = openSocketServer(app, ctx, createSubscriptionHandlers(ctx));
  app.decorate('realtime', {
    appId: settings.appId,
    key: settings.key,
    hub,
    fanout,
    trigger,
    connectionCount: () => sockets.connections.size,
    connectionsFrom: (address) => quotas.connectionsFrom(address),
    connectionsOfUser: (userId) => quotas.connectionsOf(userId),
  } satisfies PusherServer);
  await app.register(httpEventsApi(ctx));
  closeWithApp(app, { sockets, fanout, ownsFanout, closeTimeoutMs: settings.closeTimeoutMs });
}

/**
 * Register it once, on the root instance (it decorates `app.realtime`):
 *   await app.register(pusherServer, { appId, key, secret, redisUrl })
 */
export const pusherServer = fp(pusherServerPlugin, { name: '@remit/pusher-server', fastify: '5.x' });
