// QuoteExpiring (docs/product/realtime.md#events, docs/product/money-movement.md#quotes): pushed to
// the customer a minute before a quote expires, by a durable job scheduled with the quote
// (docs/product/system.md#durable-jobs). The test clock moves; the jobs run when asked.
import { Quote, quotesEndpoints as e } from '@remit/contract';
import { describe, expect, it, vi } from 'vitest';
import { QUOTE_EXPIRING_JOB } from '../../src/modules/quotes/quote-expiry.ts';
import { Client, useTestApp } from '../helpers.ts';

const ctx = useTestApp();

async function newQuote(): Promise<{ customerId: string; quote: Quote }> {
  const client = new Client(ctx.app);
  const me = await client.signUp();
  const res = await client.post(e.createQuote.path, {
    source_currency: 'GBP',
    target_country: 'KE',
    target_currency: 'KES',
    payout_method: 'mobile_wallet',
    source_amount: '10000',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { customerId: me.id, quote: Quote.parse(res.json()) };
}

describe('QuoteExpiring', () => {
  it('is scheduled with the quote and pushed a minute before it expires, once', async () => {
    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
    const { customerId, quote } = await newQuote();
    const jobs = await ctx.db.selectFrom('jobs').select(['name', 'run_at', 'unique_key']).execute();
    expect(jobs).toEqual([
      {
        name: QUOTE_EXPIRING_JOB,
        run_at: new Date(Date.parse(quote.expires_at) - 60_000),
        unique_key: `${QUOTE_EXPIRING_JOB}:${quote.id}`,
      },
    ]);

    ctx.clock.advance(29 * 60_000 - 1);
    await ctx.app.services.jobs.runDue();
    expect(notify).not.toHaveBeenCalledWith(customerId, 'QuoteExpiring', expect.anything());

    ctx.clock.advance(1);
    await ctx.app.services.jobs.runDue();
    expect(notify).toHaveBeenCalledWith(customerId, 'QuoteExpiring', {
      quote_id: quote.id,
      expires_at: quote.expires_at,
    });
    ctx.clock.advance(60_000);
    await ctx.app.services.jobs.runDue();
    expect(notify.mock.calls.filter(([, event]) => event === 'QuoteExpiring')).toHaveLength(1);
  });

  it('says nothing for a quote used meanwhile, or when the job runs after the quote expired', async () => {
    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
    const used = await newQuote();
    await ctx.db.updateTable('quotes').set({ used_at: ctx.clock.now() }).where('id', '=', used.quote.id).execute();
    const late = await newQuote();
    ctx.clock.advance(31 * 60_000); // an outage: the job runs after the expiry
    await ctx.app.services.jobs.runDue();
    expect(notify).not.toHaveBeenCalledWith(expect.anything(), 'QuoteExpiring', expect.anything());
    const done = await ctx.db.selectFrom('jobs').select('status').execute();
    expect(done.map((j) => j.status)).toEqual(['done', 'done']);
    expect(late.quote.id).not.toBe(used.quote.id);
  });
});
