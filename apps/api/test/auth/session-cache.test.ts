// The per-instance session cache (modules/auth/session-cache.ts) must never make a sign-out, a
// revocation or a profile change late: every case here first makes sure the session is cached.
import { authEndpoints, onboardingEndpoints, securityEndpoints } from '@remit/contract';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createRedisInvalidationBus } from '../../src/modules/auth/session-cache-bus.ts';
import { SessionService } from '../../src/modules/auth/session.service.ts';
import { CustomersService } from '../../src/modules/customers/customers.service.ts';
import { SESSION_COOKIE } from '../../src/plugins/session.ts';
import { sha256Hex } from '../../src/lib/crypto.ts';
import { Client, STRONG_PASSWORD, codeFrom, useTestApp } from '../helpers.ts';
import { lastMailTo, signInWithEmailMfa, signedInCustomer } from '../security/helpers.ts';

const ctx = useTestApp();
const GB = 826;
const IDLE_MS = 30 * 60_000;

/** A second client holding the same cookies (the session as a stolen or copied cookie would replay it). */
function copyOf(client: Client): Client {
  const copy = new Client(ctx.app);
  for (const [k, v] of client.cookies) copy.cookies.set(k, v);
  return copy;
}

/** Calls the profile twice and checks the second came from the cache. */
async function expectCached(client: Client) {
  await client.profile();
  const before = ctx.app.sessions.cache.stats().hits;
  const res = await client.profile();
  expect(res.statusCode, res.body).toBe(200);
  expect(ctx.app.sessions.cache.stats().hits).toBe(before + 1);
  return authEndpoints.getProfile.response.parse(res.json());
}

