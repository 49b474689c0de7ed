import { pusherServer } from '@remit/pusher-server';
import type { FastifyInstance } from 'fastify';
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

/**
 * Realtime wiring. Hosted Pusher (cluster eu, TLS) when PUSHER_* are set; otherwise the api's own
 * Pusher-protocol server (@remit/pusher-server) at /app/{key}, with Redis fan-out when REDIS_URL is
 * set. Either way events are published with the official `pusher` SDK: in builtin mode it talks to
 * this instance's own HTTP events API once the server listens (before that, e.g. under app.inject,
 * in process).
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

    if (!hosted) {
      await app.register(pusherServer, { ...credentials, ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}) });
    }

    const logger = app.log.child({ module: 'realtime' });
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
