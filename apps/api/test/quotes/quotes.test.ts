// Quotes and limits (docs/product/money-movement.md#quotes, #limits): ownership, by send and by
// receive amount, figures that add up, a property over every seeded corridor, expiry, refresh with
// what changed, stale rates, corridor bounds and limit notices, the verification warning, limits by
// level, and 422s on bad input.
import {
  Limits,
  Quote,
  ValidationErrorBody,
  applyMargin,
  buildPath,
  convert,
  limitsEndpoints,
  money,
  parseRate,
  quotesEndpoints as e,
  type CurrencyCode,
  type Task,
} from '@remit/contract';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { corridorCatalog } from '../../src/modules/corridors/corridor-catalog.ts';
import { TASKS } from '../../src/modules/tasks/tasks.service.ts';
import { Client, useTestApp } from '../helpers.ts';

const ctx = useTestApp();
const START = new Date('2030-01-01T09:00:00.000Z');

beforeEach(() => {
  ctx.clock.set(START);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await ctx.db.deleteFrom('fx_rates').where('source', '=', 'quotes-test').execute();
});

async function customer(): Promise<Client> {
  const client = new Client(ctx.app);
  await client.signUp();
  return client;
}

const KE_WALLET = {
  source_currency: 'GBP',
  target_country: 'KE',
  target_currency: 'KES',
  payout_method: 'mobile_wallet',
};

async function quote(client: Client, body: object): Promise<Quote> {
  const res = await client.post(e.createQuote.path, body);
  expect(res.statusCode, res.body).toBe(201);
  return Quote.parse(res.json());
}

async function invalid(res: { statusCode: number; body: string; json(): unknown }): Promise<Record<string, string[]>> {
  expect(res.statusCode, res.body).toBe(422);
  return ValidationErrorBody.parse(res.json()).errors;
}

/** Every figure of a quote agrees with the money core. */
function expectFiguresAddUp(q: Quote): void {
  const source = BigInt(q.source_amount);
  const fee = BigInt(q.fee.total);
  expect(q.fee.items.reduce((sum, i) => sum + BigInt(i.amount), 0n)).toBe(fee);
  expect(BigInt(q.total_to_pay)).toBe(source + fee);
  const converted = (amount: bigint) =>
    convert(money(amount, q.source_currency as CurrencyCode), parseRate(q.rate), q.target_currency as CurrencyCode)
      .amount;
  if (q.quoted_by === 'source_amount') {
    expect(q.target_amount).toBe(converted(source).toString());
  } else {
    // The recipient gets exactly the amount asked, bought by the smallest source that converts to at
    // least it; what it converts to beyond (under one minor unit of the source) is ours.
    expect(converted(source)).toBeGreaterThanOrEqual(BigInt(q.target_amount));
    expect(converted(source - 1n)).toBeLessThan(BigInt(q.target_amount));
  }
  const corridor = corridorCatalog.corridor(q.source_currency, q.target_country, q.target_currency, q.payout_method)!;
  expect(parseRate(q.rate)).toEqual(applyMargin(parseRate(q.mid_market_rate), corridor.marginBps));
  const chosen = q.pay_in_options.find((o) => o.method === q.pay_in_method)!;
  expect(chosen.total_to_pay).toBe(q.total_to_pay);
  const payInItem = q.fee.items.find((i) => i.type === 'pay_in_fee')!;
  for (const option of q.pay_in_options) {
    expect(BigInt(option.total_to_pay)).toBe(source + fee - BigInt(payInItem.amount) + BigInt(option.fee));
  }
}

function tasks(done: (code: Task['code']) => boolean): Task[] {
  return TASKS.map((t) => ({ ...t, status: done(t.code) ? 'completed' : 'pending' }));
}

