import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Clock } from '../lib/clock.ts';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from '../lib/throttle/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimitStore: RateLimitStore;
  }
}

export interface RateLimitPluginOptions {
  config: Config;
  now: Clock;
  store?: RateLimitStore;
}

/** Rate-limit counters: in process by default, Redis when REDIS_URL is set (shared by every instance). */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance, opts: RateLimitPluginOptions) {
    let store = opts.store;
    const owned = !store;
    if (!store) {
      if (opts.config.redisUrl) {
        // Bounded waits: while Redis is away a throttled request fails within about 2 s with a 503
        // in words (docs/product/system.md#faults) instead of hanging.
        const redis = new Redis(opts.config.redisUrl, {
          maxRetriesPerRequest: 1,
          enableOfflineQueue: true,
          connectTimeout: 2_000,
          commandTimeout: 2_000,
        });
        redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
        store = new RedisRateLimitStore(redis);
        app.log.info('rate limits: Redis');
      } else {
        store = new MemoryRateLimitStore(opts.now);
      }
    }
    app.decorate('rateLimitStore', store);
    if (owned) app.addHook('onClose', async () => store.close());
  },
  { name: 'rate-limit' },
);
