// Two api instances on one database: a sign-out or change on one must reach the other's session
// cache at once (Redis pub/sub). Runs when TEST_REDIS_URL is set (CI sets it).
import { authEndpoints, onboardingEndpoints } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createRedisInvalidationBus, type InvalidationBus } from '../../src/modules/auth/session-cache-bus.ts';
import type { Invalidation } from '../../src/modules/auth/session-cache.ts';
import type { Database } from '../../src/db/types.ts';
import { MemoryRateLimitStore } from '../../src/lib/throttle/index.ts';
import { Client, TestClock, createTestDb, resetDb, testConfig, type TestContext } from '../helpers.ts';
import { signedInCustomer } from '../security/helpers.ts';

const url = process.env.TEST_REDIS_URL;

async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!url)('session cache across instances (TEST_REDIS_URL)', () => {
  const clock = new TestClock();
  let db: Kysely<Database>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let ctxA: TestContext;

  beforeAll(async () => {
    db = await createTestDb();
    const config = testConfig({ REDIS_URL: url! });
    const build = () => buildApp(config, { db, now: clock.now, rateLimitStore: new MemoryRateLimitStore(clock.now) });
    [a, b] = await Promise.all([build(), build()]);
    await Promise.all([a.ready(), b.ready()]);
    await until(() => a.sessions.cache.enabled && b.sessions.cache.enabled, 'both caches to subscribe');
    ctxA = { app: a, db, clock, config, store: new MemoryRateLimitStore(clock.now) };
  });
  beforeEach(async () => {
    await resetDb(db);
    a.sessions.cache.clear();
    b.sessions.cache.clear();
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await db?.destroy();
  });

  /** The same cookies, sent to instance b (as a load balancer would). */
  async function onB(client: Client): Promise<Client> {
    const other = new Client(b);
    for (const [k, v] of client.cookies) other.cookies.set(k, v);
    await other.profile();
    const hits = b.sessions.cache.stats().hits;
    expect((await other.profile()).statusCode).toBe(200);
    expect(b.sessions.cache.stats().hits).toBe(hits + 1);
    return other;
  }

  it('a sign-out on one instance ends the session on the other at once', async () => {
    const { client } = await signedInCustomer(ctxA);
    const sameOnB = await onB(client);
    expect((await client.post(authEndpoints.signOut.path)).statusCode).toBe(204);
    expect((await sameOnB.profile()).statusCode).toBe(401);
  });

  it('a profile change on one instance shows on the other at once', async () => {
    const { client } = await signedInCustomer(ctxA);
    const sameOnB = await onB(client);
    expect((await client.post(onboardingEndpoints.updateCountry.path, { country_id: 826 })).statusCode).toBe(200);
    expect(authEndpoints.getProfile.response.parse((await sameOnB.profile()).json()).country?.iso2_alpha).toBe('GB');
  });

  it('an instance that lost its subscription stops caching and starts again empty', async () => {
    const { client } = await signedInCustomer(ctxA);
    const sameOnB = await onB(client);
    const admin = new Redis(url!);
    try {
      const list = await admin.client('LIST');
      const ids = String(list)
        .split('\n')
        .filter((line) => / name=remit-session-cache-/.test(line))
        .map((line) => /\bid=(\d+)/.exec(line)?.[1])
        .filter(Boolean);
      expect(ids.length).toBeGreaterThanOrEqual(2);
      for (const id of ids) await admin.client('KILL', 'ID', id!);
    } finally {
      await admin.quit();
    }
    await until(() => !b.sessions.cache.enabled || b.sessions.cache.stats().entries === 0, 'b to notice');
    await until(() => b.sessions.cache.enabled, 'b to subscribe again');
    expect(b.sessions.cache.stats().entries).toBe(0);
    expect((await sameOnB.profile()).statusCode).toBe(200);
  });
});

describe.skipIf(!url)('session-cache invalidation bus (TEST_REDIS_URL)', () => {
  const channel = `remit:test:session-cache:${process.pid}:${Date.now()}`;
  const logger = { warn: vi.fn(), error: vi.fn() };

  function member() {
    const seen: Invalidation[] = [];
    let available = false;
    const bus = createRedisInvalidationBus({
      url: url!,
      channel,
      logger,
      ackTimeoutMs: 300,
      target: { invalidate: (w) => seen.push(w), setAvailable: (ok) => (available = ok) },
    });
    return { bus, seen, isAvailable: () => available };
  }

  it('resolves a publish only once every other instance has applied it', async () => {
    const [one, two, three] = [member(), member(), member()];
    try {
      await until(() => one.isAvailable() && two.isAvailable() && three.isAvailable(), 'subscriptions');
      await one.bus.publish({ customerId: 'c-1' });
      expect(two.seen).toEqual([{ customerId: 'c-1' }]);
      expect(three.seen).toEqual([{ customerId: 'c-1' }]);
      expect(one.seen).toEqual([]); // the publisher applied it itself before publishing
      await three.bus.publish({ tokenHash: 'h-1' });
      expect(one.seen).toEqual([{ tokenHash: 'h-1' }]);
      expect(logger.warn).not.toHaveBeenCalled();
    } finally {
      await Promise.all([one.bus, two.bus, three.bus].map((b: InvalidationBus) => b.close()));
    }
  });

  it('gives up waiting for an instance that does not answer, and says so', async () => {
    const one = member();
    const silent = new Redis(url!);
    try {
      await silent.subscribe(channel);
      await until(() => one.isAvailable(), 'subscription');
      const started = Date.now();
      await one.bus.publish({ customerId: 'c-2' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(logger.warn).toHaveBeenCalledWith(
        expect.objectContaining({ expected: 1, acks: 0 }),
        expect.stringContaining('acknowledged'),
      );
    } finally {
      await one.bus.close();
      silent.disconnect();
    }
  });
});
