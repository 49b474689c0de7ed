// Sign-up on shared networks (docs/product/auth-and-sessions.md#sign-up-on-shared-networks): hundreds of
// honest sign-ups from one carrier NAT pass (paying a small proof of work once the address is busy), a
// browser that keeps its device cookie is limited per browser, one that drops it pays a difficulty
// rising with the address's count; a proof is bound to its address, expires and is used once, on any
// instance; the per-email limit and the "already taken" answer stay; far above 300 the address is refused.
import { MessageBody, ProofOfWorkRequiredBody, authEndpoints } from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { RedisRateLimitStore, bucket } from '../../src/lib/throttle/index.ts';
import { Client, STRONG_PASSWORD, uniqueEmail, useTestApp } from '../helpers.ts';
import { signUpSolving, solve, wrongNonce } from './proof-of-work-solver.ts';

// The production ceilings (500 an hour per address, 5 per email, 5 per browser); an easier first
// proof than production's 12 bits so the test's solver stays fast, the same escalation.
const BASE = 4;
const ctx = useTestApp({
  env: { SIGNUP_POW_FREE_PER_IP: '5', SIGNUP_POW_BASE_BITS: String(BASE), SIGNUP_POW_MAX_BITS: '16' },
});

const TAKEN = 'The email has already been taken.';
const form = (email: string) => ({ email, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD });

/** A browser on `ip` with the anti-forgery cookie (and no device cookie). */
async function browser(ip: string, app: FastifyInstance = ctx.app): Promise<Client> {
  const c = new Client(app);
  c.ip = ip;
  await c.csrf();
  return c;
}

/** A new browser (no device cookie) signs up from `ip`, solving what it is asked. */
async function newBrowserSignsUp(ip: string, email = uniqueEmail('nat')) {
  return signUpSolving(await browser(ip), form(email));
}

/** An address that already had `n` sign-ups this hour (from `n` new browsers). */
async function busy(ip: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) expect((await newBrowserSignsUp(ip)).statusCode).toBe(201);
}

/** The 428 of a sign-up without a proof. */
async function challengeFor(c: Client, email = uniqueEmail('nat')): Promise<ProofOfWorkRequiredBody> {
  const res = await c.post(authEndpoints.signUp.path, form(email));
  expect(res.statusCode, res.body).toBe(428);
  return ProofOfWorkRequiredBody.parse(res.json());
}

