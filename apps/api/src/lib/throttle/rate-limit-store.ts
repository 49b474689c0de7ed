import type { Redis } from 'ioredis';
import { AppError } from '../app-error.ts';
import { REDIS_UNAVAILABLE, RETRY_AFTER_SECONDS } from '../dependency-errors.ts';
import type { Clock } from '../clock.ts';
import { systemClock } from '../clock.ts';

export interface RateLimitState {
  /** Hits counted in the current window. */
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

/** One fixed-window counter and its limit: at most `max` hits within `windowMs` of the first one. */
export interface Bucket {
  key: string;
  max: number;
  windowMs: number;
}

/** The answer to `reserve`: every bucket counted one, or none did (and how long the wait is). */
export type Reservation = { ok: true; states: RateLimitState[] } | { ok: false; resetInMs: number };

/**
 * Fixed-window counters. Memory (single process) or Redis (shared by every instance). Every method
 * decides and counts in one atomic step (docs/product/auth-and-sessions.md#throttling): N parallel
 * `reserve` calls on a bucket of `max` let exactly `max` through.
 */
export interface RateLimitStore {
  /**
   * When every bucket is below its `max`, count one hit in each (opening its window on the first hit)
   * and answer their states; otherwise count nothing and answer the longest wait among the full ones.
   */
  reserve(buckets: readonly Bucket[]): Promise<Reservation>;
  /** Give one hit back to each key (an attempt that must not count); never below zero, windows unchanged. */
  release(keys: readonly string[]): Promise<void>;
  /** Count one hit, whatever the count; starts a window of `windowMs` on the first hit. */
  hit(key: string, windowMs: number): Promise<RateLimitState>;
  /** Current state without counting, or null when no window is open. */
  get(key: string): Promise<RateLimitState | null>;
  reset(key: string): Promise<void>;
  /** Resolves when the store answers (the readiness check); rejects when it cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * In-process counters. Each method does its whole check-and-count synchronously (no await in
 * between), so concurrent requests of this process cannot interleave inside one decision.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: Clock = systemClock) {}

  private sweep(t: number): void {
    if (t - this.lastSweep < 60_000 && this.entries.size < 10_000) return;
    this.lastSweep = t;
    for (const [k, v] of this.entries) if (v.resetAt <= t) this.entries.delete(k);
  }

  private live(key: string, t: number): { count: number; resetAt: number } | undefined {
    const e = this.entries.get(key);
    return e && e.resetAt > t ? e : undefined;
  }

  private hitNow(key: string, windowMs: number, t: number): RateLimitState {
    let e = this.live(key, t);
    if (!e) {
      e = { count: 0, resetAt: t + windowMs };
      this.entries.set(key, e);
    }
    e.count += 1;
    return { count: e.count, resetInMs: e.resetAt - t };
  }

  reserve(buckets: readonly Bucket[]): Promise<Reservation> {
    const t = this.now().getTime();
    this.sweep(t);
    let wait = -1;
    for (const b of buckets) {
      const count = this.live(b.key, t)?.count ?? 0;
      if (count >= b.max) wait = Math.max(wait, (this.live(b.key, t)?.resetAt ?? t + b.windowMs) - t);
    }
    if (wait >= 0) return Promise.resolve({ ok: false, resetInMs: wait });
    return Promise.resolve({ ok: true, states: buckets.map((b) => this.hitNow(b.key, b.windowMs, t)) });
  }

  release(keys: readonly string[]): Promise<void> {
    const t = this.now().getTime();
    for (const key of keys) {
      const e = this.live(key, t);
      if (e && e.count > 0) e.count -= 1;
    }
    return Promise.resolve();
  }

  hit(key: string, windowMs: number): Promise<RateLimitState> {
    const t = this.now().getTime();
    this.sweep(t);
    return Promise.resolve(this.hitNow(key, windowMs, t));
  }

  get(key: string): Promise<RateLimitState | null> {
    const t = this.now().getTime();
    const e = this.live(key, t);
    return Promise.resolve(e ? { count: e.count, resetInMs: e.resetAt - t } : null);
  }

  reset(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }

  clear(): void {
    this.entries.clear();
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.entries.clear();
    return Promise.resolve();
  }
}

// INCR and set the expiry on the first hit atomically; returns {count, pttl}.
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {c, ttl}
`;

// ARGV holds max and window for each key in turn. Refuses (count nothing) when any key is full,
// answering {0, longest pttl}; else INCRs every key (expiry set on the first hit) and answers
// {1, count1, pttl1, count2, pttl2, ...}.
const RESERVE_SCRIPT = `
local wait = -1
for i = 1, #KEYS do
  local c = tonumber(redis.call('GET', KEYS[i]) or '0')
  if c >= tonumber(ARGV[2 * i - 1]) then
    local t = redis.call('PTTL', KEYS[i])
    if t < 0 then
      t = tonumber(ARGV[2 * i])
      if c > 0 then redis.call('PEXPIRE', KEYS[i], t) end
    end
    if t > wait then wait = t end
  end
end
if wait >= 0 then return {0, wait} end
local out = {1}
for i = 1, #KEYS do
  local c = redis.call('INCR', KEYS[i])
  local t = redis.call('PTTL', KEYS[i])
  if t < 0 then
    t = tonumber(ARGV[2 * i])
    redis.call('PEXPIRE', KEYS[i], t)
  end
  out[#out + 1] = c
  out[#out + 1] = t
end
return out
`;

// One hit back per key, never below zero; DECR keeps the expiry.
const RELEASE_SCRIPT = `
for i = 1, #KEYS do
  local c = tonumber(redis.call('GET', KEYS[i]) or '0')
  if c > 0 then redis.call('DECR', KEYS[i]) end
end
return 1
`;

/** Counters in Redis, shared by every instance; each decision is one Lua script (atomic in Redis). */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'remit:rl:',
    private readonly ownsClient = true,
  ) {}

