// Parallel guessing against every throttle (docs/product/auth-and-sessions.md#throttling): N requests at
// once must let exactly the limit through. Shared by the in-process run (atomic.test.ts, PGlite or
// PostgreSQL with the memory store) and the two-instance run over Redis (atomic-redis.test.ts).
import { MessageBody, ValidationErrorBody, authEndpoints, securityEndpoints, stepUpEndpoints } from '@remit/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { Client, STRONG_PASSWORD, codeFrom, uniqueEmail, type TestContext } from '../helpers.ts';
import { lastMailTo, signedInCustomer, verifiedCustomer } from '../security/helpers.ts';

export interface Instances {
  /** One app, or two apps sharing one database and one Redis (requests alternate between them). */
  apps: () => FastifyInstance[];
  /** A context on the first app (helpers that sign up or sign in). */
  ctx: () => TestContext;
  /**
   * Let throttle windows of up to `ms` end: advance the test clock (memory store), or drop the
   * counters (Redis counts real time).
   */
  advance: (ms: number) => Promise<void>;
}

const WRONG = 'Wrong-password-1';

/** A client on app `i % n`, with the cookies of `from` (another tab, or a replaying attacker). */
function clientOn(inst: Instances, i: number, from?: Client, ip?: string): Client {
  const apps = inst.apps();
  const c = new Client(apps[i % apps.length]!);
  if (from) {
    for (const [k, v] of from.cookies) c.cookies.set(k, v);
    c.ip = from.ip;
  }
  if (ip) c.ip = ip;
  return c;
}

const count = (results: LightMyRequestResponse[], status: number) =>
  results.filter((r) => r.statusCode === status).length;

function expectOnly(results: LightMyRequestResponse[], allowed: number[]): void {
  const other = results.filter((r) => !allowed.includes(r.statusCode));
  expect(
    other.map((r) => `${r.statusCode} ${r.body}`),
    'no other status',
  ).toEqual([]);
}

/**
 * 200 wrong-password sign-ins for one email at once, 10 from each of 20 addresses: exactly the
 * per-email limit is checked against the password (422), every other one is refused (429) before it;
 * the right password is refused until the window ends, then gets in.
 */
export async function parallelWrongPasswords(inst: Instances, perEmailLimit: number, windowMs: number): Promise<void> {
  const ctx = inst.ctx();
  const email = uniqueEmail('target');
  await new Client(ctx.app).signUp(email);
  const clients = Array.from({ length: 200 }, (_, i) => clientOn(inst, i, undefined, `10.20.${i % 20}.7`));
  await Promise.all(clients.map((c) => c.csrf()));
  const results = await Promise.all(clients.map((c) => c.post(authEndpoints.signIn.path, { email, password: WRONG })));
  expectOnly(results, [422, 429]);
  expect(count(results, 422), 'passwords checked').toBe(perEmailLimit);
  expect(count(results, 429)).toBe(200 - perEmailLimit);

  const owner = clientOn(inst, 1, undefined, '10.20.99.1');
  await owner.csrf();
  const refused = await owner.post(authEndpoints.signIn.path, { email, password: STRONG_PASSWORD });
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

  await inst.advance(windowMs + 1000);
  const ok = await owner.post(authEndpoints.signIn.path, { email, password: STRONG_PASSWORD });
  expect(ok.statusCode, ok.body).toBe(200);
}

/** Step-up: 60 wrong passwords at once on one session, exactly 5 checked. */
export async function parallelPasswordReentry(inst: Instances): Promise<void> {
  const { client } = await signedInCustomer(inst.ctx());
  const tabs = Array.from({ length: 60 }, (_, i) => clientOn(inst, i, client));
  const results = await Promise.all(tabs.map((t) => t.post(stepUpEndpoints.stepUp.path, { password: WRONG })));
  expectOnly(results, [422, 429]);
  expect(count(results, 422), 'passwords checked').toBe(5);
  expect(count(results, 429)).toBe(55);
  // the right one is refused while the window lasts
  expect((await client.post(stepUpEndpoints.stepUp.path, { password: STRONG_PASSWORD })).statusCode).toBe(429);
}

/** One mailed code (email verification) guessed 60 times at once: it is compared exactly five times. */
export async function parallelOtpGuesses(inst: Instances): Promise<void> {
  const ctx = inst.ctx();
  const email = uniqueEmail();
  const client = new Client(ctx.app);
  await client.signUp(email);
  const code = codeFrom((await lastMailTo(ctx, email, 'Your verification code')).text);
  const wrong = code === '000000' ? '111111' : '000000';
  const tabs = Array.from({ length: 60 }, (_, i) => clientOn(inst, i, client));
  const results = await Promise.all(tabs.map((t) => t.post(securityEndpoints.verifyEmailAddress.path, { otp: wrong })));
  expectOnly(results, [422, 429]);
  const messages = results
    .filter((r) => r.statusCode === 422)
    .map((r) => ValidationErrorBody.parse(r.json()).errors.otp?.[0]);
  expect(
    messages.filter((m) => m === 'The code is incorrect.'),
    'codes compared',
  ).toHaveLength(5);
  // the code is spent: the right one no longer works
  const late = await client.post(securityEndpoints.verifyEmailAddress.path, { otp: code });
  expect(late.statusCode).toBe(422);
  expect(ValidationErrorBody.parse(late.json()).errors.otp).toEqual([
    'Too many incorrect attempts. Request a new code.',
  ]);
}

/** Ten resends at once after the cooldown: exactly one mails a code. */
export async function parallelResends(inst: Instances): Promise<void> {
  const { email } = await verifiedCustomer(inst.ctx());
  const pending = new Client(inst.ctx().app);
  await pending.signIn(email);
  await inst.advance(61_000);
  const tabs = Array.from({ length: 10 }, (_, i) => clientOn(inst, i, pending));
  const results = await Promise.all(tabs.map((t) => t.post(securityEndpoints.resendMfaOtp.path)));
  expectOnly(results, [200, 429]);
  expect(count(results, 200), 'codes mailed').toBe(1);
}

/** Fifty sign-ups with one taken address at once: exactly the per-email limit is answered, the rest 429. */
export async function parallelTakenSignUps(inst: Instances, perEmailLimit: number): Promise<void> {
  const ctx = inst.ctx();
  const email = uniqueEmail('taken');
  await new Client(ctx.app).signUp(email);
  await inst.advance(60 * 60_000 + 1000); // the owner's own sign-up counted for the address too
  const clients = Array.from({ length: 50 }, (_, i) => clientOn(inst, i, undefined, `10.30.${i}.1`));
  await Promise.all(clients.map((c) => c.csrf()));
  const results = await Promise.all(
    clients.map((c) =>
      c.post(authEndpoints.signUp.path, { email, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD }),
    ),
  );
  expectOnly(results, [422, 429]);
  expect(count(results, 422)).toBe(perEmailLimit);
  for (const r of results.filter((x) => x.statusCode === 429)) {
    expect(MessageBody.parse(r.json()).message).toMatch(/^Too many sign-up attempts\. Try again in .+\.$/);
  }
}
