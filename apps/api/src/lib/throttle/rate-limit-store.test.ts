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
