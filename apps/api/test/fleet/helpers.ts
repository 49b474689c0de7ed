// Several api instances on one database (and, where it matters, one Redis), as a load balancer
// without sticky sessions sees them (docs/product/system.md#several-instances). Each instance is a
// whole `buildApp`; they share the database and the test clock, nothing else.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp, type AppOverrides } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import type { Database } from '../../src/db/types.ts';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from '../../src/lib/throttle/index.ts';
import { Client, TestClock, createTestDb, resetDb, testConfig, type TestContext } from '../helpers.ts';

export const redisUrl = process.env.TEST_REDIS_URL;

export interface Fleet {
  apps: FastifyInstance[];
  db: Kysely<Database>;
  clock: TestClock;
  config: Config;
  /** A TestContext on instance i (for the helpers written for one app). */
  on(i: number): TestContext;
}

export interface FleetOptions {
  instances?: number;
  env?: Record<string, string>;
  /** With TEST_REDIS_URL: REDIS_URL for every instance, and one Redis rate-limit store each (shared counters). */
  redis?: boolean;
  overrides?: (i: number) => AppOverrides;
  /** Build but do not make ready (a test watches what `ready` starts). */
  ready?: boolean;
}

/**
 * Registers vitest hooks: `instances` apps (default 2) on one database, made ready; the
 * customer-owned tables (jobs included) and the session caches emptied before each test. Durable
 * jobs run when a test asks (`services.jobs.runDue()` on any instance), unless `overrides` say
 * otherwise. With `redis`, the rate-limit counters live under a key prefix of this file's own.
 */
export function useFleet(opts: FleetOptions = {}): Fleet {
  const n = opts.instances ?? 2;
  const fleet = { clock: new TestClock(), apps: [] as FastifyInstance[] } as Fleet;
  const stores: RateLimitStore[] = [];
  const prefix = `remit:fleet:${randomUUID()}:`;
  fleet.on = (i) => ({
    app: fleet.apps[i]!,
    db: fleet.db,
    clock: fleet.clock,
    config: fleet.config,
    store: stores[i] as MemoryRateLimitStore,
  });
  beforeAll(async () => {
    fleet.db = await createTestDb();
    fleet.config = testConfig({ ...(opts.redis && redisUrl ? { REDIS_URL: redisUrl } : {}), ...opts.env });
    for (let i = 0; i < n; i++) {
      stores.push(
        opts.redis && redisUrl
          ? new RedisRateLimitStore(new Redis(redisUrl, { lazyConnect: false }), prefix)
          : new MemoryRateLimitStore(fleet.clock.now),
      );
    }
    fleet.apps = await Promise.all(
      stores.map((store, i) =>
        buildApp(fleet.config, {
          db: fleet.db,
          now: fleet.clock.now,
          rateLimitStore: store,
          jobsPollMs: 0,
          ...opts.overrides?.(i),
        }),
      ),
    );
    if (opts.ready === false) return;
    await Promise.all(fleet.apps.map((app) => app.ready()));
    // Rates as of the test clock (the periodic rates.refresh is a durable job, run by hand here).
    await fleet.apps[0]!.services.ratesJob.runOnce();
  });
  beforeEach(async () => {
    await resetDb(fleet.db);
    for (const app of fleet.apps) app.sessions.cache.clear();
    for (const store of stores) if (store instanceof MemoryRateLimitStore) store.clear();
  });
  afterAll(async () => {
    await Promise.all(fleet.apps.map((app) => app.close()));
    await Promise.all(stores.map((store) => store.close()));
    await fleet.db?.destroy();
  });
  return fleet;
}

/** The same cookies sent to another instance (as a load balancer would). */
export function onInstance(app: FastifyInstance, client: Client): Client {
  const other = new Client(app);
  other.ip = client.ip;
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  return other;
}

/** Waits (real time) until `check` answers something. */
export async function until<T>(check: () => Promise<T | undefined> | T | undefined, what: string, ms = 5_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