describe('POST /client/v1/quotes', () => {
  it('quotes by send amount: the figures add up, with fee items, pay-in options and a 30-minute lock', async () => {
    const client = await customer();
    const q = await quote(client, { ...KE_WALLET, source_amount: '10000' });
    expect(q).toMatchObject({
      status: 'active',
      ...KE_WALLET,
      quoted_by: 'source_amount',
      source_amount: '10000',
      pay_in_method: 'bank_transfer',
      delivery_estimate: 'Usually within minutes',
      refreshed_from: null,
      changes: [],
      created_at: START.toISOString(),
      expires_at: '2030-01-01T09:30:00.000Z',
    });
    // Our fee: 0.79 GBP + 0.45 % of 100 GBP = 1.24 GBP; bank transfer free; card 1 %.
    expect(q.fee).toEqual({
      total: '124',
      items: [
        { type: 'our_fee', label: 'Our fee', amount: '124' },
        { type: 'pay_in_fee', label: 'Bank transfer fee', amount: '0' },
      ],
    });
    expect(q.total_to_pay).toBe('10124');
    expect(q.pay_in_options).toEqual([
      { method: 'bank_transfer', fee: '0', total_to_pay: '10124', available: true, reason: null },
      { method: 'card', fee: '100', total_to_pay: '10224', available: true, reason: null },
    ]);
    expectFiguresAddUp(q);
    expect(q.notices.map((n) => n.code)).toEqual(['verification_needed', 'rate_date']);
  });

  it('quotes by receive amount: exactly the amount asked, from the smallest source that gives at least it', async () => {
    const client = await customer();
    const q = await quote(client, {
      source_currency: 'EUR',
      target_country: 'PH',
      target_currency: 'PHP',
      payout_method: 'cash_pickup',
      target_amount: '500000',
    });
    expect(q.quoted_by).toBe('target_amount');
    expect(q.target_amount).toBe('500000');
    const rate = parseRate(q.rate);
    const lessOne = convert(money(BigInt(q.source_amount) - 1n, 'EUR'), rate, 'PHP');
    expect(lessOne.amount).toBeLessThan(500000n);
    expect(q.fee.items.map((i) => i.type)).toEqual(['our_fee', 'partner_fee', 'pay_in_fee']);
    expect(q.fee.items[1]).toEqual({ type: 'partner_fee', label: 'Cash pickup partner fee', amount: '229' });
    expectFiguresAddUp(q);
  });

  it('converts across exponents (GBP 2 decimals to KRW and VND 0, UGX 0) both ways', async () => {
    const client = await customer();
    const krw = await quote(client, {
      source_currency: 'GBP',
      target_country: 'KR',
      target_currency: 'KRW',
      payout_method: 'bank_account',
      source_amount: '12345',
    });
    expectFiguresAddUp(krw);
    expect(BigInt(krw.target_amount)).toBeGreaterThan(200_000n); // 123.45 GBP is over 200,000 won
    const vnd = await quote(client, {
      source_currency: 'USD',
      target_country: 'VN',
      target_currency: 'VND',
      payout_method: 'bank_account',
      target_amount: '5000000',
    });
    expectFiguresAddUp(vnd);
    expect(vnd.target_amount).toBe('5000000');
    const ugx = await quote(client, {
      source_currency: 'AED',
      target_country: 'UG',
      target_currency: 'UGX',
      payout_method: 'mobile_wallet',
      target_amount: '100000',
    });
    expectFiguresAddUp(ugx);
  });

  it(
    'holds over random amounts on every seeded corridor (never negative, under mid; by receive amount exactly what was asked)',
    { timeout: 60_000 },
    async () => {
      const client = await customer();
      const corridors = corridorCatalog.all();
      expect(corridors.length).toBeGreaterThan(200);
      // Every corridor, two random amounts each (one of them asked as the amount received, most likely).
      for (const [index, c] of corridors.entries()) {
        await fc.assert(
          fc.asyncProperty(fc.boolean(), fc.bigInt({ min: 1n, max: 10n ** 9n }), async (bySource, amount) => {
            const body = {
              source_currency: c.sendCurrency,
              target_country: c.country,
              target_currency: c.currency,
              payout_method: c.method,
              [bySource ? 'source_amount' : 'target_amount']: amount.toString(),
            };
            const q = await quote(client, body);
            for (const figure of [q.source_amount, q.target_amount, q.fee.total, q.total_to_pay]) {
              expect(BigInt(figure)).toBeGreaterThanOrEqual(0n);
            }
            expectFiguresAddUp(q);
            const atMid = convert(
              money(BigInt(q.source_amount), c.sendCurrency),
              parseRate(q.mid_market_rate),
              c.currency,
            );
            expect(BigInt(q.target_amount)).toBeLessThanOrEqual(atMid.amount);
            if (bySource) expect(q.source_amount).toBe(amount.toString());
            else expect(q.target_amount).toBe(amount.toString());
          }),
          { numRuns: 2, seed: 20_301_123 + index },
        );
      }
    },
  );

  it('refuses bad input with 422s', async () => {
    const client = await customer();
    const post = (body: object) => client.post(e.createQuote.path, body);
    expect((await invalid(await post({ ...KE_WALLET }))).source_amount).toEqual([
      'Enter the amount to send or the amount to receive.',
    ]);
    expect(
      (await invalid(await post({ ...KE_WALLET, source_amount: '100', target_amount: '100' }))).source_amount,
    ).toEqual(['Give the amount to send or the amount to receive, not both.']);
    expect(await invalid(await post({ ...KE_WALLET, source_amount: '12.50' }))).toHaveProperty('source_amount');
    expect(await invalid(await post({ ...KE_WALLET, source_amount: 1250 }))).toHaveProperty('source_amount');
    expect((await invalid(await post({ ...KE_WALLET, target_amount: '0' }))).target_amount).toEqual([
      'Enter an amount above zero.',
    ]);
    expect(await invalid(await post({ ...KE_WALLET, source_amount: '-5' }))).toHaveProperty('source_amount');
    expect(
      (await invalid(await post({ ...KE_WALLET, source_currency: 'XYZ', source_amount: '100' }))).source_currency,
    ).toEqual(["We don't send from XYZ."]);
    expect(
      (await invalid(await post({ ...KE_WALLET, source_currency: 'KES', source_amount: '100' }))).source_currency,
    ).toEqual(["We don't send from KES."]);
    expect(
      (await invalid(await post({ ...KE_WALLET, target_country: 'ZZ', source_amount: '100' }))).target_country,
    ).toEqual(["We don't send to ZZ."]);
    expect(
      (await invalid(await post({ ...KE_WALLET, target_currency: 'USD', source_amount: '100' }))).target_currency,
    ).toEqual(["We don't pay out USD in Kenya."]);
    expect(await invalid(await post({ ...KE_WALLET, payout_method: 'pigeon', source_amount: '100' }))).toHaveProperty(
      'payout_method',
    );
    expect(
      (await invalid(await post({ ...KE_WALLET, target_country: 'IN', target_currency: 'INR', source_amount: '100' })))
        .payout_method,
    ).toEqual(["We don't pay out INR in India by mobile_wallet."]);
    // Lower case is accepted.
    expect((await quote(client, { ...KE_WALLET, target_country: 'ke', source_amount: '100' })).target_country).toBe(
      'KE',
    );
    // Signed out: refused (no anti-forgery token).
    expect(
      (await new Client(ctx.app).post(e.createQuote.path, { ...KE_WALLET, source_amount: '100' })).statusCode,
    ).toBe(419);
  });

  it('refuses a quote on a rate older than 72 hours, with the message', async () => {
    ctx.clock.set(new Date(START.getTime() + 73 * 3_600_000));
    const client = await customer();
    const errors = await invalid(await client.post(e.createQuote.path, { ...KE_WALLET, source_amount: '10000' }));
    expect(errors.target_currency?.[0]).toMatch(
      /^We can't quote GBP to KES right now: our latest exchange rate is from 2030-01-01 09:00 UTC, more than 72 hours ago\./,
    );
  });
});

