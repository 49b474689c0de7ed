import { readFileSync } from 'node:fs';
import { customerChannel } from '@remit/contract';
import { pusherServer, type PusherServerOptions } from '@remit/pusher-server';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  builtinCredentials,
  type RealtimeCredentials,
  type RealtimeSettings,
} from '../adapters/realtime/credentials.ts';
import { createPublisher, type CustomerEvents, type Publisher } from '../adapters/realtime/publisher.ts';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    customerEvents: CustomerEvents;
    realtimeSettings: RealtimeSettings;
  }
}

/** File descriptors kept for everything but sockets: HTTP, database, Redis, files, logs. */
const FD_HEADROOM = { min: 256, share: 0.25 };

/** The soft open-file limit of this process, where the system says (Linux), else undefined. */
export function openFileLimit(limitsFile = '/proc/self/limits'): number | undefined {
  try {
    const match = /^Max open files\s+(\d+)/m.exec(readFileSync(limitsFile, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The total socket cap, lowered (with a warning) when the process's open-file limit would be
 * reached first: at that point the process can no longer accept HTTP connections either
 * (docs/product/realtime.md#limits).
 */
export function socketCap(configured: number, fileLimit: number | undefined, log?: FastifyBaseLogger): number {
  if (fileLimit === undefined) return configured;
  const usable = Math.max(1, fileLimit - Math.max(FD_HEADROOM.min, Math.ceil(fileLimit * FD_HEADROOM.share)));
  if (configured <= usable) return configured;
  log?.warn(
    `REALTIME_MAX_CONNECTIONS=${configured} is more than the open-file limit (${fileLimit}) leaves; ` +
      `using ${usable}. Raise the limit (ulimit -n) to allow more sockets.`,
  );
  return usable;
}

/** The built-in server's caps from config (docs/product/realtime.md#limits). */
export function realtimeServerLimits(
  config: Config,
  log?: FastifyBaseLogger,
  fileLimit = openFileLimit(),
): Pick<PusherServerOptions, 'limits' | 'authTimeoutSeconds' | 'handshakeTimeoutSeconds' | 'userOfChannel'> {
  const limits = config.realtimeLimits;
  const customerPrefix = customerChannel('');
  return {
    limits: {
      maxConnections: socketCap(limits.maxConnections, fileLimit, log),
      maxConnectionsPerAddress: limits.maxConnectionsPerIp,
      maxConnectionsPerUser: limits.maxConnectionsPerUser,
    },
    authTimeoutSeconds: limits.authTimeoutSeconds,
    handshakeTimeoutSeconds: limits.authTimeoutSeconds,
    // A customer's private channel counts toward their own cap; presence and sign-in name the user.
    userOfChannel: (channel) =>
      channel.startsWith(customerPrefix) && channel.length > customerPrefix.length
        ? channel.slice(customerPrefix.length)
        : undefined,
  };
}

/**
 * Realtime wiring. Hosted Pusher (cluster eu, TLS) when PUSHER_* are set; otherwise the api's own
 * Pusher-protocol server (@remit/pusher-server) at /app/{key}, with Redis fan-out when REDIS_URL is
 * set, and with the connection caps of docs/product/realtime.md#limits. Either way events are
 * published with the official `pusher` SDK: in builtin mode it talks to this instance's own HTTP
 * events API once the server listens (before that, e.g. under app.inject, in process).
 */
export default fp(
  async function realtimeWiring(app: FastifyInstance, opts: { config: Config }) {
    const { config } = opts;
    const hosted = config.pusher;
    const credentials: RealtimeCredentials = hosted
      ? { appId: hosted.appId, key: hosted.key, secret: hosted.secret }
      : builtinCredentials(config.appKey);
    app.decorate('realtimeSettings', {
      mode: hosted ? 'hosted' : 'builtin',
      credentials,
      cluster: hosted?.cluster ?? 'eu',
    } satisfies RealtimeSettings);

    const logger = app.log.child({ module: 'realtime' });
    if (!hosted) {
      await app.register(pusherServer, {
        ...credentials,
        ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}),
        ...realtimeServerLimits(config, logger),
      });
    }

    let publisher: Publisher | undefined;
    let viaHttp = false;
    const current = (): Publisher => {
      if (hosted) {
        publisher ??= createPublisher({ mode: 'hosted', ...credentials, cluster: hosted.cluster, logger });
        return publisher;
      }
      const address = app.server.listening ? app.server.address() : null;
      if (address && typeof address === 'object' && !viaHttp) {
        // The server now listens: switch from in-process delivery to the SDK over loopback HTTP.
        void publisher?.close();
        publisher = createPublisher({ mode: 'builtin', ...credentials, host: '127.0.0.1', port: address.port, logger });
        viaHttp = true;
      }
      publisher ??= createPublisher({ mode: 'builtin', ...credentials, trigger: app.realtime.trigger, logger });
      return publisher;
    };

    app.decorate('customerEvents', {
      notify(customerId, event, payload = {}, options) {
        void current().notifyCustomer(customerId, event, payload, options);
      },
      async flush() {
        await publisher?.flush();
      },
    } satisfies CustomerEvents);

    app.addHook('onClose', async () => {
      await publisher?.flush();
      await publisher?.close();
    });
  },
  { name: 'realtime-wiring' },
);
