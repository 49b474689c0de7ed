import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

function setup(ttlMs = 60_000, maxEntries = 100) {
  let t = Date.parse('2030-01-01T00:00:00Z');
  const cache = new SessionCache<string>({ ttlMs, maxEntries, now: () => new Date(t) });
  return { cache, advance: (ms: number) => (t += ms) };
}

describe('SessionCache', () => {
  it('serves a stored entry until its time to live is over', () => {
    const { cache, advance } = setup(1000);
    expect(cache.get('tok')).toBeUndefined();
    expect(cache.store('tok', 'cust', 'auth-1', cache.ticket())).toBe(true);
    expect(cache.get('tok')).toBe('auth-1');
    advance(999);
    expect(cache.get('tok')).toBe('auth-1');
    advance(1);
    expect(cache.get('tok')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2, entries: 0 });
  });

  it('is off with a time to live of 0', () => {
    const { cache } = setup(0);
    expect(cache.enabled).toBe(false);
    expect(cache.store('tok', 'cust', 'auth', cache.ticket())).toBe(false);
    expect(cache.get('tok')).toBeUndefined();
  });

  it('drops every session of a customer, and only theirs', () => {
    const { cache } = setup();
    cache.store('a1', 'alice', 'A1', cache.ticket());
    cache.store('a2', 'alice', 'A2', cache.ticket());
    cache.store('b1', 'bob', 'B1', cache.ticket());
    cache.invalidate({ customerId: 'alice' });
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')).toBe('B1');
  });

  it('drops one session by token', () => {
    const { cache } = setup();
    cache.store('a1', 'alice', 'A1', cache.ticket());
    cache.store('a2', 'alice', 'A2', cache.ticket());
    cache.invalidate({ tokenHash: 'a1' });
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBe('A2');
  });

  it('refuses a fill read before an invalidation of its customer or token (no stale refill)', () => {
    const { cache } = setup();
    const before = cache.ticket();
    cache.invalidate({ customerId: 'alice' });
    expect(cache.store('a1', 'alice', 'stale', before)).toBe(false);
    expect(cache.get('a1')).toBeUndefined();
    // another customer's read of the same moment is fine
    expect(cache.store('b1', 'bob', 'B1', before)).toBe(true);

    const beforeToken = cache.ticket();
    cache.invalidate({ tokenHash: 'a2' });
    expect(cache.store('a2', 'alice', 'stale', beforeToken)).toBe(false);
    // a read that started after the invalidation may be stored
    expect(cache.store('a2', 'alice', 'fresh', cache.ticket())).toBe(true);
    expect(cache.get('a2')).toBe('fresh');
    expect(cache.stats().refusedFills).toBe(2);
  });

  it('refuses every fill in flight when cleared, and stays refusing after pruning its memory', () => {
    const { cache } = setup();
    const before = cache.ticket();
    cache.clear();
    expect(cache.store('x', 'c', 'stale', before)).toBe(false);

    const early = cache.ticket();
    for (let i = 0; i < 10_001; i++) cache.invalidate({ tokenHash: `t${i}` });
    // the memory of invalidations was pruned on the way: older tickets are refused wholesale
    expect(cache.store('t0', 'c', 'stale', early)).toBe(false);
    expect(cache.store('t0', 'c', 'fresh', cache.ticket())).toBe(true);
  });

  it('evicts the oldest entry when full', () => {
    const { cache } = setup(60_000, 2);
    cache.store('a', 'c1', 'A', cache.ticket());
    cache.store('b', 'c2', 'B', cache.ticket());
    cache.store('c', 'c3', 'C', cache.ticket());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('B');
    expect(cache.get('c')).toBe('C');
    expect(cache.stats().entries).toBe(2);
  });

  it('is off and empty while unavailable, and starts empty again', () => {
    const { cache } = setup();
    cache.store('a', 'c1', 'A', cache.ticket());
    const inFlight = cache.ticket();
    cache.setAvailable(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.store('a', 'c1', 'A', cache.ticket())).toBe(false);
    cache.setAvailable(true);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.store('a', 'c1', 'stale', inFlight)).toBe(false);
    expect(cache.store('a', 'c1', 'A', cache.ticket())).toBe(true);
  });
});
