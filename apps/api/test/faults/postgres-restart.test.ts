import { authEndpoints } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DATABASE_UNAVAILABLE } from '../../src/lib/dependency-errors.ts';
import { Client, STRONG_PASSWORD, testConfig, uniqueEmail } from '../helpers.ts';
import {
  canRunPostgres,
  startThrowawayPostgres,
  type ThrowawayPostgres,
  inPostgresPass,
} from './throwaway-services.ts';

// docs/product/system.md#faults: a PostgreSQL restart kills no instance; requests in the gap fail fast
// with a 503 in words; the api reconnects by itself once the database is back.
describe.skipIf(!canRunPostgres || inPostgresPass)('PostgreSQL restarted under traffic', () => {
  let pg: ThrowawayPostgres;
  let app: FastifyInstance;

  beforeAll(async () => {
    pg = await startThrowawayPostgres();
    app = await buildApp(testConfig({ DATABASE_URL: pg.url, SESSION_CACHE_SECONDS: '0' }), { jobsPollMs: 0 });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    pg?.destroy();
  });

  async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < ms) {
      if (await check()) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`not within ${ms} ms`);
  }

  it('survives the restart: 503 in words while the database is away, then answers again by itself', async () => {
    const customer = new Client(app);
    await customer.signUp();
    const newcomer = new Client(app);
    await newcomer.csrf();
    expect((await customer.profile()).statusCode).toBe(200);
    // idle pooled connections exist now: their 'error' events used to crash the process
    const ready = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', instance: 'ok' } });

    pg.stop();
    await new Promise((r) => setTimeout(r, 200)); // the idle connections see the termination

    const started = Date.now();
    const signUp = await newcomer.post(authEndpoints.signUp.path, {
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    const profile = await customer.profile();
    expect(Date.now() - started).toBeLessThan(8_000); // fast, never a hang
    for (const res of [signUp, profile]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ message: DATABASE_UNAVAILABLE });
      expect(res.headers['retry-after']).toBe('5');
    }
    const down = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'unavailable', checks: { database: 'failing' } });

    pg.start();
    await until(async () => (await customer.profile()).statusCode === 200, 10_000);
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    await new Client(app).signUp(); // writes work again
  }, 60_000);
});