describe('session cache: served from memory', () => {
  it('answers repeated profile calls from the cache with the same body as the database path', async () => {
    const { client } = await signedInCustomer(ctx);
    ctx.app.sessions.cache.clear();
    const fromDb = await client.profile();
    const fromCache = await client.profile();
    expect(fromCache.statusCode).toBe(200);
    expect(fromCache.body).toBe(fromDb.body);
    expect(fromCache.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ctx.app.sessions.cache.stats().entries).toBe(1);
  });

  it('shares one frozen session object between requests', async () => {
    const { client } = await signedInCustomer(ctx);
    const token = client.cookies.get(SESSION_COOKIE)!;
    const auth = (await ctx.app.sessions.authenticate(token))!;
    expect(await ctx.app.sessions.authenticate(token)).toBe(auth);
    expect(() => Object.assign(auth.profile, { email: 'mallory@example.com' })).toThrow(TypeError);
    expect(() => Object.assign(auth.session, { is_mfa_completed: false })).toThrow(TypeError);
  });

  it('answers a cached session at once (no promise); a promise when the database must decide', async () => {
    const { client } = await signedInCustomer(ctx);
    const token = client.cookies.get(SESSION_COOKIE)!;
    const auth = (await ctx.app.sessions.authenticate(token))!;
    // The signed-in path waits on nothing for a cached session (plugins/session.ts).
    expect(ctx.app.sessions.authenticateNow(token)).toBe(auth);
    // A touch is due after a minute: the database decides, and still knows the session.
    ctx.clock.advance(61_000);
    const later = ctx.app.sessions.authenticateNow(token);
    expect(later).toBeInstanceOf(Promise);
    expect((await later)?.customerId).toBe(auth.customerId);
    expect(ctx.app.sessions.authenticateNow('not-a-session-token')).toBeInstanceOf(Promise);
    expect(await ctx.app.sessions.authenticateNow('not-a-session-token')).toBeNull();
    expect(ctx.app.sessions.authenticateNow(undefined)).toBeNull();
  });

  it('keeps the cache across calls that change nothing (signing a realtime channel)', async () => {
    const { client, customer } = await signedInCustomer(ctx);
    await expectCached(client);
    const res = await client.post('/broadcasting/auth', {
      socket_id: '1234.5678',
      channel_name: `private-customer.${customer.id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const hits = ctx.app.sessions.cache.stats().hits;
    expect((await client.profile()).statusCode).toBe(200);
    expect(ctx.app.sessions.cache.stats().hits).toBe(hits + 1);
  });
});

describe('session cache: nothing is late', () => {
  it('a sign-out ends the cached session at once', async () => {
    const { client } = await signedInCustomer(ctx);
    await expectCached(client);
    const replay = copyOf(client);
    expect((await client.post(authEndpoints.signOut.path)).statusCode).toBe(204);
    expect((await replay.profile()).statusCode).toBe(401);
  });

  it('a password change ends every cached session of the customer at once', async () => {
    const { client: first, email } = await signedInCustomer(ctx);
    const second = await signInWithEmailMfa(ctx, email);
    await expectCached(first);
    await expectCached(second);
    const res = await first.post(securityEndpoints.changePassword.path, {
      current_password: STRONG_PASSWORD,
      password: 'Another-Strong-77-pass',
      confirm_password: 'Another-Strong-77-pass',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await second.profile()).statusCode).toBe(401);
    expect((await copyOf(first).profile()).statusCode).toBe(401);
  });

  it('passing MFA replaces the cached pending session: its old cookie no longer works', async () => {
    const { email } = await signedInCustomer(ctx);
    const client = new Client(ctx.app);
    await client.signIn(email);
    const oldToken = client.cookies.get(SESSION_COOKIE)!;
    expect((await client.profile()).statusCode).toBe(403);
    const pending = await ctx.app.sessions.authenticate(oldToken);
    expect(pending?.session.is_mfa_completed).toBe(false);
    expect(ctx.app.sessions.cache.get(sha256Hex(oldToken))).toBe(pending);
    const oldCookies = copyOf(client);

    const code = codeFrom((await lastMailTo(ctx, email, 'Your sign-in code')).text);
    expect((await client.post(securityEndpoints.completeMfa.path, { otp: code })).statusCode).toBe(200);
    expect(client.cookies.get(SESSION_COOKIE)).not.toBe(oldToken);
    expect((await client.profile()).statusCode).toBe(200);
    expect((await oldCookies.profile()).statusCode).toBe(401);
  });

  it('a profile change shows in the next profile call of the same and of other sessions', async () => {
    const { client: first, email } = await signedInCustomer(ctx);
    const second = await signInWithEmailMfa(ctx, email);
    expect((await expectCached(first)).country).toBeNull();
    expect((await expectCached(second)).country).toBeNull();
    const res = await first.post(onboardingEndpoints.updateCountry.path, { country_id: GB });
    expect(res.statusCode, res.body).toBe(200);
    expect(authEndpoints.getProfile.response.parse((await first.profile()).json()).country?.iso2_alpha).toBe('GB');
    expect(authEndpoints.getProfile.response.parse((await second.profile()).json()).country?.iso2_alpha).toBe('GB');
  });

  it('idle and absolute session expiry still apply to cached sessions', async () => {
    const { client } = await signedInCustomer(ctx);
    await expectCached(client);
    ctx.clock.advance(IDLE_MS + 1);
    expect((await client.profile()).statusCode).toBe(401);

    const { client: busy } = await signedInCustomer(ctx);
    await expectCached(busy);
    // active every 25 minutes (never idle) until the 12-hour absolute lifetime is over
    let status = 200;
    for (let i = 0; i < 30 && status === 200; i++) {
      ctx.clock.advance(25 * 60_000);
      status = (await busy.profile()).statusCode;
    }
    expect(status).toBe(401);
  });

  it('a change announced to the customer outside a request (a reviewer, a webhook) drops the cache too', async () => {
    const { client, customer } = await signedInCustomer(ctx);
    await expectCached(client);
    await ctx.db.updateTable('customers').set({ name: 'Ada' }).where('id', '=', customer.id).execute();
    // a transaction event says nothing about the profile: still served from the cache
    await ctx.app.services.uow.committed((after) => after.notify(customer.id, 'TransactionStatusChanged', {}));
    expect((await expectCached(client)).name).toBeNull();
    // a reviewer's decision changes the customer: the writer says so (db/unit-of-work.ts)
    await ctx.app.services.uow.committed((after) =>
      after.customerChanged(customer.id).notify(customer.id, 'DocumentStatusChanged', {}),
    );
    expect(authEndpoints.getProfile.response.parse((await client.profile()).json()).name).toBe('Ada');
    await ctx.app.customerEvents.flush();
  });

  it("a write behind the api's back is seen within a minute at most (the cache bound)", async () => {
    const { client, customer } = await signedInCustomer(ctx);
    await expectCached(client);
    await ctx.db
      .updateTable('sessions')
      .set({ revoked_at: ctx.clock.now() })
      .where('customer_id', '=', customer.id)
      .execute();
    ctx.clock.advance(59_000);
    expect((await client.profile()).statusCode).toBe(200);
    ctx.clock.advance(1_000);
    expect((await client.profile()).statusCode).toBe(401);
  });

  it('does not cache while the invalidations of other instances cannot be heard (Redis unreachable)', async () => {
    const { client } = await signedInCustomer(ctx);
    const sessions = new SessionService({
      db: ctx.db,
      config: ctx.config,
      now: ctx.clock.now,
      profiles: new CustomersService({ db: ctx.db }),
      createBus: (cache) =>
        createRedisInvalidationBus({ url: 'redis://127.0.0.1:1', target: cache, logger: pino({ level: 'silent' }) }),
    });
    try {
      const token = client.cookies.get(SESSION_COOKIE);
      expect(await sessions.authenticate(token)).not.toBeNull();
      expect(await sessions.authenticate(token)).not.toBeNull();
      expect(sessions.cache.enabled).toBe(false);
      expect(sessions.cache.stats()).toMatchObject({ hits: 0, entries: 0 });
    } finally {
      await sessions.close();
    }
  });
});
