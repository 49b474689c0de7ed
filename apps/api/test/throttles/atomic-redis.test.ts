// The same parallel guessing across two api instances sharing one database and one Redis
// (docs/product/auth-and-sessions.md#throttling): the limit holds across instances. Runs when
// TEST_REDIS_URL is set.
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/types.ts';
import { MemoryRateLimitStore, RedisRateLimitStore } from '../../src/lib/throttle/index.ts';
import { TestClock, createTestDb, resetDb, testConfig, type TestContext } from '../helpers.ts';
import {
  parallelOtpGuesses,
  parallelPasswordReentry,
  parallelResends,
  parallelTakenSignUps,
  parallelWrongPasswords,
  type Instances,
} from './scenarios.ts';

const url = process.env.TEST_REDIS_URL;

describe.skipIf(!url)('atomic throttles across two instances (TEST_REDIS_URL)', () => {
  const clock = new TestClock();
  const prefix = `remit:test:atomic:${process.pid}:${Date.now()}:`;
  let admin: Redis;
  let db: Kysely<Database>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let ctx: TestContext;
  const stores: RedisRateLimitStore[] = [];

  const dropCounters = async () => {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
  };

  beforeAll(async () => {
    admin = new Redis(url!);
    db = await createTestDb();
    const config = testConfig({
      REDIS_URL: url!,
      LOGIN_MAX_FAILURES_PER_EMAIL: '5',
      LOGIN_THROTTLE_WINDOW_MINUTES: '15',
      SIGNUP_MAX_PER_EMAIL: '5',
    });
    const build = () => {
      const store = new RedisRateLimitStore(new Redis(url!), prefix);
      stores.push(store);
      return buildApp(config, { db, now: clock.now, rateLimitStore: store });
    };
    [a, b] = await Promise.all([build(), build()]);
    await Promise.all([a.ready(), b.ready()]);
    ctx = { app: a, db, clock, config, store: new MemoryRateLimitStore(clock.now) };
  });
  beforeEach(async () => {
    await resetDb(db);
    a.sessions.cache.clear();
    b.sessions.cache.clear();
    await dropCounters();
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all(stores.map((s) => s.close()));
    await dropCounters();
    await admin?.quit();
    await db?.destroy();
  });

  const inst: Instances = {
    apps: () => [a, b],
    ctx: () => ctx,
    // Redis windows run on real time: ending them means dropping the counters.
    advance: async (ms) => {
      clock.advance(ms);
      await dropCounters();
    },
  };

  it('200 parallel wrong passwords for one email from 20 addresses: exactly the limit is checked', () =>
    parallelWrongPasswords(inst, 5, 15 * 60_000));

  it('60 parallel wrong password re-entries on one session: exactly 5 are checked', () =>
    parallelPasswordReentry(inst));

  it('60 parallel guesses of one mailed code: exactly 5 are compared', () => parallelOtpGuesses(inst));

  it('10 parallel resends: exactly one mails a code', () => parallelResends(inst));

  it('50 parallel sign-ups with a taken address: exactly the per-email limit is answered', () =>
    parallelTakenSignUps(inst, 5));
});