function expectRefused(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.statusCode).toBe(429);
  expect(MessageBody.parse(res.json()).message).toMatch(/^Too many sign-up attempts\. Try again in .+\.$/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sign-up on a shared network', () => {
  it('the 21st sign-up of the hour from one address is created (the old limit of 20 refused it)', async () => {
    for (let i = 0; i < 21; i++) {
      const r = await newBrowserSignsUp('198.51.100.21');
      expect(r.statusCode, `sign-up ${i + 1}: ${r.res.body}`).toBe(201);
    }
  });

  // 300 real sign-ups (a password hash each): about 10 s alone, more on a busy machine.
  it(
    '300 sign-ups from one address within an hour all pass; the proof asked grows with log2 of the count; far above, 429',
    { timeout: 120_000 },
    async () => {
      // one browser dropping its device cookie after each sign-up: 300 new browsers to the api
      const c = await browser('203.0.113.7');
      const asked: number[][] = [];
      for (let i = 0; i < 300; i++) {
        c.cookies.delete('remit_device');
        const r = await signUpSolving(c, form(uniqueEmail('nat')));
        expect(r.statusCode, `sign-up ${i + 1}: ${r.res.body}`).toBe(201);
        asked.push(r.difficulties);
        ctx.clock.advance(5_000); // 300 sign-ups over 25 minutes
      }
      // the first five are free, then one proof each: base bits + floor(log2(count / 5))
      expect(asked.slice(0, 5)).toEqual(Array(5).fill([]));
      const expected = (count: number) => BASE + Math.floor(Math.log2(Math.floor(count / 5)));
      for (let i = 5; i < 300; i++) expect(asked[i], `sign-up ${i + 1}`).toEqual([expected(i)]);
      expect(asked[5]).toEqual([BASE]);
      expect(asked[299]).toEqual([BASE + 5]);

      // The ceiling (500 an hour) still refuses a flood from one address: 199 more counted straight in
      // the store (the same as 199 more sign-ups, faster), the 500th is created, the 501st refused.
      const ipBucket = bucket('signup:ip', '203.0.113.7', ctx.config.signUpThrottle.perIp);
      for (let i = 0; i < 199; i++) await ctx.store.hit(ipBucket.key, ipBucket.windowMs);
      expect(ctx.config.signUpThrottle.perIp.max).toBe(500);
      const last = await newBrowserSignsUp('203.0.113.7');
      expect(last.statusCode).toBe(201);
      expect(last.difficulties).toEqual([BASE + 6]);
      const refused = await newBrowserSignsUp('203.0.113.7');
      expect(refused.difficulties).toEqual([]); // refused before any work is asked
      expectRefused(refused.res);
      // another address of the same carrier is not affected
      expect((await newBrowserSignsUp('203.0.113.8')).statusCode).toBe(201);
    },
  );

  it('a browser keeping its device cookie creates at most 5 accounts an hour, whatever its address', async () => {
    const c = await browser('10.60.0.1');
    for (let i = 0; i < 5; i++) {
      c.ip = `10.60.${i}.1`;
      const r = await signUpSolving(c, form(uniqueEmail('family')));
      expect(r.statusCode, r.res.body).toBe(201);
      expect(c.cookies.get('remit_device')).toBeTruthy();
    }
    c.ip = '10.60.9.1';
    const refused = await signUpSolving(c, form(uniqueEmail('family')));
    expectRefused(refused.res);
    // another browser on the same network signs up
    expect((await newBrowserSignsUp('10.60.9.1')).statusCode).toBe(201);
    // a made-up device cookie counts like none
    const forged = await browser('10.60.9.2');
    forged.cookies.set('remit_device', `${'A'.repeat(22)}.${'B'.repeat(43)}`);
    expect((await signUpSolving(forged, form(uniqueEmail('forged')))).statusCode).toBe(201);
    // the next hour the browser signs up again
    ctx.clock.advance(60 * 60_000 + 1000);
    expect((await signUpSolving(c, form(uniqueEmail('family')))).statusCode).toBe(201);
  });

  it('a browser dropping its cookie pays a difficulty rising with the address count; one keeping it pays its own', async () => {
    const family = await browser('10.61.0.1');
    expect((await signUpSolving(family, form(uniqueEmail('family')))).statusCode).toBe(201);

    const asked: number[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await newBrowserSignsUp('10.61.1.1');
      expect(r.statusCode).toBe(201);
      asked.push(...r.difficulties);
    }
    // counts 5-9: base, 10-19: base + 1, 20-39: base + 2
    expect(asked).toEqual([...Array(5).fill(BASE), ...Array(10).fill(BASE + 1), ...Array(20).fill(BASE + 2)]);

    // the known browser on the same busy address: its second account costs base + 1, not base + 3
    family.ip = '10.61.1.1';
    const known = await signUpSolving(family, form(uniqueEmail('family')));
    expect(known.statusCode).toBe(201);
    expect(known.difficulties).toEqual([BASE + 1]);
    // dropping the cookie: the address's difficulty again (count 41: base + 3)
    family.cookies.delete('remit_device');
    const dropped = await signUpSolving(family, form(uniqueEmail('family')));
    expect(dropped.statusCode).toBe(201);
    expect(dropped.difficulties).toEqual([BASE + 3]);
  });

  it('asks for the proof in the request language, the same for a taken and a new email (no enumeration)', async () => {
    const owner = uniqueEmail('owner');
    expect((await newBrowserSignsUp('10.62.9.9', owner)).statusCode).toBe(201);
    await busy('10.62.0.1', 5);
    const c = await browser('10.62.0.1');
    const forTaken = await challengeFor(c, owner);
    const forNew = await challengeFor(c);
    expect({ ...forTaken, challenge: '' }).toEqual({ ...forNew, challenge: '' });
    expect(forNew).toEqual({
      message: 'Checking your connection. Send the sign-up again with the proof of work.',
      code: 'proof_of_work_required',
      challenge: expect.stringMatching(/^\d+\.\d+\.[\w-]{22}\.[\w-]{43}$/),
      difficulty: BASE,
    });
    const fr = await c.post(authEndpoints.signUp.path, form(uniqueEmail()), { 'accept-language': 'fr' });
    expect(fr.statusCode).toBe(428);
    expect(fr.json().message).toBe(
      'Vérification de votre connexion. Renvoyez l’inscription avec la preuve de travail.',
    );
    // the answer after the proof is the seed's 422 for the taken email
    const taken = await signUpSolving(c, form(owner));
    expect(taken.statusCode).toBe(422);
    expect(taken.res.json()).toEqual({ message: TAKEN, errors: { email: [TAKEN] } });
  });

  it('a replayed, forged, expired, too easy, wrong or moved proof is refused (a new challenge is asked)', async () => {
    await busy('10.63.0.1', 5);
    await busy('10.63.0.2', 5);
    const c = await browser('10.63.0.1');
    const post = (proof: { challenge: string; nonce: string }, client = c) =>
      client.post(authEndpoints.signUp.path, { ...form(uniqueEmail('pow')), proof_of_work: proof });

    const first = await challengeFor(c);
    const proof = solve(first.challenge, first.difficulty);
    expect((await post(proof)).statusCode).toBe(201);
    // replayed, from the same or another browser
    expect((await post(proof)).statusCode).toBe(428);
    expect((await post(proof, await browser('10.63.0.1'))).statusCode).toBe(428);

    // moved to another address
    const other = await challengeFor(c);
    expect((await post(solve(other.challenge, other.difficulty), await browser('10.63.0.2'))).statusCode).toBe(428);

    // forged: an easier difficulty, a made-up mac, a later expiry
    const { challenge, difficulty } = await challengeFor(c);
    const [expires, bits, random, mac] = challenge.split('.') as [string, string, string, string];
    for (const forged of [
      `${expires}.0.${random}.${mac}`,
      `${expires}.${bits}.${random}.${'A'.repeat(43)}`,
      `${Number(expires) + 3_600_000}.${bits}.${random}.${mac}`,
    ]) {
      expect((await post(solve(forged, 0))).statusCode).toBe(428);
    }
    // a wrong nonce (one that does not meet the difficulty)
    expect((await post({ challenge, nonce: wrongNonce(challenge, difficulty) })).statusCode).toBe(428);

    // the untouched challenge, solved, passes
    expect((await post(solve(challenge, difficulty))).statusCode).toBe(201);

    // too easy: asked at the base difficulty, answered once the address needs one bit more
    const fresh = await browser('10.63.0.1'); // c is a known browser by now: it pays its own count
    const easy = await challengeFor(fresh);
    expect(easy.difficulty).toBe(BASE);
    const ipBucket = bucket('signup:ip', '10.63.0.1', ctx.config.signUpThrottle.perIp);
    for (let i = 0; i < 5; i++) await ctx.store.hit(ipBucket.key, ipBucket.windowMs);
    const tooEasy = await post(solve(easy.challenge, easy.difficulty), fresh);
    expect(tooEasy.statusCode).toBe(428);
    expect(ProofOfWorkRequiredBody.parse(tooEasy.json()).difficulty).toBe(BASE + 1);

    // expired: a challenge answers for 5 minutes
    const late = await challengeFor(c);
    const lateProof = solve(late.challenge, late.difficulty);
    ctx.clock.advance(5 * 60_000 + 1000);
    expect((await post(lateProof)).statusCode).toBe(428);
  });

  it('one target email: 5 tries an hour whatever the browser and the address', async () => {
    const email = uniqueEmail('owner');
    expect((await newBrowserSignsUp('10.64.0.1', email)).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) {
      const r = await newBrowserSignsUp(`10.64.1.${i}`, email);
      expect(r.res.json()).toEqual({ message: TAKEN, errors: { email: [TAKEN] } });
    }
    expectRefused((await newBrowserSignsUp('10.64.2.1', email)).res);
  });
});

