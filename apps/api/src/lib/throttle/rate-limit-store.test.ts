import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './rate-limit-store.ts';

describe('MemoryRateLimitStore', () => {
  it('counts hits in a fixed window and reports the time left', async () => {
    let t = 1_000_000;
    const store = new MemoryRateLimitStore(() => new Date(t));
    expect(await store.get('a')).toBeNull();
    expect(await store.hit('a', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    t += 4_000;
    expect(await store.hit('a', 10_000)).toEqual({ count: 2, resetInMs: 6_000 });
    expect(await store.get('a')).toEqual({ count: 2, resetInMs: 6_000 });
    t += 6_000;
    expect(await store.get('a')).toBeNull();
    expect(await store.hit('a', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
  });

  it('keeps keys apart and resets one', async () => {
    const store = new MemoryRateLimitStore();
    await store.hit('a', 1000);
    await store.hit('b', 1000);
    await store.reset('a');
    expect(await store.get('a')).toBeNull();
    expect((await store.get('b'))!.count).toBe(1);
  });
});

describe('MemoryRateLimitStore.reserve (docs/product/auth-and-sessions.md#throttling)', () => {
  it('lets exactly max of many concurrent reservations through', async () => {
    const store = new MemoryRateLimitStore();
    const results = await Promise.all(
      Array.from({ length: 100 }, () => store.reserve([{ key: 'k', max: 7, windowMs: 60_000 }])),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(7);
    expect((await store.get('k'))!.count).toBe(7);
  });

  it('counts in every bucket or in none, and answers the longest wait of the full ones', async () => {
    let t = 0;
    const store = new MemoryRateLimitStore(() => new Date(t));
    const a = { key: 'a', max: 1, windowMs: 10_000 };
    const b = { key: 'b', max: 5, windowMs: 60_000 };
    expect(await store.reserve([a, b])).toEqual({
      ok: true,
      states: [
        { count: 1, resetInMs: 10_000 },
        { count: 1, resetInMs: 60_000 },
      ],
    });
    t += 1000;
    expect(await store.reserve([a, b])).toEqual({ ok: false, resetInMs: 9_000 });
    expect((await store.get('b'))!.count).toBe(1); // nothing counted in b
    t += 9_000;
    expect((await store.reserve([a, b])).ok).toBe(true);
  });

  it('release gives one hit back, never below zero, keeping the window', async () => {
    let t = 0;
    const store = new MemoryRateLimitStore(() => new Date(t));
    await store.reserve([{ key: 'r', max: 2, windowMs: 10_000 }]);
    await store.reserve([{ key: 'r', max: 2, windowMs: 10_000 }]);
    t += 2_000;
    await store.release(['r']);
    expect(await store.get('r')).toEqual({ count: 1, resetInMs: 8_000 });
    await store.release(['r', 'r-none']);
    await store.release(['r']);
    expect(await store.get('r')).toEqual({ count: 0, resetInMs: 8_000 });
    expect(await store.get('r-none')).toBeNull();
  });
});
