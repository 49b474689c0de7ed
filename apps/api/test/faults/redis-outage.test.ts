import { authEndpoints } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { REDIS_UNAVAILABLE } from '../../src/lib/dependency-errors.ts';
import { Client, createTestDb, STRONG_PASSWORD, testConfig, uniqueEmail } from '../helpers.ts';
import { canRunRedis, startThrowawayRedis, type ThrowawayRedis, inPostgresPass } from './throwaway-services.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.ts';

// docs/product/system.md#faults: with Redis gone, sign-in and sign-up limits fail closed with a 503 in
// words (never a 500, never an unthrottled pass); signed-in pages keep working; all recovers by itself.
describe.skipIf(!canRunRedis || inPostgresPass)('Redis lost during traffic', () => {
  let redis: ThrowawayRedis;
  let db: Kysely<Database>;
  let app: FastifyInstance;

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    db = await createTestDb();
    app = await buildApp(testConfig({ REDIS_URL: redis.url }), { db, jobsPollMs: 0 });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    await redis?.stop();
  });

  it('sign-in and sign-up answer 503 in words, signed-in pages keep working, and it recovers', async () => {
    const email = uniqueEmail();
    const customer = new Client(app);
    await customer.signUp(email);
    expect((await customer.profile()).statusCode).toBe(200);
    const returning = new Client(app);
    await returning.csrf();
    const newcomer = new Client(app);
    await newcomer.csrf();

    await redis.stop();

    const started = Date.now();
    const attempts = [
      await returning.post(authEndpoints.signIn.path, { email, password: 'Wrong-password-42-x' }),
      await returning.post(authEndpoints.signIn.path, { email, password: STRONG_PASSWORD }),
      await newcomer.post(authEndpoints.signUp.path, {
        email: uniqueEmail(),
        password: STRONG_PASSWORD,
        confirm_password: STRONG_PASSWORD,
      }),
    ];
    expect(Date.now() - started).toBeLessThan(10_000); // each bounded, never a hang
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ message: REDIS_UNAVAILABLE });
      expect(res.headers['retry-after']).toBe('5');
    }
    expect((await customer.profile()).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { redis: 'failing', database: 'ok' } });

    await redis.start();
    const deadline = Date.now() + 15_000;
    let signIn = await returning.post(authEndpoints.signIn.path, { email, password: STRONG_PASSWORD });
    while (signIn.statusCode === 503 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      signIn = await returning.post(authEndpoints.signIn.path, { email, password: STRONG_PASSWORD });
    }
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  }, 60_000);
});
