// QuoteExpiring (docs/product/realtime.md#events, docs/product/money-movement.md#quotes): pushed to
// the customer a minute before a quote expires; here after a 20 ms delay instead.
import { Quote, quotesEndpoints as e } from '@remit/contract';
import { describe, expect, it, vi } from 'vitest';
import { Client, useTestApp } from '../helpers.ts';

const ctx = useTestApp({ overrides: { quoteExpiringDelayMs: 20 } });

describe('QuoteExpiring', () => {
  it('is pushed with the quote id and its expiry', async () => {
    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
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
    const q = Quote.parse(res.json());
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith(me.id, 'QuoteExpiring', { quote_id: q.id, expires_at: q.expires_at }),
    );
    expect(ctx.app.services.quoteTimers.pending).toBe(0);
  });

  it('arms a timer a minute before expiry by default, cleared on close', async () => {
    const { QuoteExpiryTimers } = await import('../../src/modules/quotes/quote-expiry.ts');
    vi.useFakeTimers();
    try {
      const committed = vi.fn(() => Promise.resolve());
      const now = new Date('2030-01-01T09:00:00.000Z');
      const timers = new QuoteExpiryTimers({ uow: { committed }, now: () => now });
      timers.arm('c1', 'q1', new Date(now.getTime() + 1_800_000));
      vi.advanceTimersByTime(1_739_999);
      expect(committed).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(committed).toHaveBeenCalledTimes(1);
      timers.arm('c1', 'q2', new Date(now.getTime() + 1_800_000));
      expect(timers.pending).toBe(1);
      timers.close();
      vi.advanceTimersByTime(2_000_000);
      expect(committed).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
