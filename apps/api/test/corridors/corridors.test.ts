// Corridors (docs/product/money-movement.md#corridors): the seeded destinations, payout methods,
// limits and fees, GET /client/v1/corridors, and the embedded default's rates (the sandbox provider:
// the snapshot's values, dated at each refresh) for every pair a customer can ask for.
import { corridorsEndpoints as e, SEND_CURRENCIES, type CurrencyCode } from '@remit/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../src/db/seeds/index.ts';
import { RATES_SNAPSHOT } from '../../src/db/seeds/rates-snapshot.ts';
import { corridorCatalog } from '../../src/modules/corridors/corridor-catalog.ts';
import { Client, useTestApp } from '../helpers.ts';

const ctx = useTestApp();

async function corridors() {
  const c = new Client(ctx.app);
  await c.signUp();
  const res = await c.get(e.listCorridors.path);
  expect(res.statusCode, res.body).toBe(200);
  return e.listCorridors.response.parse(res.json());
}

async function referenceRows() {
  const methods = await ctx.db
    .selectFrom('corridor_payout_methods')
    .select(['id', 'country', 'currency', 'method', sql<string>`min_amount::text`.as('min'), 'providers', 'position'])
    .orderBy('id')
    .execute();
  const lanes = await ctx.db
    .selectFrom('corridors')
    .select(['id', 'send_currency', 'payout_method_id', sql<string>`fee_fixed::text`.as('fee'), 'margin_bps'])
    .orderBy('id')
    .execute();
  const fees = await ctx.db
    .selectFrom('pay_in_fees')
    .select(['send_currency', 'method', 'fee_bps'])
    .orderBy('send_currency')
    .orderBy('method')
    .execute();
  const snapshot = await ctx.db
    .selectFrom('fx_rates')
    .select(['id', 'currency', sql<string>`rate::text`.as('rate'), 'as_of'])
    .where('source', '=', 'snapshot')
    .orderBy('id')
    .execute();
  return { methods, lanes, fees, snapshot };
}

describe('corridor seeds', () => {
  it('are idempotent: seeding again leaves the same rows with the same ids', async () => {
    const before = await referenceRows();
    await seedReferenceData(ctx.db);
    await seedReferenceData(ctx.db);
    expect(await referenceRows()).toEqual(before);
    expect(before.lanes).toHaveLength(before.methods.length * SEND_CURRENCIES.length);
    expect(before.fees).toHaveLength(SEND_CURRENCIES.length * 2);
    expect(before.snapshot.map((r) => r.currency).sort()).toEqual(Object.keys(RATES_SNAPSHOT.rates).sort());
  });

  it('give every corridor bounds with min < max and a margin, from every send currency', () => {
    const all = corridorCatalog.all();
    expect(all.length).toBeGreaterThan(0);
    for (const t of all) {
      const label = `${t.sendCurrency}→${t.country}/${t.currency}/${t.method}`;
      expect(t.min, label).toBeGreaterThan(0n);
      expect(t.min, label).toBeLessThan(t.max);
      expect(t.payoutMin, label).toBeGreaterThan(0n);
      expect(t.payoutMin, label).toBeLessThan(t.payoutMax);
      if (t.sendCurrency === t.currency) expect(t.marginBps, label).toBe(0);
      else expect(t.marginBps, label).toBeGreaterThan(0);
      expect(t.partnerFee > 0n, label).toBe(t.method === 'cash_pickup');
    }
    expect(corridorCatalog.corridor('GBP', 'KE', 'KES', 'mobile_wallet')).toMatchObject({
      min: 100n,
      max: 200_000n,
      feeFixed: 79n,
      feeBps: 45,
      marginBps: 100,
      payoutMax: 25_000_000n,
    });
    expect(corridorCatalog.corridor('GBP', 'KE', 'KES', 'cash_pickup')).toBeUndefined();
    expect(corridorCatalog.payInFees('EUR')).toEqual([
      { method: 'bank_transfer', feeFixed: 0n, feeBps: 0 },
      { method: 'card', feeFixed: 0n, feeBps: 100 },
    ]);
  });
});

