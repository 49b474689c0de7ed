import type { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';
import { systemClock } from '../clock.ts';

export interface RateLimitState {
  /** Hits counted in the current window. */
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

/** Fixed-window counters. Memory (single process) or Redis (shared by every instance). */
export interface RateLimitStore {
  /** Count one hit; starts a window of `windowMs` on the first hit. */
  hit(key: string, windowMs: number): Promise<RateLimitState>;
  /** Current state without counting, or null when no window is open. */
  get(key: string): Promise<RateLimitState | null>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: Clock = systemClock) {}

  private sweep(t: number): void {
    if (t - this.lastSweep < 60_000 && this.entries.size < 10_000) return;
    this.lastSweep = t;
    for (const [k, v] of this.entries) if (v.resetAt <= t) this.entries.delete(k);
  }

  async hit(key: string, windowMs: number): Promise<RateLimitState> {
    const t = this.now().getTime();
    this.sweep(t);
    let e = this.entries.get(key);
    if (!e || e.resetAt <= t) {
      e = { count: 0, resetAt: t + windowMs };
      this.entries.set(key, e);
    }
    e.count += 1;
    return { count: e.count, resetInMs: e.resetAt - t };
  }

  async get(key: string): Promise<RateLimitState | null> {
    const t = this.now().getTime();
    const e = this.entries.get(key);
    if (!e || e.resetAt <= t) return null;
    return { count: e.count, resetInMs: e.resetAt - t };
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  async close(): Promise<void> {
    this.entries.clear();
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

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'remit:rl:',
    private readonly ownsClient = true,
  ) {}

  async hit(key: string, windowMs: number): Promise<RateLimitState> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [
      number,
      number,
    ];
    return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
  }

  async get(key: string): Promise<RateLimitState | null> {
    const res = await this.redis
      .multi()
      .get(this.prefix + key)
      .pttl(this.prefix + key)
      .exec();
    const count = res?.[0]?.[1];
    const ttl = Number(res?.[1]?.[1] ?? -2);
    if (count === null || count === undefined || ttl < 0) return null;
    return { count: Number(count), resetInMs: ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.redis.quit().catch(() => undefined);
  }
}