describe('notices', () => {
  it('blocks amounts outside the corridor, with the bounds in words', async () => {
    const client = await customer();
    const low = await quote(client, { ...KE_WALLET, source_amount: '50' });
    expect(low.notices.find((n) => n.code === 'below_corridor_minimum')).toEqual({
      type: 'blocked',
      code: 'below_corridor_minimum',
      text: expect.stringMatching(
        /^This is below the smallest transfer to Kenya to a mobile wallet: send at least 1\.00 GBP/,
      ),
      link: null,
      // The figures, for an app to word the notice in the customer's language.
      params: {
        min_send: '100',
        send_currency: 'GBP',
        min_receive: expect.stringMatching(/^\d+$/),
        target_currency: 'KES',
      },
    });
    const high = await quote(client, { ...KE_WALLET, source_amount: '300000' });
    const notice = high.notices.find((n) => n.code === 'above_corridor_maximum');
    expect(notice?.type).toBe('blocked');
    expect(notice?.text).toContain('send at most 2000.00 GBP and have the recipient get at most 250000.00 KES');
    // Cards stop at 2,000 GBP, with the reason.
    const card = high.pay_in_options.find((o) => o.method === 'card');
    expect(card).toMatchObject({ available: false });
    expect(card?.reason).toBe('Cards can pay up to 2000.00 GBP per transfer: pay this amount by bank transfer.');
  });

  it('blocks over the per-transfer limit and over the 30-day limit (GBP at mid-market)', async () => {
    const client = await customer();
    const eur = { source_currency: 'EUR', target_country: 'DE', target_currency: 'EUR', payout_method: 'bank_account' };
    const over = await quote(client, { ...eur, source_amount: '1150000' });
    expect(over.notices.find((n) => n.code === 'over_per_transfer_limit')).toMatchObject({
      type: 'blocked',
      params: { limit: '1000000', limit_currency: 'GBP', amount: '1150000', currency: 'EUR' },
      text: expect.stringMatching(
        /^This is over your limit of 10000\.00 GBP per transfer \(11500\.00 EUR is about 10\d{3}\.\d\d GBP\)\.$/,
      ),
    });
    expect(over.notices.some((n) => n.code.startsWith('above_corridor'))).toBe(false);
    expect(over.pay_in_options.find((o) => o.method === 'card')?.reason).toMatch(
      /^Cards can pay up to 2\d{3}\.\d\d EUR \(2000\.00 GBP\) per transfer: pay this amount by bank transfer\.$/,
    );
    const fine = await quote(client, { ...KE_WALLET, source_amount: '100000' });
    expect(fine.notices.some((n) => n.type === 'blocked')).toBe(false);
    vi.spyOn(ctx.app.services.limits, 'used').mockResolvedValue(2_450_000n);
    const monthly = await quote(client, { ...KE_WALLET, source_amount: '100000' });
    expect(monthly.notices.find((n) => n.code === 'over_30_day_limit')).toEqual({
      type: 'blocked',
      code: 'over_30_day_limit',
      text: 'This is over your 30-day limit of 25000.00 GBP: 24500.00 GBP already counts against it (your transfers of the last 30 days, unpaid ones included).',
      link: '/limits',
      params: { limit: '2500000', limit_currency: 'GBP', used: '2450000' },
    });
  });

  it('warns an unverified customer what to finish before sending, and not a verified one', async () => {
    const client = await customer();
    const q = await quote(client, { ...KE_WALLET, source_amount: '10000' });
    const warning = q.notices.find((n) => n.code === 'verification_needed');
    expect(warning).toMatchObject({ type: 'warning', link: '/workflow/onboarding' });
    expect(warning?.params.missing?.split(',')).toEqual(
      expect.arrayContaining(['verify_email', 'account_verification']),
    );
    expect(warning?.text).toMatch(/^Before you can send, finish: Verify your email: Enter the code we emailed you\./);
    expect(q.notices.find((n) => n.code === 'rate_date')).toEqual({
      type: 'info',
      code: 'rate_date',
      text: `Mid-market rate of 2030-01-01 09:00 UTC; our rate is locked until 2030-01-01 09:30 UTC. The recipient gets ${(BigInt(q.target_amount) / 100n).toString()}.${q.target_amount.slice(-2)} KES.`,
      link: null,
      params: {
        as_of: '2030-01-01T09:00:00.000Z',
        locked_until: '2030-01-01T09:30:00.000Z',
        target_amount: q.target_amount,
        target_currency: 'KES',
      },
    });

    vi.spyOn(ctx.app.services.tasks, 'list').mockReturnValue(tasks(() => true));
    const verified = await quote(client, { ...KE_WALLET, source_amount: '10000' });
    expect(verified.notices.map((n) => n.code)).toEqual(['rate_date']);
  });
});