  /**
   * Runs one Redis call; when Redis cannot answer, the throttled action fails closed with a 503 in
   * words, never a 500 and never an unthrottled pass (docs/product/system.md#faults).
   */
  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (err) {
      if (err instanceof Error && err.name === 'ReplyError') throw err; // Redis answered: a bug, not an outage
      throw AppError.unavailable(REDIS_UNAVAILABLE, RETRY_AFTER_SECONDS);
    }
  }

  async reserve(buckets: readonly Bucket[]): Promise<Reservation> {
    if (buckets.length === 0) return { ok: true, states: [] };
    const keys = buckets.map((b) => this.prefix + b.key);
    const args = buckets.flatMap((b) => [String(b.max), String(b.windowMs)]);
    const res = (await this.call(() => this.redis.eval(RESERVE_SCRIPT, keys.length, ...keys, ...args))) as number[];
    if (Number(res[0]) !== 1) return { ok: false, resetInMs: Math.max(0, Number(res[1])) };
    return {
      ok: true,
      states: buckets.map((_, i) => ({
        count: Number(res[1 + 2 * i]),
        resetInMs: Math.max(0, Number(res[2 + 2 * i])),
      })),
    };
  }

  async release(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.call(() => this.redis.eval(RELEASE_SCRIPT, keys.length, ...keys.map((k) => this.prefix + k)));
  }

  async hit(key: string, windowMs: number): Promise<RateLimitState> {
    const [count, ttl] = (await this.call(() =>
      this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs)),
    )) as [number, number];
    return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
  }

  async get(key: string): Promise<RateLimitState | null> {
    const res = await this.call(() =>
      this.redis
        .multi()
        .get(this.prefix + key)
        .pttl(this.prefix + key)
        .exec(),
    );
    const count = res?.[0]?.[1];
    const ttl = Number(res?.[1]?.[1] ?? -2);
    if (count === null || count === undefined || ttl < 0) return null;
    return { count: Number(count), resetInMs: ttl };
  }

  async reset(key: string): Promise<void> {
    await this.call(() => this.redis.del(this.prefix + key));
  }

  async ping(): Promise<void> {
    await this.call(() => this.redis.ping());
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.redis.quit().catch(() => undefined);
  }
}
