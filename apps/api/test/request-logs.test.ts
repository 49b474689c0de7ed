import { Writable } from 'node:stream';
import {
  authEndpoints,
  buildPath,
  corridorsEndpoints,
  devicesEndpoints,
  limitsEndpoints,
  onboardingEndpoints,
  paymentsEndpoints,
  quotesEndpoints,
  recipientsEndpoints,
  securityEndpoints,
  transactionsEndpoints,
  verificationEndpoints,
  type Endpoint,
} from '@remit/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOG_REDACT } from '../src/app.ts';
import { Client, useTestApp } from './helpers.ts';

/** Every line the app logs at warn or above (issue #20 item 6: FST_ERR_REP_ALREADY_SENT on each profile call). */
const logged: { level: number; msg?: string; err?: { code?: string; message?: string } }[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of String(chunk).split('\n')) {
      if (!line) continue;
      const entry = JSON.parse(line) as (typeof logged)[number];
      if (entry.level >= 40) logged.push(entry);
    }
    done();
  },
});

const ctx = useTestApp({ overrides: { logger: { level: 'warn', stream, redact: LOG_REDACT } } });

/** The signed-in GET calls of the contract (path parameters filled with an id nobody owns). */
const signedInGets: Endpoint[] = [
  authEndpoints,
  corridorsEndpoints,
  devicesEndpoints,
  limitsEndpoints,
  onboardingEndpoints,
  paymentsEndpoints,
  quotesEndpoints,
  recipientsEndpoints,
  securityEndpoints,
  transactionsEndpoints,
  verificationEndpoints,
]
  .flatMap((group) => Object.values(group) as unknown[])
  .filter((e): e is Endpoint => typeof e === 'object' && e !== null && 'method' in e && 'auth' in e)
  .filter((e) => e.method === 'GET' && e.auth === 'session');

const NOBODYS_ID = '00000000-0000-4000-8000-000000000000';
function urlOf(e: Endpoint): string {
  const names = [...e.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  return buildPath(e.path, Object.fromEntries(names.map((n) => [n, NOBODYS_ID])));
}

/** What the app logged at warn or above, once the answers' continuations have run. */
async function warnings() {
  await new Promise((resolve) => setTimeout(resolve, 20));
  return logged.map((l) => `${l.msg ?? ''} ${l.err?.code ?? ''}`.trim());
}

describe('signed-in GET calls log nothing at warn or above', () => {
  beforeEach(() => {
    logged.length = 0;
  });

  it('GET /client/v1/profile answers 200 without "Reply was already sent" (cache miss and cache hit)', async () => {
    const client = new Client(ctx.app);
    const customer = await client.signUp();
    ctx.app.sessions.cache.clear();
    logged.length = 0;
    for (let i = 0; i < 3; i++) {
      const res = await client.profile();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(authEndpoints.getProfile.response.parse(res.json()).id).toBe(customer.id);
    }
    expect(await warnings()).toEqual([]);
  });

  it('every other signed-in GET of the contract answers without an error or warning in the log', async () => {
    expect(signedInGets.length).toBeGreaterThan(10);
    const client = new Client(ctx.app);
    await client.signUp();
    logged.length = 0;
    const statuses: Record<string, number> = {};
    for (const e of signedInGets) {
      const res = await client.get(urlOf(e));
      statuses[e.path] = res.statusCode;
    }
    expect(Object.entries(statuses).filter(([, status]) => status >= 500)).toEqual([]);
    expect(statuses[authEndpoints.getProfile.path]).toBe(200);
    expect(statuses[devicesEndpoints.listDevices.path]).toBe(200);
    expect(await warnings()).toEqual([]);
  });
});