describe('GET /client/v1/corridors', () => {
  it('answers 401 without a session', async () => {
    expect((await new Client(ctx.app).get(e.listCorridors.path)).statusCode).toBe(401);
  });

  it('lists the send currencies and at least 20 destinations, each with a payout method', async () => {
    const body = await corridors();
    expect(body.send_currencies).toEqual(['GBP', 'EUR', 'USD', 'CAD', 'AUD', 'NZD', 'SGD', 'AED']);
    expect(body.destinations.length).toBeGreaterThanOrEqual(20);
    const names = body.destinations.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    for (const d of body.destinations) {
      expect(d.currencies.length, d.country).toBeGreaterThanOrEqual(1);
      for (const c of d.currencies) {
        expect(c.payout_methods.length, `${d.country} ${c.currency}`).toBeGreaterThanOrEqual(1);
        for (const m of c.payout_methods) {
          const label = `${d.country} ${c.currency} ${m.method}`;
          expect(BigInt(m.min_amount), label).toBeLessThan(BigInt(m.max_amount));
          expect(m.delivery_hours.min, label).toBeLessThanOrEqual(m.delivery_hours.max);
          expect(m.delivery_estimate, label).not.toBe('');
          expect(m.providers.length > 0, label).toBe(m.method !== 'bank_account');
          expect(
            m.pricing.map((p) => p.send_currency),
            label,
          ).toEqual(body.send_currencies);
          for (const p of m.pricing) expect(BigInt(p.min_amount), label).toBeLessThan(BigInt(p.max_amount));
        }
      }
    }
    expect(body.pay_in_methods.map((p) => p.method)).toEqual(['bank_transfer', 'card']);
  });

  it('has the payout methods of docs/product/money-movement.md#corridors', async () => {
    const body = await corridors();
    const methods = (country: string) =>
      Object.fromEntries(
        body.destinations
          .find((d) => d.country === country)!
          .currencies.flatMap((c) =>
            c.payout_methods.map((m) => [`${c.currency}:${m.method}`, m.providers.map((p) => p.code)]),
          ),
      );
    expect(methods('KE')).toEqual({ 'KES:bank_account': [], 'KES:mobile_wallet': ['mpesa', 'airtel_money'] });
    expect(methods('PH')).toMatchObject({
      'PHP:bank_account': [],
      'PHP:mobile_wallet': expect.arrayContaining(['gcash']),
    });
    expect(Object.keys(methods('PH'))).toContain('PHP:cash_pickup');
    expect(methods('BD')).toMatchObject({ 'BDT:mobile_wallet': expect.arrayContaining(['bkash']) });
    expect(Object.keys(methods('BD'))).toEqual(['BDT:bank_account', 'BDT:mobile_wallet', 'BDT:cash_pickup']);
    expect(methods('PK')).toMatchObject({ 'PKR:mobile_wallet': ['jazzcash', 'easypaisa'] });
    expect(Object.keys(methods('PK'))).toEqual(['PKR:bank_account', 'PKR:mobile_wallet', 'PKR:cash_pickup']);
    expect(Object.keys(methods('MX'))).toEqual(['MXN:bank_account', 'MXN:cash_pickup']);
    const banks: [string, CurrencyCode][] = [
      ['IN', 'INR'],
      ['BR', 'BRL'],
      ['TH', 'THB'],
      ['KR', 'KRW'],
      ['VN', 'VND'],
      ['NG', 'NGN'],
      ['GH', 'GHS'],
      ['UG', 'UGX'],
      ['TZ', 'TZS'],
      ['US', 'USD'],
      ['CA', 'CAD'],
      ['GB', 'GBP'],
      ['DE', 'EUR'],
      ['FR', 'EUR'],
      ['IE', 'EUR'],
    ];
    for (const [country, currency] of banks)
      expect(Object.keys(methods(country))).toContain(`${currency}:bank_account`);
    // KES 250,000 per M-Pesa payout: minor units of the destination currency; UGX has no minor unit.
    const ke = body.destinations.find((d) => d.country === 'KE')!.currencies[0]!.payout_methods[1]!;
    expect(ke).toMatchObject({ method: 'mobile_wallet', min_amount: '1000', max_amount: '25000000' });
    expect(ke.pricing[0]).toEqual({
      send_currency: 'GBP',
      min_amount: '100',
      max_amount: '200000',
      fee_fixed: '79',
      fee_bps: 45,
      partner_fee: '0',
      margin_bps: 100,
    });
    const ug = body.destinations.find((d) => d.country === 'UG')!.currencies[0]!.payout_methods[0]!;
    expect(ug).toMatchObject({ method: 'bank_account', min_amount: '10000', max_amount: '50000000' });
  });
});

describe('mid-market rates in the embedded default (sandbox provider)', () => {
  it('has a fresh rate for every send currency to every destination currency', async () => {
    const { rates } = ctx.app.services;
    const targets = new Set(corridorCatalog.all().map((t) => t.currency));
    for (const source of SEND_CURRENCIES) {
      for (const target of targets) {
        const mid = await rates.midMarket(source, target);
        expect(mid.rate, `${source}→${target}`).toMatch(/^[0-9]+(\.[0-9]+)?$/);
        expect(mid.as_of).toBe(ctx.clock.now().toISOString());
      }
    }
    expect((await rates.midMarket('GBP', 'KES')).rate).toBe('170.7177907');
    expect((await rates.midMarket('EUR', 'GBP')).rate).toBe('0.8763');
    expect((await rates.midMarket('GBP', 'GBP')).rate).toBe('1');
  });

  it('refuses a rate older than RATES_MAX_AGE_HOURS with a clear message, until the next refresh', async () => {
    const { rates } = ctx.app.services;
    const start = ctx.clock.now();
    try {
      ctx.clock.advance(72 * 3_600_000);
      await expect(rates.midMarket('GBP', 'PHP')).resolves.toMatchObject({ as_of: start.toISOString() });
      ctx.clock.advance(1);
      await expect(rates.midMarket('GBP', 'PHP')).rejects.toMatchObject({
        status: 422,
        fieldErrors: {
          target_currency: [
            `We can't quote GBP to PHP right now: our latest exchange rate is from ${start.toISOString().slice(0, 16).replace('T', ' ')} UTC, more than 72 hours ago. Please try again later.`,
          ],
        },
      });
      // The sandbox dates its rates at the start of the hour.
      await rates.refresh();
      await expect(rates.midMarket('GBP', 'PHP')).resolves.toMatchObject({
        as_of: new Date(start.getTime() + 72 * 3_600_000).toISOString(),
      });
    } finally {
      ctx.clock.set(start);
      await ctx.db.deleteFrom('fx_rates').where('source', '=', 'sandbox').where('as_of', '>', start).execute();
    }
  });
});
