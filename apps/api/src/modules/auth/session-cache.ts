// Per-instance cache of authenticated sessions, so that most authenticated requests do not touch the
// database (docs/benchmarks.md, issue #2). Correctness rules, each covered by test/session-cache.test.ts:
//
// - Revocation and profile changes are immediate: whoever commits such a change calls
//   `forgetCustomer` / `forgetToken` AFTER the commit (the session plugin does it for every unsafe
//   request of a signed-in customer and for the session cookie it carried; services do it for changes
//   made outside such a request). With REDIS_URL every other instance is told over Redis pub/sub.
// - No stale refill: a request that read the database before an invalidation may not store what it
//   read (each fill carries a ticket; an invalidation newer than the ticket refuses the fill).
// - When invalidations could have been missed (Redis subscriber down), the cache is off and empty
//   until the subscription is back.
// - Entries live at most `ttlMs`, which bounds staleness after a write that bypassed the rules above
//   (e.g. a manual SQL update). Idle and absolute session expiry are still checked on every hit.
import type { Clock } from '../../lib/clock.ts';

export interface SessionCacheOptions {
  /** How long an entry may be served; 0 turns the cache off. */
  ttlMs: number;
  /** Bound on entries; the oldest entry goes first when full. */
  maxEntries: number;
  now: Clock;
}

export interface SessionCacheStats {
  hits: number;
  misses: number;
  entries: number;
  refusedFills: number;
}

/** Invalidations keyed by customer or by session token hash. */
export type Invalidation = { customerId: string } | { tokenHash: string };

interface Entry<T> {
  value: T;
  customerId: string;
  storedAt: number;
}

/** Above this many remembered invalidations, they are dropped and every in-flight fill is refused. */
const MAX_REMEMBERED_INVALIDATIONS = 10_000;

export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly tokensByCustomer = new Map<string, Set<string>>();
  /** Sequence number of the last invalidation per key (`c:<customer>` or `t:<token hash>`). */
  private readonly invalidated = new Map<string, number>();
  private seq = 0;
  /** Fills whose ticket is older than this are refused (after clear() or a prune). */
  private floor = 0;
  private available = true;
  private readonly counters = { hits: 0, misses: 0, refusedFills: 0 };

  constructor(private readonly options: SessionCacheOptions) {}

  get enabled(): boolean {
    return this.options.ttlMs > 0 && this.available;
  }

  /** Taken before reading the database; `store` refuses the read if an invalidation came after it. */
  ticket(): number {
    return this.seq;
  }

  get(tokenHash: string): T | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(tokenHash);
    if (entry && this.options.now().getTime() - entry.storedAt < this.options.ttlMs) {
      this.counters.hits++;
      return entry.value;
    }
    if (entry) this.remove(tokenHash);
    this.counters.misses++;
    return undefined;
  }

  /** Stores what was read with `ticket`, unless something about this session changed since. */
  store(tokenHash: string, customerId: string, value: T, ticket: number): boolean {
    if (!this.enabled) return false;
    if (
      ticket < this.floor ||
      (this.invalidated.get(`t:${tokenHash}`) ?? 0) > ticket ||
      (this.invalidated.get(`c:${customerId}`) ?? 0) > ticket
    ) {
      this.counters.refusedFills++;
      return false;
    }
    this.remove(tokenHash);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.remove(oldest.value);
    }
    this.entries.set(tokenHash, { value, customerId, storedAt: this.options.now().getTime() });
    let tokens = this.tokensByCustomer.get(customerId);
    if (!tokens) this.tokensByCustomer.set(customerId, (tokens = new Set()));
    tokens.add(tokenHash);
    return true;
  }

  /** Drops the entries an invalidation names and refuses fills that started before it. */
  invalidate(what: Invalidation): void {
    if (this.invalidated.size >= MAX_REMEMBERED_INVALIDATIONS) {
      this.invalidated.clear();
      this.floor = this.seq + 1;
    }
    const n = ++this.seq;
    if ('customerId' in what) {
      this.invalidated.set(`c:${what.customerId}`, n);
      for (const token of [...(this.tokensByCustomer.get(what.customerId) ?? [])]) this.remove(token);
    } else {
      this.invalidated.set(`t:${what.tokenHash}`, n);
      this.remove(what.tokenHash);
    }
  }

  /** Empties the cache and refuses every fill in flight. */
  clear(): void {
    this.entries.clear();
    this.tokensByCustomer.clear();
    this.invalidated.clear();
    this.floor = ++this.seq;
  }

  /** Off (and empty) while invalidations from other instances might be missed. */
  setAvailable(available: boolean): void {
    if (!available || !this.available) this.clear();
    this.available = available;
  }

  stats(): SessionCacheStats {
    return { ...this.counters, entries: this.entries.size };
  }

  private remove(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    const tokens = this.tokensByCustomer.get(entry.customerId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensByCustomer.delete(entry.customerId);
  }
}