describe('a proof of work is used once across instances sharing the rate-limit store', () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  let second: FastifyInstance;
  let redisApps: FastifyInstance[] = [];
  beforeAll(async () => {
    second = await buildApp(ctx.config, { db: ctx.db, now: ctx.clock.now, rateLimitStore: ctx.store, jobsPollMs: 0 });
    await second.ready();
    if (redisUrl) {
      const prefix = `remit:test:pow:${process.pid}:${Date.now()}:`;
      redisApps = await Promise.all(
        [0, 1].map(() =>
          buildApp(ctx.config, {
            db: ctx.db,
            now: ctx.clock.now,
            rateLimitStore: new RedisRateLimitStore(new Redis(redisUrl), prefix),
            jobsPollMs: 0,
          }),
        ),
      );
      await Promise.all(redisApps.map((a) => a.ready()));
    }
  });
  afterAll(async () => {
    await Promise.all([second, ...redisApps].map((a) => a?.close()));
  });

  async function sameProofOnEach(apps: FastifyInstance[], ip: string): Promise<number[]> {
    for (let i = 0; i < 5; i++) {
      expect((await signUpSolving(await browser(ip, apps[i % apps.length]), form(uniqueEmail()))).statusCode).toBe(201);
    }
    const asked = await challengeFor(await browser(ip, apps[0]));
    const proof = solve(asked.challenge, asked.difficulty);
    const clients = await Promise.all(apps.flatMap((a) => [browser(ip, a), browser(ip, a)]));
    const results = await Promise.all(
      clients.map((c) => c.post(authEndpoints.signUp.path, { ...form(uniqueEmail('pow')), proof_of_work: proof })),
    );
    return results.map((r) => r.statusCode).sort();
  }

  it('two instances, one store: the same proof at once creates one account', async () => {
    expect(await sameProofOnEach([ctx.app, second], '10.65.0.1')).toEqual([201, 428, 428, 428]);
  });

  it.skipIf(!redisUrl)(
    'two instances sharing Redis (TEST_REDIS_URL): the same proof at once creates one account',
    async () => {
      expect(await sameProofOnEach(redisApps, '10.65.0.2')).toEqual([201, 428, 428, 428]);
    },
  );
});
