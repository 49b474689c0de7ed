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

  it('reserves atomically: many at once let exactly max through (docs/product/auth-and-sessions.md#throttling)', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, () => store!.reserve([{ key: 'k3', max: 7, windowMs: 60_000 }])),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(7);
    expect((await store!.get('k3'))!.count).toBe(7);
    const refused = results.find((r) => !r.ok)!;
    expect(refused.ok ? 0 : refused.resetInMs).toBeGreaterThan(55_000);
  });

  it('reserves in every bucket or in none; release gives one back, never below zero', async () => {
    const a = { key: 'k4a', max: 1, windowMs: 60_000 };
    const b = { key: 'k4b', max: 5, windowMs: 120_000 };
    const first = await store!.reserve([a, b]);
    expect(first.ok).toBe(true);
    if (first.ok) expect(first.states.map((s) => s.count)).toEqual([1, 1]);
    const second = await store!.reserve([a, b]);
    expect(second.ok).toBe(false);
    expect((await store!.get('k4b'))!.count).toBe(1);
    await store!.release(['k4a', 'k4b']);
    await store!.release(['k4b', 'k4-none']);
    expect((await store!.get('k4a'))!.count).toBe(0);
    expect((await store!.get('k4b'))!.count).toBe(0);
    expect((await store!.get('k4b'))!.resetInMs).toBeGreaterThan(100_000);
    expect(await store!.get('k4-none')).toBeNull();
    expect((await store!.reserve([a, b])).ok).toBe(true);
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
