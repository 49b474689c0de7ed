// Mid-market rates (docs/product/money-movement.md#corridors): the ECB daily reference rates file
// (a sample in its exact format, served by a local http server), refreshes that store new rates,
// a failed refresh that keeps the old ones, the refresh job, and quotes refused on a rate too old.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseRate } from '@remit/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { EcbRatesProvider, parseEcbDaily } from '../../src/adapters/fx-rates/index.ts';
import { ecbReferenceTime } from '../../src/adapters/fx-rates/ecb-provider.ts';
import { RATES_SNAPSHOT } from '../../src/db/seeds/rates-snapshot.ts';
import { crossRate } from '../../src/modules/corridors/cross-rate.ts';
import { RatesRefreshJob } from '../../src/modules/corridors/rates-refresh-job.ts';
import { useTestApp } from '../helpers.ts';

const FIXTURE = readFileSync(new URL('./fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');

/** What the local "ECB" answers next. */
const ecb = { status: 200, body: FIXTURE, hits: 0 };
const server = createServer((_req, res) => {
  ecb.hits += 1;
  res.writeHead(ecb.status, { 'content-type': 'text/xml' }).end(ecb.body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const ecbUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stats/eurofxref/eurofxref-daily.xml`;

const ctx = useTestApp({ env: { RATES_PROVIDER: 'ecb', RATES_ECB_URL: ecbUrl } });
// Monday 23 November 2026, 16:00 UTC: the fixture's rates (set at 14:15 CET) are under 2 hours old.
const MONDAY = new Date('2026-11-23T16:00:00.000Z');
ctx.clock.set(MONDAY);

beforeEach(async () => {
  ctx.clock.set(MONDAY);
  ecb.status = 200;
  ecb.body = FIXTURE;
  // Only the snapshot: what earlier files (one PostgreSQL database) or tests stored goes.
  await ctx.db.deleteFrom('fx_rates').where('source', '<>', 'snapshot').execute();
});

afterAll(async () => {
  await ctx.db?.deleteFrom('fx_rates').where('source', '<>', 'snapshot').execute();
  await new Promise((resolve) => server.close(resolve));
});

describe('the ECB daily reference rates file', () => {
  it('is read into EUR-based rates dated 14:15 Frankfurt time, AED through its US dollar peg', () => {
    const set = parseEcbDaily(FIXTURE);
    expect(set.asOf.toISOString()).toBe('2026-11-23T13:15:00.000Z');
    const byCurrency = Object.fromEntries(set.rates.map((r) => [r.currency, r]));
    expect(byCurrency.GBP).toEqual({ currency: 'GBP', rate: '0.87815', source: 'ecb' });
    expect(byCurrency.KRW).toEqual({ currency: 'KRW', rate: '1688.45', source: 'ecb' });
    expect(byCurrency.AED).toEqual({ currency: 'AED', rate: '4.2608345', source: 'ecb-usd-peg' });
    // Only currencies the product knows; the ECB publishes no KES, NGN, BDT...
    expect(byCurrency.ZAR).toBeUndefined();
    expect(byCurrency.KES).toBeUndefined();
    expect(byCurrency.EUR).toBeUndefined();
  });

  it('uses CEST in summer', () => {
    expect(ecbReferenceTime('2026-07-01').toISOString()).toBe('2026-07-01T12:15:00.000Z');
    expect(ecbReferenceTime('2026-03-27').toISOString()).toBe('2026-03-27T13:15:00.000Z');
    expect(ecbReferenceTime('2026-03-30').toISOString()).toBe('2026-03-30T12:15:00.000Z');
    expect(ecbReferenceTime('2026-10-26').toISOString()).toBe('2026-10-26T13:15:00.000Z');
  });

  it('is refused when it is not one dated set of well-formed rates', () => {
    expect(() => parseEcbDaily('<html>maintenance</html>')).toThrow(/one reference date/);
    expect(() => parseEcbDaily(FIXTURE.replace("rate='0.87815'", "rate='0,87815'"))).toThrow(/bad rate for GBP/);
    expect(() => parseEcbDaily(FIXTURE.replace("rate='0.87815'", "rate='-1'"))).toThrow(/bad rate for GBP/);
    expect(() =>
      parseEcbDaily(FIXTURE.replace("<Cube currency='USD'", "</Cube><Cube time='2026-11-20'><Cube currency='USD'")),
    ).toThrow(/one reference date, found 2/);
    expect(() => parseEcbDaily(FIXTURE.replace("time='2026-11-23'", "time='2026-02-30'"))).toThrow(/not a date/);
  });

  it('is fetched over http, and a failed answer is an error', async () => {
    const provider = new EcbRatesProvider({ url: ecbUrl });
    expect((await provider.fetchRates()).rates.length).toBeGreaterThan(10);
    ecb.status = 503;
    ecb.body = 'Service Unavailable';
    await expect(provider.fetchRates()).rejects.toThrow(/answered 503/);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = new EcbRatesProvider({ url: `http://127.0.0.1:${port}/eurofxref-daily.xml` });
    await expect(nowhere.fetchRates()).rejects.toThrow(/unreachable \(.*ECONNREFUSED/);
  });
});

describe('refreshing the rates', () => {
  it('stores the new rates, which the mid-market rate then uses', async () => {
    const { rates } = ctx.app.services;
    // Before: the snapshot of Friday 20 November, 74 h 45 min old, too old to quote on.
    await expect(rates.midMarket('GBP', 'USD')).rejects.toMatchObject({ status: 422 });

    expect(await rates.refresh()).toMatchObject({ provider: 'ecb', as_of: '2026-11-23T13:15:00.000Z' });
    const mid = await rates.midMarket('GBP', 'USD');
    expect(mid).toMatchObject({ rate: '1.321186585', as_of: '2026-11-23T13:15:00.000Z' });
    expect(mid.value).toEqual(crossRate(parseRate('0.87815'), parseRate('1.1602')));
    expect((await rates.midMarket('EUR', 'AED')).rate).toBe('4.2608345');
    expect((await rates.midMarket('USD', 'PHP')).rate).toBe('58.87777969');

    // The ECB has no Kenyan shilling: it stays at the snapshot's, and is refused as too old.
    await expect(rates.midMarket('GBP', 'KES')).rejects.toMatchObject({
      fieldErrors: { target_currency: [expect.stringContaining('from 2026-11-20 13:15 UTC, more than 72 hours ago')] },
    });
    const stored = await ctx.db.selectFrom('fx_rates').select(['source']).where('source', '<>', 'snapshot').execute();
    expect(stored).toHaveLength(parseEcbDaily(FIXTURE).rates.length);

    // The same file again changes nothing but when it was fetched.
    await rates.refresh();
    expect(await ctx.db.selectFrom('fx_rates').select('id').where('source', '<>', 'snapshot').execute()).toHaveLength(
      stored.length,
    );
  });

  it('keeps the last good rates when the provider fails', async () => {
    const { rates } = ctx.app.services;
    await rates.refresh();
    const before = await rates.latest();

    ctx.clock.advance(3_600_000);
    ecb.status = 500;
    ecb.body = 'oops';
    await expect(rates.refresh()).rejects.toThrow(/answered 500/);
    ecb.status = 200;
    ecb.body = '<gesmes:Envelope><Cube><Cube time="2026-11-24"></Cube></Cube></gesmes:Envelope>';
    await expect(rates.refresh()).rejects.toThrow(/no rates/);

    expect(await rates.latest()).toEqual(before);
    await expect(rates.midMarket('GBP', 'USD')).resolves.toMatchObject({ rate: '1.321186585' });
  });

  it('refuses quotes on a rate older than RATES_MAX_AGE_HOURS (72 h: a weekend), with a clear message', async () => {
    const { rates } = ctx.app.services;
    await rates.refresh();
    // Friday's rates still quote on Monday morning...
    ctx.clock.set(new Date('2026-11-26T13:15:00.000Z'));
    await expect(rates.midMarket('GBP', 'USD')).resolves.toMatchObject({ as_of: '2026-11-23T13:15:00.000Z' });
    // ... and no longer once 72 hours have passed.
    ctx.clock.advance(1000);
    const refused = await rates.midMarket('GBP', 'USD').catch((err: unknown) => err);
    expect(refused).toMatchObject({
      status: 422,
      message:
        "We can't quote GBP to USD right now: our latest exchange rate is from 2026-11-23 13:15 UTC, more than 72 hours ago. Please try again later.",
    });
  });

  it('names a currency without any rate', async () => {
    await ctx.db.deleteFrom('fx_rates').where('currency', '=', 'VND').where('source', '=', 'snapshot').execute();
    try {
      await expect(ctx.app.services.rates.midMarket('GBP', 'VND')).rejects.toMatchObject({
        status: 422,
        message: 'We have no exchange rate for GBP to VND yet. Please try again later.',
      });
    } finally {
      const at = new Date(RATES_SNAPSHOT.asOf);
      await ctx.db
        .insertInto('fx_rates')
        .values({ currency: 'VND', rate: RATES_SNAPSHOT.rates.VND, as_of: at, source: 'snapshot', fetched_at: at })
        .execute();
    }
  });
});

describe('the refresh job', () => {
  function logger() {
    const lines: { level: string; msg: string }[] = [];
    const log = {
      info: (_obj: unknown, msg: string) => lines.push({ level: 'info', msg }),
      warn: (_obj: unknown, msg: string) => lines.push({ level: 'warn', msg }),
    } as unknown as FastifyBaseLogger;
    return { log, lines };
  }

  it('is the periodic task rates.refresh, run once per tick by one instance (docs/product/system.md#several-instances)', async () => {
    expect(ctx.app.services.periodic.names()).toContain('rates.refresh');
    const before = ecb.hits;
    expect(await ctx.app.services.periodic.schedule()).toBeGreaterThan(0);
    await ctx.app.services.jobs.runDue();
    expect(ecb.hits).toBe(before + 1);
  });

  it('logs a failure without throwing; stop waits for a refresh under way', async () => {
    const { log, lines } = logger();
    let calls = 0;
    let finish = () => {};
    const job = new RatesRefreshJob({
      rates: {
        providerName: 'test',
        refresh: async () => {
          calls += 1;
          if (calls === 2) throw new Error('network down');
          if (calls === 3) await new Promise<void>((ok) => (finish = ok));
          return { provider: 'test', as_of: MONDAY.toISOString(), currencies: ['USD'] };
        },
      },
      log,
    });
    await job.runOnce();
    await job.runOnce();
    const third = job.runOnce();
    // A refresh still running is not started again.
    expect(job.runOnce()).toBe(third);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(calls).toBe(3);
    expect(lines).toEqual([
      { level: 'info', msg: 'rates refreshed from test' },
      { level: 'warn', msg: 'rates refresh from test failed; the last rates stay' },
      { level: 'info', msg: 'rates refreshed from test' },
    ]);
  });
});

describe('RATES_REFRESH_MINUTES=0', () => {
  const off = useTestApp({ env: { RATES_PROVIDER: 'ecb', RATES_ECB_URL: ecbUrl, RATES_REFRESH_MINUTES: '0' } });

  it('schedules no rates refresh', () => {
    expect(off.app.services.periodic.names()).not.toContain('rates.refresh');
    expect(off.app.services.periodic.names()).toContain('transfers.sweep-idempotency-keys');
  });
});

describe('cross rates', () => {
  it('divide exactly and round down to 10 significant digits', () => {
    const r = (a: string, b: string) => crossRate(parseRate(a), parseRate(b));
    expect(r('0.8763', '149.6')).toEqual({ value: 1707177907n, scale: 7 });
    expect(r('1', '0.8763')).toEqual({ value: 8763n, scale: 4 });
    expect(r('30480', '0.8763')).toEqual({ value: 2875n, scale: 8 });
    expect(r('3', '1')).toEqual({ value: 3333333333n, scale: 10 });
    expect(r('1', '30480')).toEqual({ value: 30480n, scale: 0 });
  });
});
