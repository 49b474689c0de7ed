import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisRateLimitStore } from '../src/lib/throttle/index.ts';

const url = process.env.TEST_REDIS_URL;

describe.skipIf(!url)('Redis rate-limit store (TEST_REDIS_URL)', () => {
  const redis = url ? new Redis(url) : undefined;
  const prefix = `remit:test:${process.pid}:${Date.now()}:`;
  const store = redis ? new RedisRateLimitStore(redis, prefix, false) : undefined;

  afterAll(async () => {
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('counts hits atomically within a window', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => store!.hit('k1', 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const state = await store!.get('k1');
    expect(state!.count).toBe(10);
    expect(state!.resetInMs).toBeGreaterThan(55_000);
    expect(state!.resetInMs).toBeLessThanOrEqual(60_000);
  });

  it('expires the window and can be reset', async () => {
    await store!.hit('k2', 50);
    await new Promise((r) => setTimeout(r, 120));
    expect(await store!.get('k2')).toBeNull();
    expect((await store!.hit('k2', 60_000)).count).toBe(1);
    await store!.reset('k2');
    expect(await store!.get('k2')).toBeNull();
  });
});