describe('GET /client/v1/quotes/{id} and refresh', () => {
  it('reads only the owner’s quotes: another customer’s, an unknown and a malformed id are 404', async () => {
    const owner = await customer();
    const q = await quote(owner, { ...KE_WALLET, source_amount: '10000' });
    const path = buildPath(e.getQuote.path, { id: q.id });
    const mine = await owner.get(path);
    expect(mine.statusCode).toBe(200);
    expect(Quote.parse(mine.json())).toEqual(q);
    expect(mine.headers['cache-control']).toBe('no-store');

    const other = await customer();
    expect((await other.get(path)).statusCode).toBe(404);
    expect((await other.post(buildPath(e.refreshQuote.path, { id: q.id }))).statusCode).toBe(404);
    expect(
      (await owner.get(buildPath(e.getQuote.path, { id: '00000000-0000-4000-8000-000000000000' }))).statusCode,
    ).toBe(404);
    expect((await owner.get(buildPath(e.getQuote.path, { id: 'not-a-uuid' }))).statusCode).toBe(404);
    expect((await owner.post(buildPath(e.refreshQuote.path, { id: 'x' }))).statusCode).toBe(404);
  });

  it('expires after 30 minutes and stays readable', async () => {
    const client = await customer();
    const q = await quote(client, { ...KE_WALLET, source_amount: '10000' });
    ctx.clock.advance(29 * 60_000);
    expect(Quote.parse((await client.get(buildPath(e.getQuote.path, { id: q.id }))).json()).status).toBe('active');
    ctx.clock.advance(2 * 60_000);
    const res = await client.get(buildPath(e.getQuote.path, { id: q.id }));
    expect(res.statusCode).toBe(200);
    expect(Quote.parse(res.json())).toEqual({ ...q, status: 'expired' });
  });

  it('refresh makes a new quote for the same request and says what changed', async () => {
    const client = await customer();
    const q = await quote(client, { ...KE_WALLET, target_amount: '1000000' });
    ctx.clock.advance(29 * 60_000);
    await client.profile(); // the session stays alive (30 minutes idle)
    ctx.clock.advance(2 * 60_000);
    // The shilling moved: a new EUR→KES rate, fetched after the others.
    await ctx.db
      .insertInto('fx_rates')
      .values({
        base: 'EUR',
        currency: 'KES',
        rate: '160.5',
        as_of: ctx.clock.now(),
        source: 'quotes-test',
        fetched_at: ctx.clock.now(),
      })
      .execute();
    const res = await client.post(buildPath(e.refreshQuote.path, { id: q.id }));
    expect(res.statusCode, res.body).toBe(201);
    const fresh = Quote.parse(res.json());
    expect(fresh.id).not.toBe(q.id);
    expect(fresh).toMatchObject({ status: 'active', refreshed_from: q.id, quoted_by: 'target_amount', ...KE_WALLET });
    // Asked by receive amount: the recipient still gets exactly that; what it costs changed.
    expect(fresh.target_amount).toBe('1000000');
    expectFiguresAddUp(fresh);
    const fields = fresh.changes.map((c) => c.field);
    expect(fields).toEqual(expect.arrayContaining(['rate', 'mid_market_rate', 'source_amount']));
    expect(fields).not.toContain('target_amount');
    expect(fresh.changes.find((c) => c.field === 'rate')).toEqual({ field: 'rate', from: q.rate, to: fresh.rate });
    // The old one is unchanged (expired); the new one reads back the same.
    expect(Quote.parse((await client.get(buildPath(e.getQuote.path, { id: q.id }))).json()).status).toBe('expired');
    expect(Quote.parse((await client.get(buildPath(e.getQuote.path, { id: fresh.id }))).json())).toEqual(fresh);
  });
});

describe('GET /client/v1/limits', () => {
  it('answers the level, the limits in GBP, what is used and what to finish', async () => {
    const client = await customer();
    const get = async () => {
      const res = await client.get(limitsEndpoints.getLimits.path);
      expect(res.statusCode, res.body).toBe(200);
      return Limits.parse(res.json());
    };
    const unverified = await get();
    expect(unverified).toMatchObject({
      level: 'unverified',
      per_transfer: { amount: '1000000', currency: 'GBP' },
      rolling_30_days: { amount: '2500000', used: '0', remaining: '2500000', currency: 'GBP' },
      can_send: false,
    });
    expect(unverified.missing[0]).toEqual({
      code: 'verify_email',
      text: 'Verify your email: Enter the code we emailed you.',
      link: '/workflow/onboarding',
    });
    expect(unverified.missing.at(-1)).toMatchObject({ code: 'account_verification', link: '/account-verification' });

    vi.spyOn(ctx.app.services.tasks, 'list').mockReturnValue(tasks((code) => code !== 'account_verification'));
    const basic = await get();
    expect(basic).toMatchObject({ level: 'basic', can_send: false });
    expect(basic.missing).toEqual([
      {
        code: 'account_verification',
        text: 'Verify your account: Upload the documents your country requires and have them approved.',
        link: '/account-verification',
      },
    ]);

    vi.spyOn(ctx.app.services.tasks, 'list').mockReturnValue(tasks(() => true));
    vi.spyOn(ctx.app.services.limits, 'used').mockResolvedValue(400_000n);
    expect(await get()).toEqual({
      level: 'verified',
      per_transfer: { amount: '1000000', currency: 'GBP' },
      rolling_30_days: { amount: '2500000', used: '400000', remaining: '2100000', currency: 'GBP', counted: [] },
      can_send: true,
      missing: [],
    });
    expect((await new Client(ctx.app).get(limitsEndpoints.getLimits.path)).statusCode).toBe(401);
  });
});
